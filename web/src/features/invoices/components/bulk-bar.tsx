import type { BulkResult } from '@shared/schemas/bulk';
import type { Invoice } from '@shared/schemas/invoice';
import { Check, Download, Tag, Trash, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogFormActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorDetail } from '@/lib/api-client';
import {
  type BulkAction,
  exportSelectedCsv,
  MAX_SELECTION,
  type Selection,
  useBulkAction,
} from '../api/bulk-actions';
import { useCategories, usePropertyOptions } from '../api/get-lookups';
import { BulkResultDialog } from './bulk-result-dialog';
import { PromptDialog } from './prompt-dialog';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** "Keep" leaves the field as each invoice has it; "" clears it. */
const KEEP = 'keep';

/** Sets the property and/or the category of the selected invoices. */
function CodingDialog({
  open,
  count,
  pending,
  onApply,
  onCancel,
}: {
  open: boolean;
  count: number;
  pending: boolean;
  onApply: (coding: { propertyId?: string | null; categoryId?: string | null }) => void;
  onCancel: () => void;
}) {
  const properties = usePropertyOptions();
  const categories = useCategories();
  const [propertyId, setPropertyId] = useState(KEEP);
  const [categoryId, setCategoryId] = useState(KEEP);
  const id = useId();
  useEffect(() => {
    if (open) {
      setPropertyId(KEEP);
      setCategoryId(KEEP);
    }
  }, [open]);
  const chosen = (value: string) => (value === KEEP ? undefined : value || null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ propertyId: chosen(propertyId), categoryId: chosen(categoryId) });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent
        title="Set property or category"
        description={`For ${count} selected invoice${count === 1 ? '' : 's'}`}
      >
        <form onSubmit={submit} className="grid gap-4 p-5">
          <div className="grid gap-1.5">
            <label
              htmlFor={`${id}-property`}
              className="text-sm font-medium text-slate-700 dark:text-slate-300"
            >
              Property
            </label>
            <select
              id={`${id}-property`}
              className={selectClass}
              value={propertyId}
              onChange={(e) => setPropertyId(e.target.value)}
            >
              <option value={KEEP}>Keep as is</option>
              <option value="">No property</option>
              {properties.data?.items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label
              htmlFor={`${id}-category`}
              className="text-sm font-medium text-slate-700 dark:text-slate-300"
            >
              Category
            </label>
            <select
              id={`${id}-category`}
              className={selectClass}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
            >
              <option value={KEEP}>Keep as is</option>
              <option value="">No category</option>
              {categories.data?.items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <DialogFormActions pending={pending || (propertyId === KEEP && categoryId === KEEP)}>
            Apply
          </DialogFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const FAILED: Record<BulkAction['kind'], string> = {
  approve: 'Approval failed',
  reject: 'Rejection failed',
  edit: 'Update failed',
  delete: 'Delete failed',
};

/**
 * The bar over the Invoices list: select the page or everything matching the filters, then act on the
 * selection with what the person's role allows. Each action ends in a report of every invoice.
 */
export function BulkBar({
  selection,
  page,
  matching,
  approves,
  edits,
  onTogglePage,
  onSelectMatching,
  onClear,
}: {
  selection: Selection;
  /** The invoices of the page shown. */
  page: readonly Invoice[];
  /** How many invoices match the filters, when more than the page shows. */
  matching: number | null;
  approves: boolean;
  edits: boolean;
  onTogglePage: () => void;
  onSelectMatching: () => Promise<void>;
  onClear: () => void;
}) {
  const run = useBulkAction();
  const [asking, setAsking] = useState<'reject' | 'edit' | 'delete' | null>(null);
  const [report, setReport] = useState<{ kind: BulkAction['kind']; result: BulkResult } | null>(null);
  const [busy, setBusy] = useState<'export' | 'matching' | null>(null);
  const pageBox = useRef<HTMLInputElement>(null);
  const count = selection.size;
  const onPage = page.filter((i) => selection.has(i.id)).length;
  const allOnPage = page.length > 0 && onPage === page.length;
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = onPage > 0 && !allOnPage;
  }, [onPage, allOnPage]);

  const act = (action: BulkAction) =>
    run.mutate(
      { action, selection },
      {
        onSuccess: (result) => {
          setAsking(null);
          setReport({ kind: action.kind, result });
          onClear();
        },
        onError: (error) =>
          toast({ title: FAILED[action.kind], description: errorDetail(error), variant: 'destructive' }),
      },
    );

  const onExport = async () => {
    setBusy('export');
    try {
      await exportSelectedCsv([...selection.keys()]);
    } catch (err) {
      toast({ title: 'Export failed', description: errorDetail(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const onMatching = async () => {
    setBusy('matching');
    try {
      await onSelectMatching();
    } catch (err) {
      toast({ title: 'Error', description: errorDetail(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const pending = run.isPending;
  const plural = `${count} invoice${count === 1 ? '' : 's'}`;

  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <label className="flex items-center gap-2 font-medium text-slate-700 dark:text-slate-200">
        <input
          ref={pageBox}
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={allOnPage}
          onChange={onTogglePage}
          disabled={page.length === 0}
        />
        Select all on this page
      </label>
      {matching !== null && matching > page.length ? (
        <Button
          variant="link"
          size="sm"
          className="px-0"
          onClick={() => void onMatching()}
          disabled={busy !== null}
        >
          {busy === 'matching' ? <Spinner /> : null}
          {matching > MAX_SELECTION
            ? `Select the first ${MAX_SELECTION.toLocaleString('en-US')} matching`
            : `Select all ${matching} matching`}
        </Button>
      ) : null}
      <p aria-live="polite" className="text-slate-600 dark:text-slate-300">
        {count ? `${count} selected` : 'Shift-click selects a range; x selects the focused invoice'}
      </p>
      {count ? (
        <div className="flex flex-wrap items-center gap-1 md:ml-auto">
          {approves ? (
            <>
              <Button size="sm" variant="success" onClick={() => act({ kind: 'approve' })} disabled={pending}>
                {pending && run.variables?.action.kind === 'approve' ? <Spinner /> : <Check aria-hidden />}
                Approve
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAsking('reject')} disabled={pending}>
                <X aria-hidden /> Reject
              </Button>
            </>
          ) : null}
          {edits ? (
            <>
              <Button size="sm" variant="outline" onClick={() => setAsking('edit')} disabled={pending}>
                <Tag aria-hidden /> Set property or category
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAsking('delete')} disabled={pending}>
                <Trash aria-hidden /> Delete
              </Button>
            </>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => void onExport()} disabled={busy !== null}>
            {busy === 'export' ? <Spinner /> : <Download aria-hidden />} Export CSV
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear} disabled={pending}>
            Clear selection
          </Button>
        </div>
      ) : null}

      <PromptDialog
        open={asking === 'reject'}
        title={`Reject ${plural}`}
        label="Rejection reason"
        confirmLabel="Reject"
        pending={pending}
        onAnswer={(reason) => act({ kind: 'reject', reason })}
        onCancel={() => setAsking(null)}
      />
      <CodingDialog
        open={asking === 'edit'}
        count={count}
        pending={pending}
        onApply={(coding) => act({ kind: 'edit', ...coding })}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Delete ${plural}?`}
        description="Their files, line items and comments are deleted too. This cannot be undone."
        pending={pending}
        onConfirm={() => act({ kind: 'delete' })}
      />
      <BulkResultDialog
        action={report?.kind ?? 'approve'}
        result={report?.result ?? null}
        onClose={() => setReport(null)}
      />
    </section>
  );
}
