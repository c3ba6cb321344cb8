import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toaster';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';
import { mockApi, page } from '@/test/render';
import { createAppRouter } from './router';

const session = vi.hoisted(() => ({ signedIn: false }));
// The Analytics page fails to render while `broken`, to show its area's error component.
const analytics = vi.hoisted(() => ({ broken: false }));
vi.mock('@/features/analytics/analytics-page', () => ({
  AnalyticsPage: () => {
    if (analytics.broken) throw new Error('The charts could not be drawn');
    return <h1>Analytics</h1>;
  },
}));
vi.mock('@/lib/auth', () => ({
  hasStoredSession: () => session.signedIn,
  getIdToken: async () => (session.signedIn ? 'id-token' : null),
  signOut: async () => {},
  loadAmplify: async () => ({}),
}));

const user = {
  id: 'u1',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Whitaker',
  profileImageUrl: null,
  role: 'ADMIN',
  createdAt: '2025-01-01T00:00:00.000Z',
  organization: { id: 'o1', name: 'Harborview', plan: 'STARTER' },
};
const stats = {
  totalInvoices: 0,
  processingQueue: 0,
  monthlyTotal: 0,
  aiAccuracy: 0,
  reviewQueue: 7,
  byStatus: {},
  lastActivityAt: null,
  connectedIntegrations: 0,
};

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <ThemeProvider defaultTheme="light">
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

beforeEach(() => {
  mockApi({
    'GET /api/auth/user': { body: user },
    'GET /api/stats': { body: stats },
    'GET /api/invoices': { body: page([]) },
    'GET /api/notifications': { body: { ...page([]), unread: 0 } },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.signedIn = false;
  setUnauthorizedHandler(null);
});

describe('routes for a visitor', () => {
  it('serves the landing page at /', async () => {
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /AI-powered invoice processing/ }),
    ).toBeInTheDocument();
  });

  it('a stored session the API refuses: the landing page shows and the logged-out handling runs', async () => {
    session.signedIn = true;
    const loggedOut = vi.fn();
    setUnauthorizedHandler(loggedOut);
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } } });
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /AI-powered invoice processing/ }),
    ).toBeInTheDocument();
    await waitFor(() => expect(loggedOut).toHaveBeenCalledTimes(1));
  });

  it('an app page such as /invoices: the landing page shows and the logged-out handling runs', async () => {
    const loggedOut = vi.fn();
    setUnauthorizedHandler(loggedOut);
    const router = renderAt('/invoices');
    expect(
      await screen.findByRole('heading', { level: 1, name: /AI-powered invoice processing/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Did you forget to add the page to the router?')).not.toBeInTheDocument();
  });

  it('a path that is no page is the 404 page', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });
});

describe('routes for a signed-in user', () => {
  beforeEach(() => {
    session.signedIn = true;
  });

  it('shows the shell with the review count badge on Invoices', async () => {
    renderAt('/invoices');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoices' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Primary' });
    // The count comes from its own query, which may answer after the page's heading renders.
    await waitFor(() => expect(nav).toHaveTextContent('7'));
    expect(screen.getByText('Dana Whitaker')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');
    expect(screen.getByRole('link', { name: 'Upload Invoice' })).toHaveAttribute('href', '/upload');
  });

  it("validates the Properties page's search: the text is kept, a page that is not a number is dropped", async () => {
    const { calls } = mockApi({
      'GET /api/auth/user': { body: user },
      'GET /api/stats': { body: stats },
      'GET /api/notifications': { body: { ...page([]), unread: 0 } },
      'GET /api/properties': { body: page([]) },
    });
    const router = renderAt('/properties?q=maple&page=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Property Management/ }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search properties' })).toHaveValue('maple');
    expect(router.state.location.search).toEqual({ q: 'maple' });
    const list = calls.find((c) => c.url.pathname === '/api/properties');
    expect(list?.url.searchParams.get('search')).toBe('maple');
    expect(await screen.findByText('No properties match your search')).toBeInTheDocument();
  });

  it('offers a viewer no Upload Invoice button in the header (a viewer cannot upload), an admin one', async () => {
    mockApi({
      'GET /api/auth/user': { body: { ...user, role: 'VIEWER' } },
      'GET /api/stats': { body: stats },
      'GET /api/invoices': { body: page([]) },
      'GET /api/notifications': { body: { ...page([]), unread: 0 } },
    });
    renderAt('/invoices');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoices' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload Invoice' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logout' })).toBeInTheDocument();
  });

  it('a sign-in link followed while signed in lands on the dashboard, without the form', async () => {
    const router = renderAt('/?auth=signIn');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it("the Invoices route's loader asks for the first page once, as the page asks for it", async () => {
    const { calls } = mockApi({
      'GET /api/auth/user': { body: user },
      'GET /api/stats': { body: stats },
      'GET /api/notifications': { body: { ...page([]), unread: 0 } },
      'GET /api/invoices': { body: page([]) },
    });
    renderAt('/invoices?filter=processed');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoices' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    const lists = calls.filter((c) => c.url.pathname === '/api/invoices');
    expect(lists).toHaveLength(1);
    expect(Object.fromEntries(lists[0].url.searchParams)).toEqual({
      processingStatus: 'processed',
      limit: '12',
    });
  });

  it("a page that fails to render shows its area's error, and Try again shows the page", async () => {
    analytics.broken = true;
    const { default: userEvent } = await import('@testing-library/user-event');
    renderAt('/analytics');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Analytics could not be shown');
    expect(alert).toHaveTextContent('The charts could not be drawn');
    expect(screen.getByRole('heading', { name: 'Analytics could not be shown' })).toHaveFocus();
    // The shell stays usable around the failed page.
    expect(screen.getByRole('navigation', { name: 'Primary' })).toBeInTheDocument();
    analytics.broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
  }, 15_000);

  it('shows the 404 page for unknown paths', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
