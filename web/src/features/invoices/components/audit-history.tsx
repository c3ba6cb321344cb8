import { formatConfidence } from '@shared/format';
import { INVOICE_FIELD_LABELS, invoiceChangeTexts } from '@shared/invoice-fields';
import type { InvoiceEvent } from '@shared/schemas/invoice';
import { Skeleton } from '@/components/ui/skeleton';
import { useInvoiceEvents } from '@/features/invoices/api/get-invoice-children';
import { fieldLabel, statusLabel } from '@/features/invoices/lib/invoice-rules';
import { formatRelativeTime } from '@/lib/utils';

const EVENT_TITLES: Record<string, string> = {
  UPLOADED: 'Uploaded',
  PROCESSING_STARTED: 'Processing started',
  PROCESSED: 'Processed by AI',
  REVIEW_REQUIRED: 'Flagged for review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  UPDATED: 'Edited',
  REPROCESS_REQUESTED: 'Reprocessing requested',
  COMMENTED: 'Comment added',
  SYNCED: 'Synced',
  SYNC_FAILED: 'Sync failed',
};

function eventTitle(type: string): string {
  return (
    EVENT_TITLES[type] ??
    type
      .replace(/[_.]/g, ' ')
      .toLowerCase()
      .replace(/^\w/, (c) => c.toUpperCase())
  );
}

const SHOWN_CHANGES = 4;

/**
 * One changed field as people read it: the label the review screen uses and old → new with money in
 * the invoice's currency. The server sends both texts; older events without them are formatted here.
 */
export function changeTexts(change: InvoiceEvent['changes'][number], currency: string) {
  const fallback = invoiceChangeTexts(change.field, change.before, change.after, currency);
  const shown = (text: string | null | undefined, value: unknown, computed: string | null) => {
    if (text !== undefined) return text ?? '(empty)';
    if (change.field === 'aiConfidence' && typeof value === 'number') return formatConfidence(value, 1);
    if (change.field === 'status' && typeof value === 'string') return statusLabel(value);
    return computed ?? '(empty)';
  };
  return {
    label: change.label ?? (INVOICE_FIELD_LABELS[change.field] ? fallback.label : fieldLabel(change.field)),
    before: shown(change.beforeText, change.before, fallback.beforeText),
    after: shown(change.afterText, change.after, fallback.afterText),
  };
}

/** Who did it: their name; the pipeline for the system; never a raw id. */
export function actorDisplay(event: Pick<InvoiceEvent, 'actor' | 'actorName'>): string {
  if (event.actorName) return event.actorName;
  if (event.actor === 'system') return 'AI pipeline';
  if (event.actor.startsWith('apikey')) return 'API key';
  return 'A teammate';
}

/** Internal bookkeeping fields that mean nothing to a reviewer. */
const HIDDEN_FIELDS = new Set(['reviewReasons', 'version', 'processingStage', 'contentHash', 'fieldEdits']);

/** The invoice's audit history: who did what, when, and which fields changed. */
export function AuditHistory({ invoiceId, currency }: { invoiceId: string; currency: string }) {
  const { data, isPending, isError } = useInvoiceEvents(invoiceId);
  if (isPending) {
    return (
      <div className="grid gap-2">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (isError) return <p className="text-sm text-red-600 dark:text-red-400">Failed to load history</p>;
  if (!data.items.length)
    return <p className="text-sm text-slate-500 dark:text-slate-400">No history yet.</p>;
  return (
    <ol className="relative grid gap-4 border-l border-slate-200 pl-5 dark:border-slate-700">
      {data.items.map((e) => {
        const changes = e.changes.filter((c) => !HIDDEN_FIELDS.has(c.field));
        return (
          <li key={e.id} className="relative">
            <span className="absolute top-1.5 -left-[25px] size-2.5 rounded-full border-2 border-white bg-brand-500 dark:border-slate-900" />
            <p className="text-sm font-medium text-slate-900 dark:text-white">
              {eventTitle(e.type)}
              {e.from && e.to && e.from !== e.to ? (
                <span className="font-normal text-slate-500 dark:text-slate-400">
                  {' '}
                  · {statusLabel(e.from)} → {statusLabel(e.to)}
                </span>
              ) : null}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {actorDisplay(e)} ·{' '}
              <time dateTime={e.at} title={new Date(e.at).toLocaleString('en-US')}>
                {formatRelativeTime(e.at)}
              </time>
            </p>
            {changes.length ? (
              <ul className="mt-1 grid gap-0.5 text-xs text-slate-600 dark:text-slate-300">
                {changes.slice(0, SHOWN_CHANGES).map((c) => {
                  const t = changeTexts(c, currency);
                  return (
                    <li key={c.field}>
                      <span className="font-medium">{t.label}</span>: {t.before} → {t.after}
                    </li>
                  );
                })}
                {changes.length > SHOWN_CHANGES ? (
                  <li className="text-slate-500 dark:text-slate-400">
                    and {changes.length - SHOWN_CHANGES} more field
                    {changes.length - SHOWN_CHANGES === 1 ? '' : 's'}
                  </li>
                ) : null}
              </ul>
            ) : null}
            {e.note ? (
              <p className="mt-1 text-xs text-slate-600 italic dark:text-slate-300">“{e.note}”</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
