import { useNavigate } from '@tanstack/react-router';
import { Plug } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoader } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDetail } from '@/lib/api-client';
import { useFinishQuickBooksConnect } from './api/connect-quickbooks';

/**
 * Where Intuit sends the browser back after consent (`?code&state&realmId`, or `?error` when refused).
 * The code is handed to the API once (a state works once), then the person is back on the Integrations tab.
 */
export function QuickBooksCallbackPage() {
  const finish = useFinishQuickBooksConnect();
  const navigate = useNavigate();
  const sent = useRef(false);
  const query = new URLSearchParams(window.location.search);
  const refused = query.get('error');
  useEffect(() => {
    if (sent.current || refused) return;
    sent.current = true;
    finish.mutate(
      { code: query.get('code') ?? '', state: query.get('state') ?? '', realmId: query.get('realmId') ?? '' },
      {
        onSuccess: (integration) => {
          toast({
            title: 'QuickBooks connected',
            description: `${integration.name} will receive approved invoices.`,
            variant: 'success',
          });
          void navigate({ to: '/settings', hash: 'integrations', replace: true });
        },
      },
    );
  });
  if (refused || finish.isError)
    return (
      <EmptyState
        icon={Plug}
        tone="error"
        title="QuickBooks was not connected"
        description={refused ? `QuickBooks answered: ${refused}` : errorDetail(finish.error)}
      />
    );
  return <PageLoader />;
}
