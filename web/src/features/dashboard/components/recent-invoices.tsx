import { TABLE_PAGE_SIZE } from '@shared/constants';
import { formatDate } from '@shared/format';
import type { Invoice, InvoiceStatus } from '@shared/schemas/invoice';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Download, Eye, Trash } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import {
  amountDisplay,
  CreditBadge,
  downloadInvoiceFile,
  fileNameOf,
  invoiceDisplayNumber,
  StatusBadge,
  useDeleteInvoice,
  useInvoicePage,
  vendorDisplay,
} from '@/features/invoices';
import { errorDetail } from '@/lib/api-client';
import { useRights } from '@/lib/rights';
import { DAY_OPTIONS, DEFAULT_DAYS, type HomeSearch } from '@/lib/search';
import { cn } from '@/lib/utils';

const STATUS_OPTIONS = [
  { value: 'ALL', label: 'All Status' },
  { value: 'UPLOADED', label: 'Uploaded' },
  { value: 'PROCESSING', label: 'Processing' },
  { value: 'PROCESSED', label: 'Processed' },
  { value: 'REVIEW_REQUIRED', label: 'Review Required' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
];
const DAY_LABELS = DAY_OPTIONS.map((d) => ({ value: String(d), label: `Last ${d} days` }));

/**
 * Below md (phones) each row is a small card: invoice and amount, vendor and status, date and actions,
 * in two columns, so nothing needs a horizontal scroll and every action stays within reach. The table
 * (and its header, kept for screen readers) is the same element at every width.
 */
const PHONE_ROW =
  'max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:px-4 max-md:py-3';
const PHONE_COLUMN = ['', 'max-md:col-start-1', 'max-md:col-start-2'];
const PHONE_ROW_START = ['', 'max-md:row-start-1', 'max-md:row-start-2', 'max-md:row-start-3'];
const phoneCell = (column: 1 | 2, row: 1 | 2 | 3) =>
  cn('max-md:block max-md:p-0 max-md:min-w-0', PHONE_COLUMN[column], PHONE_ROW_START[row]);

export function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (invoice: Invoice) => {
    setBusy(invoice.id);
    try {
      await downloadInvoiceFile(invoice.id, fileNameOf(invoice));
    } catch (err) {
      toast({ title: 'Download failed', description: errorDetail(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

/** Recent Invoices: search, status and time filters, real cursor paging of 10, row actions. */
export function RecentInvoices() {
  const search = useSearch({ strict: false }) as HomeSearch;
  const navigate = useNavigate();
  const setSearch = (patch: Partial<HomeSearch>) =>
    void navigate({ to: '/', search: (prev: HomeSearch) => ({ ...prev, ...patch }), replace: true });

  const status = search.status;
  const days = search.days ?? DEFAULT_DAYS;
  const page = search.page ?? 1;
  const { data, isPending, isError, isPlaceholderData, items, paging } = useInvoicePage(
    { status, search: search.q, days },
    { page, pageSize: TABLE_PAGE_SIZE, onUnknownPage: () => setSearch({ page: undefined }) },
  );

  const del = useDeleteInvoice();
  const [toDelete, setToDelete] = useState<Invoice | null>(null);
  const { busy, download } = useDownload();
  const { edit: deletes } = useRights();

  return (
    <Card>
      <CardHeader className="gap-4 lg:flex-row lg:items-center lg:justify-between">
        <CardTitle>Recent Invoices</CardTitle>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <SearchInput
            id="invoice-table-search"
            className="sm:w-80"
            placeholder="Search invoices, vendors, invoice numbers..."
            value={search.q ?? ''}
            label="Search invoices"
            onSearch={(q) => setSearch({ q: q || undefined, page: undefined })}
          />
          <div className="flex gap-2">
            <Select
              label="Filter by status"
              className="flex-1 sm:w-44"
              value={status ?? 'ALL'}
              options={STATUS_OPTIONS}
              onValueChange={(v) =>
                setSearch({ status: v === 'ALL' ? undefined : (v as InvoiceStatus), page: undefined })
              }
            />
            <Select
              label="Time range"
              className="flex-1 sm:w-40"
              value={String(days)}
              options={DAY_LABELS}
              onValueChange={(v) => {
                const d = Number(v) as HomeSearch['days'];
                setSearch({ days: d === DEFAULT_DAYS ? undefined : d, page: undefined });
              }}
            />
          </div>
        </div>
      </CardHeader>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <Table aria-busy={isPending || isPlaceholderData}>
          <TableHeader className="max-md:sr-only">
            <TableRow className="hover:bg-transparent">
              <TableHead>Invoice</TableHead>
              <TableHead>Vendor</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Date</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody className={isPlaceholderData ? 'opacity-60' : undefined}>
            {isPending ? (
              Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                <TableRow key={i}>
                  {Array.from({ length: 6 }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cells
                    <TableCell key={j}>
                      <Skeleton className="h-4" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : isError ? (
              <TableRow>
                <TableCell colSpan={6} className="py-10 text-center text-sm text-red-600 dark:text-red-400">
                  Failed to load invoices. Please try again.
                </TableCell>
              </TableRow>
            ) : items.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={6} className="py-12 text-center">
                  <p className="text-sm font-medium text-slate-900 dark:text-white">No invoices found</p>
                  <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                    {data?.nextCursor
                      ? 'None among the invoices searched so far: select Next to search older ones'
                      : 'Upload your first invoice to get started'}
                  </p>
                </TableCell>
              </TableRow>
            ) : (
              items.map((inv) => (
                <TableRow key={inv.id} className={PHONE_ROW}>
                  <TableCell className={phoneCell(1, 1)}>
                    <button
                      type="button"
                      className="text-left font-medium text-slate-900 hover:text-brand-700 dark:text-white dark:hover:text-brand-300"
                      onClick={() => setSearch({ invoice: inv.id })}
                    >
                      #{invoiceDisplayNumber(inv)}
                    </button>
                    <p className="max-w-48 truncate text-xs text-slate-500 dark:text-slate-400">
                      {fileNameOf(inv)}
                    </p>
                  </TableCell>
                  <TableCell
                    className={cn(
                      'max-w-56 truncate text-slate-700 dark:text-slate-300 max-md:max-w-none',
                      phoneCell(1, 2),
                    )}
                  >
                    {vendorDisplay(inv)}
                  </TableCell>
                  <TableCell
                    className={cn(
                      'text-right font-medium whitespace-nowrap text-slate-900 tabular-nums dark:text-white',
                      phoneCell(2, 1),
                    )}
                  >
                    {amountDisplay(inv)} <CreditBadge invoice={inv} />
                  </TableCell>
                  <TableCell className={cn('max-md:text-right', phoneCell(2, 2))}>
                    <StatusBadge status={inv.status} />
                  </TableCell>
                  <TableCell
                    className={cn('whitespace-nowrap text-slate-600 dark:text-slate-400', phoneCell(1, 3))}
                  >
                    {formatDate(inv.invoiceDate ?? inv.createdAt)}
                  </TableCell>
                  <TableCell className={phoneCell(2, 3)}>
                    <div className="flex justify-end gap-1">
                      <Tooltip content="View">
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`View invoice ${invoiceDisplayNumber(inv)}`}
                          onClick={() => setSearch({ invoice: inv.id })}
                        >
                          <Eye aria-hidden />
                        </Button>
                      </Tooltip>
                      <Tooltip content="Download">
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Download invoice ${invoiceDisplayNumber(inv)}`}
                          disabled={busy === inv.id}
                          onClick={() => void download(inv)}
                        >
                          <Download aria-hidden />
                        </Button>
                      </Tooltip>
                      {deletes ? (
                        <Tooltip content="Delete">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            className="hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10 dark:hover:text-red-400"
                            aria-label={`Delete invoice ${invoiceDisplayNumber(inv)}`}
                            onClick={() => setToDelete(inv)}
                          >
                            <Trash aria-hidden />
                          </Button>
                        </Tooltip>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {paging ? (
        <Pagination
          {...paging}
          onPageChange={(to) => setSearch({ page: to > 1 ? to : undefined })}
          noun="invoices"
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(toDelete)}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete invoice?"
        description={
          toDelete
            ? `Invoice #${invoiceDisplayNumber(toDelete)} from ${vendorDisplay(toDelete)} and its file will be permanently deleted.`
            : ''
        }
        pending={del.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          const target = toDelete;
          del.mutate(target.id, {
            onSuccess: () => {
              setToDelete(null);
              toast({
                title: 'Invoice deleted',
                description: `Invoice #${invoiceDisplayNumber(target)} was deleted.`,
                variant: 'success',
              });
            },
            onError: (err) => {
              setToDelete(null);
              toast({
                title: 'Delete failed',
                description: `Failed to delete invoice: ${errorDetail(err)}`,
                variant: 'destructive',
              });
            },
          });
        }}
      />
    </Card>
  );
}
