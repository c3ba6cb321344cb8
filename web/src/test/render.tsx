import type { User } from '@shared/schemas/entities';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { userQueryKey } from '@/lib/current-user';
import { ThemeProvider } from '@/lib/theme';

/**
 * Renders UI with the app's providers and a router whose every path shows it. `user` is the signed-in
 * person the session knows (its role decides what the invoice dialog offers); none by default.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', user }: { path?: string; user?: Partial<User> } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  if (user) queryClient.setQueryData(userQueryKey, user);
  const rootRoute = createRootRoute({ component: Outlet });
  const page = () => <>{ui}</>;
  const routes = ['/', '/invoices', '/upload', '/vendors', '/properties'].map((p) =>
    createRoute({ getParentRoute: () => rootRoute, path: p, component: page }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(
    <ThemeProvider defaultTheme="light">
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, queryClient, router };
}

/** An answer; `delayMs` holds it back, as a real network would. */
type Answer = { status?: number; body?: unknown; delayMs?: number };
type Handler = (url: URL, init: RequestInit) => Answer | undefined;

/** Replaces fetch with a router of handlers by `METHOD /path`; unknown calls answer 404. */
export function mockApi(handlers: Record<string, Handler | Answer>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body });
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? handler(url, init) : handler;
    if (!answer)
      return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), { status: 404 });
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      statusText: status === 200 ? 'OK' : 'Error',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A valid invoice with overridable fields. */
export function makeInvoice(overrides: Record<string, unknown> = {}) {
  return {
    id: '01HZY3K8M2Q4R5S6T7V8W9XABC',
    organizationId: 'org',
    invoiceNumber: 'INV-1001',
    filename: 'acme.pdf',
    fileName: 'acme.pdf',
    contentType: 'application/pdf',
    fileSize: 2048,
    pageCount: 1,
    vendorId: null,
    vendorName: 'Acme Plumbing Co.',
    vendorAddress: '1 Main St',
    vendorEmail: 'billing@acme.test',
    vendorPhone: null,
    invoiceDate: '2025-01-05',
    dueDate: '2025-02-04',
    subtotal: 1150,
    taxAmount: 98.5,
    totalAmount: 1248.5,
    currency: 'USD',
    status: 'PROCESSED',
    reviewStatus: null,
    processingStatus: 'processed',
    processingStage: 'DONE',
    reviewReasons: [],
    rejectionReason: null,
    aiConfidence: 0.934,
    fieldConfidence: { vendorName: 0.98, totalAmount: 0.91 },
    notes: null,
    propertyId: null,
    categoryId: null,
    categoryName: 'Plumbing',
    syncResults: [],
    uploadedBy: 'u1',
    version: 3,
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export const page = <T,>(items: T[], total = items.length, nextCursor: string | null = null) => ({
  items,
  total,
  nextCursor,
});
