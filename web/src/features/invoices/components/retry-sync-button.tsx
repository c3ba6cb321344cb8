import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useRetrySync } from '@/features/invoices/api/retry-sync';
import { errorDetail } from '@/lib/api-client';

/** Sends the invoice again to the integrations whose sync failed for good. */
export function RetrySyncButton({ invoiceId }: { invoiceId: string }) {
  const retry = useRetrySync();
  return (
    <Button
      variant="outline"
      size="sm"
      className="justify-self-start"
      disabled={retry.isPending}
      onClick={() =>
        retry.mutate(invoiceId, {
          onSuccess: () =>
            toast({ title: 'Success', description: 'The sync is being retried.', variant: 'success' }),
          onError: (e) =>
            toast({ title: 'Retry sync failed', description: errorDetail(e), variant: 'destructive' }),
        })
      }
    >
      {retry.isPending ? <Spinner /> : <RefreshCw aria-hidden />} Retry sync
    </Button>
  );
}
