import { formatMoney } from '@shared/format';
import type { Category, Property } from '@shared/schemas/entities';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  type SplitDraft,
  type SplitMode,
  type SplitStatus,
  splitStatus,
} from '@/features/invoices/lib/split-rules';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** What a Split editor splits, in its words: the invoice's total, or one line item's amount. */
export interface SplitSubject {
  legend: string;
  /** What the shares add up to, as the status names it ('the total'). */
  whole: string;
  /** Said while it is not split. */
  unsplit: string;
  /** The button that starts a split; `startContext` follows it for screen readers (which line). */
  start: string;
  startContext?: string;
}

export const INVOICE_SPLIT: SplitSubject = {
  legend: 'Split',
  whole: 'the total',
  unsplit: 'Not split: the whole amount is on the property above.',
  start: 'Split across properties',
};

export const lineItemSplit = (description: string, amount: string): SplitSubject => ({
  legend: `${description}: ${amount}`,
  whole: 'the line’s amount',
  unsplit: 'Not split: the line follows the invoice.',
  start: 'Split line',
  startContext: description,
});

/** The status line under a split: balanced, what remains, how much over, or what is missing. */
export function splitStatusText(status: SplitStatus, currency: string, whole = INVOICE_SPLIT.whole): string {
  switch (status.kind) {
    case 'balanced':
      return `The split adds up to ${whole}.`;
    case 'remaining':
      return `Remaining: ${formatMoney(status.cents / 100, currency)}`;
    case 'over':
      return `Over ${whole} by ${formatMoney(status.cents / 100, currency)}`;
    default:
      return status.reason;
  }
}

/**
 * A split of the invoice (by default) or of one line item (`subject`) across properties (and optionally
 * categories), by amount or by percentage of its whole. It always shows what remains; the form does not
 * save a split that does not add up (`splitStatus`). An empty list means it is not split.
 */
export function SplitEditor({
  draft,
  onChange,
  totalCents,
  currency,
  properties,
  categories,
  subject = INVOICE_SPLIT,
}: {
  draft: SplitDraft;
  onChange: (draft: SplitDraft) => void;
  totalCents: number | null;
  currency: string;
  properties: readonly Pick<Property, 'id' | 'name'>[];
  categories: readonly Pick<Category, 'id' | 'name'>[];
  subject?: SplitSubject;
}) {
  // Each editor's mode radios are their own group: a form may hold the invoice's and every line's.
  const modeName = `${useId()}-split-mode`;
  const status = splitStatus(draft, totalCents);
  const setRow = (index: number, change: Partial<SplitDraft['rows'][number]>) =>
    onChange({ ...draft, rows: draft.rows.map((row, i) => (i === index ? { ...row, ...change } : row)) });
  const setMode = (mode: SplitMode) => onChange({ mode, rows: draft.rows.map((r) => ({ ...r, value: '' })) });
  const addRow = () =>
    onChange({ ...draft, rows: [...draft.rows, { propertyId: '', categoryId: '', value: '' }] });
  const unit = draft.mode === 'amount' ? 'Amount' : 'Percentage';

  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <legend className="px-1 text-sm font-medium text-slate-900 dark:text-white">{subject.legend}</legend>
      {draft.rows.length === 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">{subject.unsplit}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              onChange({
                mode: draft.mode,
                rows: [0, 1].map(() => ({ propertyId: '', categoryId: '', value: '' })),
              })
            }
          >
            {subject.start}
            {subject.startContext ? <span className="sr-only"> {subject.startContext}</span> : null}
          </Button>
        </div>
      ) : (
        <>
          <div role="radiogroup" aria-label="Split by" className="flex gap-4 text-sm">
            {(['amount', 'percent'] as const).map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
                <input
                  type="radio"
                  name={modeName}
                  value={mode}
                  checked={draft.mode === mode}
                  onChange={() => setMode(mode)}
                />
                {mode === 'amount' ? 'By amount' : 'By percentage'}
              </label>
            ))}
          </div>
          <ul className="grid gap-2" aria-label="Shares">
            {draft.rows.map((row, i) => {
              const n = i + 1;
              return (
                <li key={n} className="grid items-center gap-2 sm:grid-cols-[1fr_1fr_8rem_auto]">
                  <select
                    aria-label={`Property of share ${n}`}
                    className={selectClass}
                    value={row.propertyId}
                    onChange={(e) => setRow(i, { propertyId: e.target.value })}
                  >
                    <option value="">Choose a property</option>
                    {row.propertyId && !properties.some((p) => p.id === row.propertyId) ? (
                      <option value={row.propertyId}>Current property</option>
                    ) : null}
                    {properties.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                  <select
                    aria-label={`Category of share ${n}`}
                    className={selectClass}
                    value={row.categoryId}
                    onChange={(e) => setRow(i, { categoryId: e.target.value })}
                  >
                    <option value="">Invoice category</option>
                    {categories.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                  <Input
                    aria-label={`${unit} of share ${n}`}
                    type="number"
                    step="0.01"
                    min="0"
                    max={draft.mode === 'percent' ? '100' : undefined}
                    inputMode="decimal"
                    placeholder={draft.mode === 'amount' ? '0.00' : '%'}
                    value={row.value}
                    onChange={(e) => setRow(i, { value: e.target.value })}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove share ${n}`}
                    onClick={() => onChange({ ...draft, rows: draft.rows.filter((_, j) => j !== i) })}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button variant="outline" size="sm" onClick={addRow}>
              <Plus className="size-4" aria-hidden />
              Add share
            </Button>
            <p
              role="status"
              aria-live="polite"
              className={
                status.kind === 'balanced'
                  ? 'text-sm font-medium text-emerald-700 dark:text-emerald-400'
                  : 'text-sm font-medium text-amber-800 dark:text-amber-300'
              }
            >
              {splitStatusText(status, currency, subject.whole)}
            </p>
          </div>
        </>
      )}
    </fieldset>
  );
}
