import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';
import { organizationQueryOptions } from '@/features/organization/api/get-organization';
import { ensureQueryStarted } from '@/lib/query-client';

export const Route = createFileRoute('/_app/organization')({
  loader: ({ context }) => ensureQueryStarted(context.queryClient, organizationQueryOptions()),
  component: lazyRouteComponent(
    () => import('@/features/organization/organization-page'),
    'OrganizationPage',
  ),
  errorComponent: (props) => <RouteError {...props} area="The organization" />,
});
