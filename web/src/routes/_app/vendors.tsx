import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';
import { vendors } from '@/features/vendors/api/vendors';
import { ensureQueryStarted } from '@/lib/query-client';
import { validateListSearch } from '@/lib/search';

export const Route = createFileRoute('/_app/vendors')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.page) ensureQueryStarted(context.queryClient, vendors.api.firstPageOptions(deps.q));
  },
  component: lazyRouteComponent(() => import('@/features/vendors/vendors-page'), 'VendorsPage'),
  errorComponent: (props) => <RouteError {...props} area="Vendors" />,
});
