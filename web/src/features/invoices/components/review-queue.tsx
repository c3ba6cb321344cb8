import { ArrowRight, ListChecks } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useInvoices } from '../api/get-invoices';
import { byDueDate, invoiceDisplayNumber, vendorDisplay } from '../lib/invoice-rules';

/** How many invoices waiting for review the queue looks at to pick the next one. */
const QUEUE_PAGE = 25;

/**
 * The review queue, under an invoice's review actions: how many other invoices wait for a person, and
 * a button to the one due first, so a reviewer works through the queue without going back to the list.
 * Shows nothing when no other invoice waits.
 */
export function ReviewQueue({ currentId, onOpen }: { currentId: string; onOpen: (id: string) => void }) {
  const { data } = useInvoices({ status: 'REVIEW_REQUIRED', limit: QUEUE_PAGE });
  if (!data) return null;
  const others = data.items.filter((i) => i.id !== currentId);
  // The one that falls due first comes next: a late invoice can cost a late fee.
  const next = byDueDate(others)[0];
  if (!next) return null;
  const waiting = data.total - (data.items.length - others.length);
  return (
    <section
      aria-label="Review queue"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800"
    >
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <ListChecks className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
        {waiting === 1
          ? '1 other invoice waits'
          : `${waiting}${data.totalIsLowerBound ? '+' : ''} other invoices wait`}{' '}
        for review
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onOpen(next.id)}
        aria-label={`Review next: ${vendorDisplay(next)}, invoice ${invoiceDisplayNumber(next)}`}
      >
        Next: {vendorDisplay(next)} <ArrowRight aria-hidden />
      </Button>
    </section>
  );
}
