import { Building, MapPin, Pencil, Plus, Trash } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDate, formatMoney } from '../../../../shared/format';
import { PROPERTY_TYPE_LABELS, type Property } from '../../../../shared/schemas/entities';
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
import { toast } from '../../components/ui/use-toast';
import { errorDetail } from '../../lib/api-client';
import { useCursorPages } from '../../lib/cursor-pages';
import { cn } from '../../lib/utils';
import { useDeleteProperty } from './api/delete-property';
import { useProperties } from './api/get-properties';
import { PropertyFormDialog } from './components/property-form-dialog';

const PAGE_SIZE = 10;

const dash = <span className="text-slate-400 dark:text-slate-500">—</span>;

export function PropertiesPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { cursor, known, remember } = useCursorPages(JSON.stringify(['properties', search]), page);
  const { data, isPending, isError, isPlaceholderData, isFetching } = useProperties({
    search: search || undefined,
    limit: PAGE_SIZE,
    cursor: known ? cursor : null,
  });
  useEffect(() => {
    if (data && !isPlaceholderData) remember(page, data.nextCursor);
  }, [data, isPlaceholderData, page, remember]);
  useEffect(() => {
    if (data && !isPlaceholderData && data.items.length === 0 && page > 1) setPage((p) => p - 1);
  }, [data, isPlaceholderData, page]);

  const [editing, setEditing] = useState<Property | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const del = useDeleteProperty();

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (p: Property) => {
    setEditing(p);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    del.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Property deleted successfully', variant: 'success' });
        setDeleting(null);
      },
      onError: (e) =>
        toast({ title: 'Failed to delete property', description: errorDetail(e), variant: 'destructive' }),
    });
  };

  const items = data?.items ?? [];
  const total = data?.total ?? 0;

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={
          <span className="inline-flex items-center gap-3">
            Property Management
            {data ? (
              <Badge tone="brand" aria-label={`${total} properties`}>
                {total}
              </Badge>
            ) : null}
          </span>
        }
        description="The buildings and units your invoices are billed against."
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden /> Add Property
          </Button>
        }
      />

      <Card className="relative overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <SearchInput
            id="properties-search"
            label="Search properties"
            placeholder="Search properties..."
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
          <div className="grid gap-3 p-4" aria-hidden>
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : isError ? (
          <EmptyState
            icon={Building}
            tone="error"
            title="Failed to load properties"
            description="Please try again."
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Building}
            title={search ? 'No properties match your search' : 'No properties yet'}
            description={
              search
                ? 'Try a different name, address or manager.'
                : 'Add your properties to match invoices to the buildings they belong to.'
            }
            action={
              search ? null : (
                <Button onClick={openCreate}>
                  <Plus aria-hidden /> Add Property
                </Button>
              )
            }
          />
        ) : (
          <>
            <Table className={cn(isPlaceholderData && 'opacity-60')}>
              <caption className="sr-only">Properties</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>Property</TableHead>
                  <TableHead className="hidden md:table-cell">Type</TableHead>
                  <TableHead className="hidden text-right md:table-cell">Units</TableHead>
                  <TableHead className="hidden text-right whitespace-nowrap sm:table-cell">
                    Monthly Rent
                  </TableHead>
                  <TableHead className="hidden text-right whitespace-nowrap lg:table-cell">
                    Market Value
                  </TableHead>
                  <TableHead className="hidden 2xl:table-cell">Acquired</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell className="max-w-[13rem] sm:max-w-72">
                      <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
                        <span className="truncate">{p.name}</span>
                        {p.status !== 'ACTIVE' ? <Badge tone="gray">Inactive</Badge> : null}
                      </p>
                      <p
                        className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400"
                        title={p.address}
                      >
                        <MapPin className="size-3 shrink-0" aria-hidden />
                        <span className="truncate">{p.address}</span>
                      </p>
                      <p className="truncate text-xs text-slate-600 md:hidden dark:text-slate-300">
                        {PROPERTY_TYPE_LABELS[p.propertyType] ?? p.propertyType}
                        {p.rentAmount !== null ? (
                          <span className="sm:hidden"> · {formatMoney(p.rentAmount)}/mo</span>
                        ) : null}
                      </p>
                      {p.propertyManager ? (
                        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                          Manager: {p.propertyManager}
                        </p>
                      ) : null}
                    </TableCell>
                    <TableCell className="hidden md:table-cell">
                      <Badge tone="blue">{PROPERTY_TYPE_LABELS[p.propertyType] ?? p.propertyType}</Badge>
                    </TableCell>
                    <TableCell className="hidden text-right text-slate-600 tabular-nums md:table-cell dark:text-slate-300">
                      {p.units ?? dash}
                    </TableCell>
                    <TableCell className="hidden text-right font-medium whitespace-nowrap text-slate-900 tabular-nums sm:table-cell dark:text-white">
                      {p.rentAmount !== null ? formatMoney(p.rentAmount) : dash}
                    </TableCell>
                    <TableCell className="hidden text-right whitespace-nowrap text-slate-600 tabular-nums lg:table-cell dark:text-slate-300">
                      {p.marketValue !== null ? formatMoney(p.marketValue) : dash}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-slate-600 2xl:table-cell dark:text-slate-300">
                      {p.acquisitionDate ? formatDate(p.acquisitionDate) : dash}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Edit ${p.name}`}
                        title="Edit"
                        onClick={() => openEdit(p)}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Delete ${p.name}`}
                        title="Delete"
                        className="hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10 dark:hover:text-red-400"
                        onClick={() => setDeleting(p)}
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
              noun="properties"
              busy={isPlaceholderData}
            />
          </>
        )}
      </Card>

      <PropertyFormDialog open={formOpen} property={editing} onOpenChange={setFormOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete property?"
        description={
          deleting
            ? `${deleting.name} will be removed. Invoices linked to it keep their data but lose the property link.`
            : ''
        }
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
