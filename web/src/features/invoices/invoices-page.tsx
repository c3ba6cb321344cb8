import { formatConfidence, formatDate } from '@shared/format';
import type { Invoice, ProcessingStatus } from '@shared/schemas/invoice';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Calendar, Download, Eye, FileText, Trash, Upload } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDetail } from '@/lib/api-client';
import { useUser } from '@/lib/current-user';
import type { InvoicesSearch } from '@/lib/search';
import { cn } from '@/lib/utils';
import { invoicesMatching } from './api/bulk-actions';
import { INVOICES_PAGE_SIZE, invoicesPageFilters, useInvoicePage } from './api/get-invoices';
import { useDeleteInvoice } from './api/invoice-actions';
import { exportInvoicesCsv } from './api/invoice-files';
import { BulkBar } from './components/bulk-bar';
import { CreditBadge } from './components/credit-badge';
import { InvoiceTabsDialog } from './components/invoice-tabs-dialog';
import { StatusBadge } from './components/status-badge';
import { useInvoiceSelection } from './hooks/use-invoice-selection';
import {
  amountDisplay,
  fileNameOf,
  invoiceDisplayNumber,
  invoiceRightsOf,
  vendorDisplay,
} from './lib/invoice-rules';

const FILTERS: { value: ProcessingStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'processed', label: 'Processed' },
  { value: 'processing', label: 'Processing' },
  { value: 'review_needed', label: 'Review Needed' },
];

const filterClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-1.5 text-sm font-medium transition',
    active
      ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
  );

