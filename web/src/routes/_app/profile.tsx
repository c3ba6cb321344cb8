import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { ensureQueryStarted } from '@/lib/query-client';

export const Route = createFileRoute('/_app/profile')({
  loader: ({ context }) => ensureQueryStarted(context.queryClient, profileQueryOptions()),
  component: lazyRouteComponent(() => import('@/features/profile/profile-page'), 'ProfilePage'),
  errorComponent: (props) => <RouteError {...props} area="Your profile" />,
});
