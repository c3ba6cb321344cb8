import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { loadAppShell, SignedInLayout } from '@/app/signed-in-layout';

/**
 * The app's pages. A visitor (or a session that is no longer valid) is served only `/`, the landing
 * page (spec §2): any other page of the app is the 404 page for them, not a redirect to sign-in.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    if (!context.user && location.pathname !== '/') throw notFound();
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
