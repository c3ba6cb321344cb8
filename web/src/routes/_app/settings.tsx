import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';
import { statsQueryOptions } from '@/features/stats/api/get-stats';
import { ensureQueryStarted } from '@/lib/query-client';

export const Route = createFileRoute('/_app/settings')({
  // The Overview tab, open first, shows the statistics.
  loader: ({ context }) => ensureQueryStarted(context.queryClient, statsQueryOptions()),
  component: lazyRouteComponent(() => import('@/features/settings/settings-page'), 'SettingsPage'),
  errorComponent: (props) => <RouteError {...props} area="Settings" />,
});
