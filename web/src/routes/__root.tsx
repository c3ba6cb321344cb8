import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';
import { resolveSession } from '@/app/session';
import { SignedInLayout } from '@/app/signed-in-layout';
import { PageLoader } from '@/components/ui/spinner';
import { NotFoundPage } from '@/features/misc/not-found-page';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => resolveSession(context.queryClient, location),
  component: Outlet,
  // 'Loading...' at once while the session is resolved (spec: the dashboard's loading state).
  pendingComponent: PageLoader,
  pendingMs: 0,
  pendingMinMs: 0,
  notFoundComponent: NotFound,
  errorComponent: (props) => <RouteError {...props} area="This page" />,
});

/** Unknown paths (and app paths for a visitor): the 404 page, inside the shell for a signed-in user. */
function NotFound() {
  const { user } = Route.useRouteContext();
  if (!user) return <NotFoundPage />;
  return (
    <SignedInLayout>
      <NotFoundPage signedIn />
    </SignedInLayout>
  );
}
