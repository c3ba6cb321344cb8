import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';
import { properties } from '@/features/properties/api/properties';
import { ensureQueryStarted } from '@/lib/query-client';
import { validateListSearch } from '@/lib/search';

export const Route = createFileRoute('/_app/properties')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.page) ensureQueryStarted(context.queryClient, properties.api.firstPageOptions(deps.q));
  },
  component: lazyRouteComponent(() => import('@/features/properties/properties-page'), 'PropertiesPage'),
  errorComponent: (props) => <RouteError {...props} area="Properties" />,
});
