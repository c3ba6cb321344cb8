import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  type RouterHistory,
  useNavigate,
  useRouterState,
  useSearch,
} from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import { PageLoader } from '../components/ui/spinner';
import { useSession } from '../features/auth/api/get-user';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/misc/not-found-page';
import { notifyUnauthorized } from '../lib/api-client';
import { signOut } from '../lib/auth';
import { validateHomeSearch, validateInvoicesSearch, validateListSearch } from './search';

function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const AppShell = lazy(async () => ({ default: (await import('../features/shell/app-shell')).AppShell }));
const AuthDialog = lazy(async () => ({
  default: (await import('../features/auth/components/auth-dialog')).AuthDialog,
}));

const DashboardPage = lazyNamed(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const InvoicesPage = lazyNamed(() => import('../features/invoices/invoices-page'), 'InvoicesPage');
const UploadPage = lazyNamed(() => import('../features/upload/upload-page'), 'UploadPage');
const VendorsPage = lazyNamed(() => import('../features/vendors/vendors-page'), 'VendorsPage');
const PropertiesPage = lazyNamed(() => import('../features/properties/properties-page'), 'PropertiesPage');
const AnalyticsPage = lazyNamed(() => import('../features/analytics/analytics-page'), 'AnalyticsPage');
const SettingsPage = lazyNamed(() => import('../features/settings/settings-page'), 'SettingsPage');
const QuickBooksCallbackPage = lazyNamed(
  () => import('../features/settings/quickbooks-callback-page'),
  'QuickBooksCallbackPage',
);
const ProfilePage = lazyNamed(() => import('../features/profile/profile-page'), 'ProfilePage');
const JoinPage = lazy(async () => ({ default: (await import('../features/join/join-page')).JoinPage }));
const OrganizationPage = lazyNamed(
  () => import('../features/organization/organization-page'),
  'OrganizationPage',
);

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundGate,
});

/** Unknown paths: the 404 page, inside the shell for a signed-in user. */
function NotFoundGate() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (status === 'authenticated') {
    return (
      <Suspense fallback={<PageLoader />}>
        <AppShell>
          <NotFoundPage signedIn />
        </AppShell>
      </Suspense>
    );
  }
  return <NotFoundPage />;
}

/** Finishes `/?auth=signedOut` (from /api/logout): sign out of Cognito, forget every cached answer. */
function useSignedOutEffect(active: boolean) {
  const navigate = useNavigate();
  const { queryClient } = appRoute.useRouteContext();
  const started = useRef(false);
  useEffect(() => {
    if (!active || started.current) return;
    started.current = true;
    void signOut().finally(() => {
      queryClient.clear();
      started.current = false;
      void navigate({ to: '/', search: {}, replace: true });
    });
  }, [active, navigate, queryClient]);
}

/**
 * The session decides which routes exist: a visitor (or a loading session) only has `/`, the
 * landing page; a signed-in user has the shell and every app route.
 */
function AppGate() {
  const { status, likelySignedIn } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const search = useSearch({ strict: false }) as { auth?: string };
  const navigate = useNavigate();
  const signingOut = pathname === '/' && search.auth === 'signedOut';
  useSignedOutEffect(signingOut);

  const authenticated = status === 'authenticated' && !signingOut;
  // A stored session the API no longer accepts (expired, revoked): the user was logged out.
  const expired = status === 'unauthenticated' && likelySignedIn && !search.auth;
  useEffect(() => {
    if (expired) void signOut().finally(notifyUnauthorized);
  }, [expired]);
  useEffect(() => {
    // A signed-in user sent to the sign-in form (e.g. Back after signing in) just lands on the dashboard.
    if (authenticated && (search.auth === 'signIn' || search.auth === 'signUp')) {
      void navigate({ to: '/', search: {}, replace: true });
    }
  }, [authenticated, search.auth, navigate]);

  if (authenticated) {
    return (
      <Suspense fallback={<PageLoader />}>
        <AppShell>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell>
      </Suspense>
    );
  }
  if (pathname === '/' && (signingOut || status === 'unauthenticated' || !likelySignedIn)) {
    const mode = search.auth === 'signIn' || search.auth === 'signUp' ? search.auth : null;
    return (
      <>
        <LandingPage />
        {mode && status === 'unauthenticated' ? (
          <Suspense fallback={null}>
            <AuthDialog mode={mode} />
          </Suspense>
        ) : null}
      </>
    );
  }
  if (status === 'loading') return <PageLoader />;
  return <NotFoundPage />;
}

const appRoute = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: AppGate });

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  validateSearch: validateHomeSearch,
  component: DashboardPage,
});
const invoicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/invoices',
  validateSearch: validateInvoicesSearch,
  component: InvoicesPage,
});
const uploadRoute = createRoute({ getParentRoute: () => appRoute, path: '/upload', component: UploadPage });
const vendorsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/vendors',
  validateSearch: validateListSearch,
  component: VendorsPage,
});
const propertiesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/properties',
  validateSearch: validateListSearch,
  component: PropertiesPage,
});
const analyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/analytics',
  component: AnalyticsPage,
});
const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  component: SettingsPage,
});
/** Intuit's redirect after the QuickBooks consent (the redirect URI registered with the Intuit app). */
const quickBooksCallbackRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/quickbooks/callback',
  component: QuickBooksCallbackPage,
});
const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/profile',
  component: ProfilePage,
});
const organizationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/organization',
  component: OrganizationPage,
});

/**
 * `/join?token=…`, where an invitation e-mail's link lands: public (the person has no account yet), so
 * it sits beside the session gate rather than under it.
 */
const joinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/join',
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: function Join() {
    const { token } = joinRoute.useSearch();
    return (
      <Suspense fallback={<PageLoader />}>
        <JoinPage token={token} />
      </Suspense>
    );
  },
});

const routeTree = rootRoute.addChildren([
  joinRoute,
  appRoute.addChildren([
    indexRoute,
    invoicesRoute,
    uploadRoute,
    vendorsRoute,
    propertiesRoute,
    analyticsRoute,
    settingsRoute,
    quickBooksCallbackRoute,
    profileRoute,
    organizationRoute,
  ]),
]);

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: false,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

export { indexRoute, invoicesRoute };
