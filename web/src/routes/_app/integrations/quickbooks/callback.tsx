import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';

/** Intuit's redirect after the QuickBooks consent (the redirect URI registered with the Intuit app). */
export const Route = createFileRoute('/_app/integrations/quickbooks/callback')({
  component: lazyRouteComponent(
    () => import('@/features/settings/quickbooks-callback-page'),
    'QuickBooksCallbackPage',
  ),
  errorComponent: (props) => <RouteError {...props} area="QuickBooks" />,
});
