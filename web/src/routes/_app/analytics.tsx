import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';
import { analyticsQueryOptions } from '@/features/analytics/api/get-analytics';
import { ensureQueryStarted } from '@/lib/query-client';

export const Route = createFileRoute('/_app/analytics')({
  loader: ({ context }) => ensureQueryStarted(context.queryClient, analyticsQueryOptions()),
  component: lazyRouteComponent(() => import('@/features/analytics/analytics-page'), 'AnalyticsPage'),
  errorComponent: (props) => <RouteError {...props} area="Analytics" />,
});
