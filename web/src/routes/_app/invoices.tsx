import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RouteError } from '@/app/route-error';
import {
  INVOICES_PAGE_SIZE,
  invoicesPageFilters,
  invoicesQueryOptions,
} from '@/features/invoices/api/get-invoices';
import { ensureQueryStarted } from '@/lib/query-client';
import { validateInvoicesSearch } from '@/lib/search';

export const Route = createFileRoute('/_app/invoices')({
  validateSearch: validateInvoicesSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Later pages need the cursor the page before gave; the page itself fetches those.
    if (!deps.page) {
      ensureQueryStarted(
        context.queryClient,
        invoicesQueryOptions({ ...invoicesPageFilters(deps), limit: INVOICES_PAGE_SIZE, cursor: null }),
      );
    }
  },
  component: lazyRouteComponent(() => import('@/features/invoices/invoices-page'), 'InvoicesPage'),
  errorComponent: (props) => <RouteError {...props} area="Invoices" />,
});
