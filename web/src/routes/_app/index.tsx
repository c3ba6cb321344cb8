import { createFileRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RouteError } from '@/app/route-error';
import { LandingPage } from '@/features/landing/landing-page';
import { statsQueryOptions } from '@/features/stats/api/get-stats';
import { ensureQueryStarted } from '@/lib/query-client';
import { validateHomeSearch } from '@/lib/search';

const DashboardPage = lazyRouteComponent(
  () => import('@/features/dashboard/dashboard-page'),
  'DashboardPage',
);
const AuthDialog = lazy(async () => ({
  default: (await import('@/features/auth/components/auth-dialog')).AuthDialog,
}));

/** `/`: the dashboard for a signed-in user, the landing page (with the sign-in form) for a visitor. */
export const Route = createFileRoute('/_app/')({
  validateSearch: validateHomeSearch,
  beforeLoad: ({ context, search }) => {
    // Back after signing in, or a sign-in link followed while signed in: just the dashboard.
    if (context.user && (search.auth === 'signIn' || search.auth === 'signUp')) {
      throw redirect({ to: '/', search: {}, replace: true });
    }
  },
  loader: ({ context }) => {
    if (!context.user) return;
    ensureQueryStarted(context.queryClient, statsQueryOptions());
    // Its code loads beside the shell's; a failure shows when the page renders.
    DashboardPage.preload?.()?.catch(() => undefined);
  },
  component: Home,
  errorComponent: (props) => <RouteError {...props} area="The dashboard" />,
});

function Home() {
  const { user } = Route.useRouteContext();
  const { auth } = Route.useSearch();
  if (user) return <DashboardPage />;
  const mode = auth === 'signIn' || auth === 'signUp' ? auth : null;
  return (
    <>
      <LandingPage />
      {mode ? (
        <Suspense fallback={null}>
          <AuthDialog mode={mode} />
        </Suspense>
      ) : null}
    </>
  );
}
