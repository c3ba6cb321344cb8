import { ArrowRight, ListChecks } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ReviewQueueState } from '@/features/invoices/hooks/use-review-queue';
import { invoiceDisplayNumber, vendorDisplay } from '@/features/invoices/lib/invoice-rules';

/**
 * The review queue, under an invoice's review actions: how many other invoices wait for a person, and
 * a button to the next one (J; K goes back), so a reviewer works through the queue without going back
 * to the list. Shows nothing when no other invoice waits.
 */
export function ReviewQueue({ queue, onOpen }: { queue: ReviewQueueState; onOpen: (id: string) => void }) {
  const { next, waiting, totalIsLowerBound } = queue;
  if (!next || waiting === 0) return null;
  return (
    <section
      aria-label="Review queue"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800"
    >
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <ListChecks className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
        {waiting === 1
          ? '1 other invoice waits'
          : `${waiting}${totalIsLowerBound ? '+' : ''} other invoices wait`}{' '}
        for review
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onOpen(next.id)}
        aria-label={`Review next: ${vendorDisplay(next)}, invoice ${invoiceDisplayNumber(next)}`}
        aria-keyshortcuts="J"
      >
        Next: {vendorDisplay(next)} <ArrowRight aria-hidden />
      </Button>
    </section>
  );
}
