import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';
import { agingQueryOptions } from '@/features/reports/api/get-aging';
import { todayUtc } from '@/features/reports/lib/report-rules';
import { ensureQueryStarted } from '@/lib/query-client';

export const Route = createFileRoute('/_app/reports')({
  // The first tab, payables aging as of today, starts loading with the page's code.
  loader: ({ context }) => ensureQueryStarted(context.queryClient, agingQueryOptions(todayUtc())),
  component: lazyRouteComponent(() => import('@/features/reports/reports-page'), 'ReportsPage'),
  errorComponent: (props) => <RouteError {...props} area="Reports" />,
});