function InvoiceCard({
  invoice,
  onView,
  onDelete,
  deleting,
  selected,
  onSelect,
}: {
  invoice: Invoice;
  onView: () => void;
  /** Absent for a person who may not delete invoices (a viewer). */
  onDelete?: () => void;
  deleting: boolean;
  selected: boolean;
  /** `range`: shift held, select from the invoice selected last to this one. */
  onSelect: (range: boolean) => void;
}) {
  return (
    <Card
      className={cn(
        'flex flex-col p-4 transition hover:shadow-md',
        selected && 'ring-2 ring-brand-500 dark:ring-brand-400',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-brand-600"
            checked={selected}
            aria-label={`Select invoice ${invoiceDisplayNumber(invoice)}`}
            // A checkbox changes on a click (or Space): the click says whether shift was held.
            onChange={(e) => onSelect((e.nativeEvent as MouseEvent).shiftKey === true)}
          />
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
            <FileText className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 className="truncate text-sm font-semibold text-slate-900 dark:text-white">
              {vendorDisplay(invoice)}
            </h2>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">
              #{invoiceDisplayNumber(invoice)} · {fileNameOf(invoice)}
            </p>
          </div>
        </div>
        <StatusBadge status={invoice.status} />
      </div>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-xl font-bold text-slate-900 tabular-nums dark:text-white">
            {amountDisplay(invoice)}
            <CreditBadge invoice={invoice} />
          </p>
          <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
            <Calendar className="size-3.5" aria-hidden />{' '}
            {formatDate(invoice.invoiceDate ?? invoice.createdAt)}
            {invoice.aiConfidence !== null ? <> · AI {formatConfidence(invoice.aiConfidence, 0)}</> : null}
          </p>
        </div>
        <div className="flex gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={onView}
            aria-label={`View invoice ${invoiceDisplayNumber(invoice)}`}
          >
            <Eye aria-hidden /> View
          </Button>
          {onDelete ? (
            <Button
              variant="ghost"
              size="icon-sm"
              className="hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10 dark:hover:text-red-400"
              aria-label={`Delete invoice ${invoiceDisplayNumber(invoice)}`}
              onClick={onDelete}
              disabled={deleting}
            >
              {deleting ? <Spinner /> : <Trash aria-hidden />}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

export function InvoicesPage() {
  const search = useSearch({ strict: false }) as InvoicesSearch;
  const navigate = useNavigate();
  const setSearch = (patch: Partial<InvoicesSearch>) =>
    void navigate({
      to: '/invoices',
      search: (prev: InvoicesSearch) => ({ ...prev, ...patch }),
      replace: true,
    });

  const page = search.page ?? 1;
  const { data, isPending, isError, isPlaceholderData, items, paging } = useInvoicePage(
    invoicesPageFilters(search),
    { page, pageSize: INVOICES_PAGE_SIZE, onUnknownPage: () => setSearch({ page: undefined }) },
  );

  const del = useDeleteInvoice();
  const [exporting, setExporting] = useState(false);
  const filtered = Boolean(search.q || search.filter || search.waitingFor);
  const role = useUser().data?.role;
  const approves = role === 'ADMIN' || role === 'APPROVER';
  const edits = invoiceRightsOf(role).edit;

  const filters = invoicesPageFilters(search);
  const { selection, toggle, togglePage, replace, clear } = useInvoiceSelection(JSON.stringify(filters));
  const matching = data && (data.nextCursor || data.total > items.length) ? data.total : null;
  /** `x` on a focused card (its checkbox or buttons) selects it, as a click on its checkbox would. */
  const onCardKey = (invoice: Invoice) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.key.toLowerCase() !== 'x' || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    toggle(invoice, items, e.shiftKey);
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await exportInvoicesCsv({ processingStatus: search.filter, search: search.q });
    } catch (err) {
      toast({ title: 'Export failed', description: errorDetail(err), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <PageHeader
        title="Invoices"
        description="Every invoice your team has uploaded, with its processing status."
        actions={
          <>
            <Button variant="outline" onClick={() => void onExport()} disabled={exporting}>
              {exporting ? <Spinner /> : <Download aria-hidden />} Export CSV
            </Button>
            {edits ? (
              <Link to="/upload" className={buttonClass('primary')}>
                <Upload aria-hidden /> Upload
              </Link>
            ) : null}
          </>
        }
      />
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <SearchInput
          id="invoices-search"
          className="md:w-96"
          placeholder="Search invoices..."
          value={search.q ?? ''}
          label="Search invoices"
          onSearch={(q) => setSearch({ q: q || undefined, page: undefined })}
        />
        <fieldset className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          <legend className="sr-only">Filter by processing status</legend>
          {FILTERS.map((f) => {
            const active = search.filter === f.value && !search.waitingFor;
            return (
              <button
                key={f.label}
                type="button"
                aria-pressed={active}
                onClick={() => setSearch({ filter: f.value, waitingFor: undefined, page: undefined })}
                className={filterClass(active)}
              >
                {f.label}
              </button>
            );
          })}
          {approves ? (
            <button
              type="button"
              aria-pressed={search.waitingFor === 'me'}
              onClick={() => setSearch({ filter: undefined, waitingFor: 'me', page: undefined })}
              className={filterClass(search.waitingFor === 'me')}
            >
              Waiting for me
            </button>
          ) : null}
        </fieldset>
      </div>

      {items.length > 0 || selection.size > 0 ? (
        <BulkBar
          selection={selection}
          page={items}
          matching={matching}
          approves={approves}
          edits={edits}
          onTogglePage={() => togglePage(items)}
          onSelectMatching={async () => replace((await invoicesMatching(filters)).selection)}
          onClear={clear}
        />
      ) : null}

      {isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
            <Skeleton key={i} className="h-36 rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <Card className="p-10 text-center text-sm text-red-600 dark:text-red-400">
          Failed to load invoices. Please try again.
        </Card>
      ) : items.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-12 text-center">
          <FileText className="size-10 text-slate-300 dark:text-slate-600" aria-hidden />
          <p className="font-medium text-slate-900 dark:text-white">No invoices found</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {data?.nextCursor
              ? 'None among the invoices searched so far: select Next to search older ones'
              : filtered
                ? 'Try adjusting your search or filters'
                : 'Upload your first invoice to get started'}
          </p>
        </Card>
      ) : (
        // grid-cols-1 sizes the column minmax(0, 1fr): an auto column would be as wide as the longest
        // file name, and on a phone push status and View off the screen.
        <ul
          className={cn(
            'grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-3',
            isPlaceholderData && 'opacity-60',
          )}
        >
          {items.map((inv) => (
            // The keys of the card's own controls (checkbox, View, Delete) bubble here.
            <li key={inv.id} onKeyDown={onCardKey(inv)}>
              <InvoiceCard
                invoice={inv}
                selected={selection.has(inv.id)}
                onSelect={(range) => toggle(inv, items, range)}
                deleting={del.isPending && del.variables === inv.id}
                onView={() => setSearch({ invoice: inv.id })}
                onDelete={
                  edits
                    ? () =>
                        del.mutate(inv.id, {
                          onSuccess: () =>
                            toast({ title: 'Success', description: 'Invoice deleted', variant: 'success' }),
                          onError: (e) =>
                            toast({
                              title: 'Error',
                              description: `Failed to delete invoice: ${errorDetail(e)}`,
                              variant: 'destructive',
                            }),
                        })
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}

      {paging ? (
        <Pagination
          {...paging}
          onPageChange={(to) => setSearch({ page: to > 1 ? to : undefined })}
          noun="invoices"
          inCard={false}
        />
      ) : null}

      <InvoiceTabsDialog
        invoiceId={search.invoice ?? null}
        onClose={() => setSearch({ invoice: undefined })}
        onOpenInvoice={(id) => setSearch({ invoice: id })}
      />
    </div>
  );
}
