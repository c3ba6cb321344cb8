import { formatConfidence, formatMoney } from '../../../../../shared/format';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatRelativeTime } from '../../../lib/utils';
import { useInvoiceEvents } from '../api/get-invoice-children';
import { fieldLabel, statusLabel } from '../lib/invoice-rules';

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

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'number' && field === 'aiConfidence') return formatConfidence(value, 1);
  if (field === 'status' && typeof value === 'string') return statusLabel(value);
  if (typeof value === 'number' && /amount|subtotal/i.test(field)) return formatMoney(value);
  return String(value);
}

/** The invoice's audit history: who did what, when, and which fields changed. */
export function AuditHistory({ invoiceId }: { invoiceId: string }) {
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
      {data.items.map((e) => (
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
            {e.actorName || (e.actor === 'system' ? 'AI pipeline' : e.actor)} ·{' '}
            <time dateTime={e.at} title={new Date(e.at).toLocaleString('en-US')}>
              {formatRelativeTime(e.at)}
            </time>
          </p>
          {e.changes.length ? (
            <ul className="mt-1 grid gap-0.5 text-xs text-slate-600 dark:text-slate-300">
              {e.changes.slice(0, SHOWN_CHANGES).map((c) => (
                <li key={c.field}>
                  <span className="font-medium">{fieldLabel(c.field)}</span>: {show(c.field, c.before)} →{' '}
                  {show(c.field, c.after)}
                </li>
              ))}
              {e.changes.length > SHOWN_CHANGES ? (
                <li className="text-slate-500 dark:text-slate-400">
                  and {e.changes.length - SHOWN_CHANGES} more field
                  {e.changes.length - SHOWN_CHANGES === 1 ? '' : 's'}
                </li>
              ) : null}
            </ul>
          ) : null}
          {e.note ? (
            <p className="mt-1 text-xs text-slate-600 italic dark:text-slate-300">“{e.note}”</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
