import { useNavigate, useSearch } from '@tanstack/react-router';
import { type LucideIcon, Pencil, Plus, Trash } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { errorDetail } from '@/lib/api-client';
import { pageRange, useCursorPages } from '@/lib/cursor-pages';
import { useRights } from '@/lib/rights';
import type { ListSearch } from '@/lib/search';
import { cn } from '@/lib/utils';
import { capitalize, ENTITY_PAGE_SIZE, type Entity, type EntityRow } from './api/entity-api';
import type { EntityDialogProps } from './entity-form';

/** A table column: `className` (visibility, alignment) goes on the header and the cells. */
export interface Column<T> {
  header: string;
  className?: string;
  cellClassName?: string;
  cell: (item: T) => ReactNode;
}

/** Cell text styles of the entity tables. */
export const cellTone = {
  muted: 'text-slate-600 dark:text-slate-300',
  amount: 'font-medium text-slate-900 tabular-nums dark:text-white',
};

/** An empty cell. */
export const Dash = () => <span className="text-slate-400 dark:text-slate-500">—</span>;

/**
 * The name, with a 'Suggested' badge for a record processing made (a person has not confirmed it yet)
 * and an 'Inactive' one for any other status but ACTIVE.
 */
export function EntityName({ item }: { item: EntityRow }) {
  return (
    <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
      <span className="truncate">{item.name}</span>
      {item.status === 'SUGGESTED' ? (
        <Badge tone="amber">Suggested</Badge>
      ) : item.status !== 'ACTIVE' ? (
        <Badge tone="gray">Inactive</Badge>
      ) : null}
    </p>
  );
}

/** The page's search text and page number, kept in the URL (`?q=&page=`) so reload and Back keep them. */
function useListSearch() {
  const search = useSearch({ strict: false }) as ListSearch;
  const navigate = useNavigate();
  const setSearch = (patch: ListSearch) =>
    void navigate({ to: '.', search: (prev: ListSearch) => ({ ...prev, ...patch }), replace: true });
  return [search, setSearch] as const;
}

export interface EntityPageProps<T extends EntityRow, Input> {
  entity: Entity<T, Input>;
  icon: LucideIcon;
  description: string;
  /** Under 'No {entities} match your search'. */
  searchHint: string;
  /** Under 'No {entities} yet'. */
  emptyHint: string;
  columns: readonly Column<T>[];
  deleteDescription: (item: T) => string;
  FormDialog: ComponentType<EntityDialogProps<T>>;
  /** More actions on a row, before Edit and Delete. */
  rowActions?: (item: T) => ReactNode;
  /** Dialogs those actions open. */
  children?: ReactNode;
}

/**
 * '{Entity} Management': a count badge, a search box, a cursor-paged table with edit and delete
 * (after a confirmation) on every row, and the create and edit dialog.
 */
export function EntityPage<T extends EntityRow, Input>({
  entity,
  icon,
  description,
  searchHint,
  emptyHint,
  columns,
  deleteDescription,
  FormDialog,
  rowActions,
  children,
}: EntityPageProps<T, Input>) {
  const { one, many } = entity;
  const Noun = capitalize(one);
  const [search, setSearch] = useListSearch();
  const q = search.q ?? '';
  const page = search.page ?? 1;
  const toPage = (p: number) => setSearch({ page: p > 1 ? p : undefined });

  const { cursor, known, remember } = useCursorPages(JSON.stringify([many, q]), page);
  const { data, isPending, isError, isPlaceholderData, isFetching } = entity.api.useList({
    search: q || undefined,
    limit: ENTITY_PAGE_SIZE,
    cursor: known ? cursor : null,
  });
  useEffect(() => {
    if (data && !isPlaceholderData) remember(page, data.nextCursor);
  }, [data, isPlaceholderData, page, remember]);
  useEffect(() => {
    // A page whose cursor is unknown (a link from another tab) starts again from the first page.
    if (!known) setSearch({ page: undefined });
  });
  useEffect(() => {
    // A page emptied by a delete: step back.
    if (data && !isPlaceholderData && data.items.length === 0 && page > 1) toPage(page - 1);
  });

  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const del = entity.api.useDelete();

  const openForm = (item: T | null) => {
    setEditing(item);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    del.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: `${Noun} deleted successfully`, variant: 'success' });
        setDeleting(null);
      },
      onError: (e) =>
        toast({ title: `Failed to delete ${one}`, description: errorDetail(e), variant: 'destructive' }),
    });
  };

  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const Icon = icon;
  // Vendors and properties are maintained by editors; a viewer sees the list only.
  const { edit: maintains } = useRights();
  const addButton = maintains ? (
    <Button onClick={() => openForm(null)}>
      <Plus aria-hidden /> Add {Noun}
    </Button>
  ) : null;

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={
          <span className="inline-flex items-center gap-3">
            {Noun} Management
            {data ? (
              <Badge tone="brand" aria-label={`${total} ${many}`}>
                {total}
              </Badge>
            ) : null}
          </span>
        }
        description={description}
        actions={addButton}
      />

      <Card className="relative overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <SearchInput
            id={`${many}-search`}
            label={`Search ${many}`}
            placeholder={`Search ${many}...`}
            className="sm:w-96"
            value={q}
            onSearch={(value) => setSearch({ q: value || undefined, page: undefined })}
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
            icon={Icon}
            tone="error"
            title={`Failed to load ${many}`}
            description="Please try again."
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Icon}
            title={q ? `No ${many} match your search` : `No ${many} yet`}
            description={q ? searchHint : emptyHint}
            action={q ? null : addButton}
          />
        ) : (
          <>
            <Table className={cn(isPlaceholderData && 'opacity-60')}>
              <caption className="sr-only">{capitalize(many)}</caption>
              <TableHeader>
                <TableRow>
                  {columns.map((c) => (
                    <TableHead key={c.header} className={c.className}>
                      {c.header}
                    </TableHead>
                  ))}
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item.id}>
                    {columns.map((c) => (
                      <TableCell key={c.header} className={cn(c.className, c.cellClassName)}>
                        {c.cell(item)}
                      </TableCell>
                    ))}
                    <TableCell className="text-right whitespace-nowrap">
                      {maintains ? rowActions?.(item) : null}
                      {maintains ? (
                        <>
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Edit ${item.name}`}
                            title="Edit"
                            onClick={() => openForm(item)}
                          >
                            <Pencil aria-hidden />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Delete ${item.name}`}
                            title="Delete"
                            className="hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10 dark:hover:text-red-400"
                            onClick={() => setDeleting(item)}
                          >
                            <Trash aria-hidden />
                          </Button>
                        </>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              range={pageRange(page, ENTITY_PAGE_SIZE, items.length, total)}
              hasNext={Boolean(data?.nextCursor)}
              onPageChange={toPage}
              noun={many}
              busy={isPlaceholderData}
            />
          </>
        )}
      </Card>

      <FormDialog open={formOpen} item={editing} onOpenChange={setFormOpen} />
      {children}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${one}?`}
        description={deleting ? deleteDescription(deleting) : ''}
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
