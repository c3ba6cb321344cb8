import { useQuery } from '@tanstack/react-query';
import { invoicesQueryOptions } from '@/features/invoices/api/get-invoices';
import { byDueDate } from '@/features/invoices/lib/invoice-rules';

/** How many invoices of each waiting status the queue looks at. */
const QUEUE_PAGE = 25;

/**
 * The invoices waiting for a decision (in review, and processed ones ready to approve), the one due
 * first first: a late invoice can cost a late fee. `next` and `previous` are the neighbours of
 * `currentId` in that order (J and K); when the current invoice is not in the queue (already decided),
 * `next` is the first one waiting. Null `currentId`: no queue.
 */
export function useReviewQueue(currentId: string | null) {
  // No queue is asked for while no invoice is shown (or the dialog cannot move to another).
  const enabled = currentId !== null;
  const review = useQuery({
    ...invoicesQueryOptions({ status: 'REVIEW_REQUIRED', limit: QUEUE_PAGE }),
    enabled,
  });
  const ready = useQuery({ ...invoicesQueryOptions({ status: 'PROCESSED', limit: QUEUE_PAGE }), enabled });
  const loaded = Boolean(review.data && ready.data);
  const seen = new Set<string>();
  const items = byDueDate(
    [...(review.data?.items ?? []), ...(ready.data?.items ?? [])].filter(
      (i) => !seen.has(i.id) && seen.add(i.id),
    ),
  );
  const at = items.findIndex((i) => i.id === currentId);
  const others = items.filter((i) => i.id !== currentId);
  const next = at === -1 ? others[0] : (items[at + 1] ?? (items.length > 1 ? items[0] : undefined));
  const previous = at === -1 ? undefined : (items[at - 1] ?? (items.length > 1 ? items.at(-1) : undefined));
  const total = (review.data?.total ?? 0) + (ready.data?.total ?? 0);
  return {
    loaded,
    /** Other invoices waiting, besides the current one. */
    waiting: Math.max(0, total - (at === -1 ? 0 : 1)),
    totalIsLowerBound: Boolean(review.data?.totalIsLowerBound || ready.data?.totalIsLowerBound),
    next,
    previous,
  };
}

export type ReviewQueueState = ReturnType<typeof useReviewQueue>;
