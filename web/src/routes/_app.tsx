import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { loadAppShell, SignedInLayout } from '@/app/signed-in-layout';
import { notifyUnauthorized } from '@/lib/api-client';

/**
 * The app's pages. A visitor (or a session that is no longer valid) is served only `/`, the landing
 * page (spec §2). Opening another page of the app (a bookmark, a link in an e-mail) is being logged
 * out, as on the dashboard: the landing page shows with the toast 'Unauthorized: You are logged out.
 * Logging in again...' and sign-in (`/api/login`) follows after 500 ms. Paths that are no page at all
 * stay the 404 page (the root route's).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    if (!context.user && location.pathname !== '/') {
      notifyUnauthorized();
      throw redirect({ to: '/', search: {}, replace: true });
    }
  },
  // The shell's code loads beside the page's code and data rather than after them (a failure shows
  // when the shell renders).
  loader: ({ context }) => {
    if (context.user) loadAppShell().catch(() => undefined);
  },
  component: AppLayout,
});

/** A signed-in user's pages share the shell; a visitor's landing page has none. */
function AppLayout() {
  const { user } = Route.useRouteContext();
  if (!user) return <Outlet />;
  return (
    <SignedInLayout>
      <Outlet />
    </SignedInLayout>
  );
}
