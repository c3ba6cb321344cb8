import { Building2, Mail, Pencil, Phone, Plus, Trash } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../shared/format';
import type { Vendor } from '../../../../shared/schemas/entities';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { SearchInput } from '../../components/ui/search-input';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { Tooltip } from '../../components/ui/tooltip';
import { toast } from '../../components/ui/use-toast';
import { errorDetail } from '../../lib/api-client';
import { useCursorPages } from '../../lib/cursor-pages';
import { cn } from '../../lib/utils';
import { useDeleteVendor } from './api/delete-vendor';
import { useVendors } from './api/get-vendors';
import { VendorFormDialog } from './components/vendor-form-dialog';
import { truncateAddress } from './lib/vendor-rules';

const PAGE_SIZE = 10;

/** The address cell: 30 characters, the full text in a tooltip and for screen readers. */
export function AddressCell({ address }: { address: string | null }) {
  if (!address) return <span className="text-slate-400 dark:text-slate-500">—</span>;
  const short = truncateAddress(address);
  if (short === address.trim()) return <span>{short}</span>;
  return (
    <Tooltip content={address}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the full address through the tooltip */}
      <span tabIndex={0} title={address} className="cursor-help rounded-sm">
        <span aria-hidden>{short}</span>
        <span className="sr-only">{address}</span>
      </span>
    </Tooltip>
  );
}

function TableSkeleton() {
  return (
    <div className="grid gap-3 p-4" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function VendorsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { cursor, known, remember } = useCursorPages(JSON.stringify(['vendors', search]), page);
  const { data, isPending, isError, isPlaceholderData, isFetching } = useVendors({
    search: search || undefined,
    limit: PAGE_SIZE,
    cursor: known ? cursor : null,
  });
  useEffect(() => {
    if (data && !isPlaceholderData) remember(page, data.nextCursor);
  }, [data, isPlaceholderData, page, remember]);
  useEffect(() => {
    // A page emptied by a delete: step back.
    if (data && !isPlaceholderData && data.items.length === 0 && page > 1) setPage((p) => p - 1);
  }, [data, isPlaceholderData, page]);

  const [editing, setEditing] = useState<Vendor | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const del = useDeleteVendor();

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (v: Vendor) => {
    setEditing(v);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    del.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Vendor deleted successfully', variant: 'success' });
        setDeleting(null);
      },
      onError: (e) =>
        toast({ title: 'Failed to delete vendor', description: errorDetail(e), variant: 'destructive' }),
    });
  };

  const items = data?.items ?? [];
  const total = data?.total ?? 0;

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={
          <span className="inline-flex items-center gap-3">
            Vendor Management
            {data ? (
              <Badge tone="brand" aria-label={`${total} vendors`}>
                {total}
              </Badge>
            ) : null}
          </span>
        }
        description="Keep track of the vendors who bill your properties and what you spend with each."
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden /> Add Vendor
          </Button>
        }
      />

      <Card className="relative overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <SearchInput
            id="vendors-search"
            label="Search vendors"
            placeholder="Search vendors..."
            className="sm:w-96"
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
          {isFetching && !isPending ? (
            <span className="text-xs text-slate-500 dark:text-slate-400" role="status">
              Updating...
            </span>
          ) : null}
        </div>

        {isPending ? (
          <TableSkeleton />
        ) : isError ? (
          <EmptyState
            icon={Building2}
            tone="error"
            title="Failed to load vendors"
            description="Please try again."
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Building2}
            title={search ? 'No vendors match your search' : 'No vendors yet'}
            description={
              search
                ? 'Try a different name, email or phone number.'
                : 'Add the vendors you work with to track their invoices and totals.'
            }
            action={
              search ? null : (
                <Button onClick={openCreate}>
                  <Plus aria-hidden /> Add Vendor
                </Button>
              )
            }
          />
        ) : (
          <>
            <Table className={cn(isPlaceholderData && 'opacity-60')}>
              <caption className="sr-only">Vendors</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>Vendor</TableHead>
                  <TableHead className="hidden 2xl:table-cell">Phone</TableHead>
                  <TableHead className="hidden lg:table-cell">Address</TableHead>
                  <TableHead className="hidden text-right whitespace-nowrap sm:table-cell">
                    Total Amount
                  </TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Invoices</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Average</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((v) => (
                  <TableRow key={v.id}>
                    <TableCell className="max-w-[13rem] sm:max-w-64">
                      <div className="flex items-center gap-3">
                        <span
                          aria-hidden
                          className="hidden size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-sm font-semibold text-brand-700 sm:grid dark:bg-brand-500/10 dark:text-brand-300"
                        >
                          {v.name.slice(0, 1).toUpperCase()}
                        </span>
                        <div className="min-w-0">
                          <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
                            <span className="truncate">{v.name}</span>
                            {v.status !== 'ACTIVE' ? <Badge tone="gray">Inactive</Badge> : null}
                          </p>
                          {v.email ? (
                            <p className="flex items-center gap-1 truncate text-xs text-slate-500 dark:text-slate-400">
                              <Mail className="size-3 shrink-0" aria-hidden />
                              <span className="truncate">{v.email}</span>
                            </p>
                          ) : null}
                          <p className="text-xs text-slate-600 tabular-nums sm:hidden dark:text-slate-300">
                            {formatMoney(v.totalAmount)} · {v.totalInvoices} invoice
                            {v.totalInvoices === 1 ? '' : 's'}
                          </p>
                        </div>
                      </div>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-slate-600 2xl:table-cell dark:text-slate-300">
                      {v.phone ? (
                        <span className="inline-flex items-center gap-1">
                          <Phone className="size-3 text-slate-400" aria-hidden />
                          {v.phone}
                        </span>
                      ) : (
                        <span className="text-slate-400 dark:text-slate-500">—</span>
                      )}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-slate-600 lg:table-cell dark:text-slate-300">
                      <AddressCell address={v.address} />
                    </TableCell>
                    <TableCell className="hidden text-right font-medium whitespace-nowrap text-slate-900 tabular-nums sm:table-cell dark:text-white">
                      {formatMoney(v.totalAmount)}
                    </TableCell>
                    <TableCell className="hidden text-right text-slate-600 tabular-nums sm:table-cell dark:text-slate-300">
                      {v.totalInvoices}
                    </TableCell>
                    <TableCell className="hidden text-right whitespace-nowrap text-slate-600 tabular-nums sm:table-cell dark:text-slate-300">
                      {formatMoney(v.averageAmount)}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Edit ${v.name}`}
                        title="Edit"
                        onClick={() => openEdit(v)}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Delete ${v.name}`}
                        title="Delete"
                        className="hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10 dark:hover:text-red-400"
                        onClick={() => setDeleting(v)}
                      >
                        <Trash aria-hidden />
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              count={items.length}
              total={total}
              hasNext={Boolean(data?.nextCursor)}
              onPageChange={setPage}
              noun="vendors"
              busy={isPlaceholderData}
            />
          </>
        )}
      </Card>

      <VendorFormDialog open={formOpen} vendor={editing} onOpenChange={setFormOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete vendor?"
        description={
          deleting
            ? `${deleting.name} will be removed from your vendor list. Invoices already received from this vendor are kept.`
            : ''
        }
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
