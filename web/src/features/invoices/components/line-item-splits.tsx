import { formatMoney } from '@shared/format';
import type { Category, Property } from '@shared/schemas/entities';
import type { Invoice, InvoiceUpdate, LineItem } from '@shared/schemas/invoice';
import { useState } from 'react';
import { useLineItems } from '@/features/invoices/api/get-invoice-children';
import {
  allocationsOf,
  draftOf,
  lineItemCents,
  type SplitDraft,
  type SplitStatus,
  splitStatus,
} from '@/features/invoices/lib/split-rules';
import { lineItemSplit, SplitEditor, type SplitSubject, splitStatusText } from './split-editor';

const NOT_SPLIT: SplitDraft = { mode: 'amount', rows: [] };

/** A line item that can be split (one with an amount above 0), and how its editor names it. */
interface SplittableLine {
  line: LineItem;
  cents: number;
  subject: SplitSubject;
}

/** A split that does not add up: whose (`name`), and its status against its whole. */
export interface UnbalancedSplit {
  key: string;
  name: string;
  status: SplitStatus;
  whole: string;
}

/**
 * The edit form's line item splits: each line item with an amount can be split on its own, starting
 * from the split it has. `unbalanced` names the lines whose split does not add up (the form does not
 * save then); `lineItems` is what the update sends: every line split now or before (an empty list
 * removes a line's split).
 */
export function useLineItemSplits(invoice: Invoice) {
  const { data } = useLineItems(invoice.id);
  const [drafts, setDrafts] = useState<Record<string, SplitDraft>>(() =>
    Object.fromEntries(
      Object.entries(invoice.lineAllocations ?? {}).map(([id, split]) => [id, draftOf(split)]),
    ),
  );
  const lines: SplittableLine[] = (data?.items ?? []).flatMap((line) => {
    const cents = lineItemCents(line);
    if (cents === null) return [];
    return [
      { line, cents, subject: lineItemSplit(line.description, formatMoney(cents / 100, invoice.currency)) },
    ];
  });
  const draftOfLine = (id: string) => drafts[id] ?? NOT_SPLIT;
  const setDraft = (id: string, draft: SplitDraft) => setDrafts((all) => ({ ...all, [id]: draft }));
  const unbalanced = lines.flatMap(({ line, cents, subject }): UnbalancedSplit[] => {
    const draft = draftOfLine(line.id);
    const status = splitStatus(draft, cents);
    return draft.rows.length > 0 && status.kind !== 'balanced'
      ? [{ key: line.id, name: line.description, status, whole: subject.whole }]
      : [];
  });
  const sent: NonNullable<InvoiceUpdate['lineItems']> = lines
    .filter(({ line }) => draftOfLine(line.id).rows.length > 0 || invoice.lineAllocations?.[line.id]?.length)
    .map(({ line, cents }) => ({ id: line.id, allocations: allocationsOf(draftOfLine(line.id), cents) }));
  return {
    lines,
    draftOfLine,
    setDraft,
    unbalanced,
    lineItems: sent.length ? sent : undefined,
  };
}

/** A Split editor per line item, under the invoice's own split. Nothing while there are no lines to split. */
export function LineItemSplits({
  splits,
  currency,
  properties,
  categories,
}: {
  splits: ReturnType<typeof useLineItemSplits>;
  currency: string;
  properties: readonly Pick<Property, 'id' | 'name'>[];
  categories: readonly Pick<Category, 'id' | 'name'>[];
}) {
  if (!splits.lines.length) return null;
  return (
    <section aria-labelledby="edit-line-splits" className="grid gap-3">
      <h4 id="edit-line-splits" className="text-sm font-medium text-slate-900 dark:text-white">
        Line item splits
      </h4>
      {splits.lines.map(({ line, cents, subject }) => (
        <SplitEditor
          key={line.id}
          subject={subject}
          draft={splits.draftOfLine(line.id)}
          onChange={(draft) => splits.setDraft(line.id, draft)}
          totalCents={cents}
          currency={currency}
          properties={properties}
          categories={categories}
        />
      ))}
    </section>
  );
}

/** Why the form will not save: each split that does not add up, with its difference. */
export function UnbalancedSplits({
  id,
  splits,
  currency,
}: {
  id: string;
  splits: UnbalancedSplit[];
  currency: string;
}) {
  if (!splits.length) return null;
  return (
    <div id={id} className="text-sm text-amber-800 dark:text-amber-300">
      <p className="font-medium">Every split must add up before you can save:</p>
      <ul className="list-disc pl-5">
        {splits.map((s) => (
          <li key={s.key}>
            {s.name}: {splitStatusText(s.status, currency, s.whole)}
          </li>
        ))}
      </ul>
    </div>
  );
}
