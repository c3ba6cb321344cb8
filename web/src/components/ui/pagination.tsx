import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';

/**
 * 'Showing {from}-{to} of {total} {noun}' with Previous and Next, for cursor-paged lists. `range` comes
 * from `pageRange`; `hasNext` from the page's `nextCursor`. A total counted only as far as the server read
 * (a long search) is shown with a '+'. An empty page that still has a cursor shows only the buttons.
 */
export function Pagination({
  page,
  range,
  totalIsLowerBound = false,
  hasNext,
  onPageChange,
  noun,
  busy,
  inCard = true,
}: {
  page: number;
  range: { from: number; to: number; total: number };
  totalIsLowerBound?: boolean;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  noun: string;
  busy?: boolean;
  /** As a card's footer: ruled off from the rows above. */
  inCard?: boolean;
}) {
  return (
    <nav
      aria-label={`${noun} pages`}
      className={cn(
        'flex flex-col items-center justify-between gap-3 text-sm sm:flex-row',
        inCard && 'border-t border-slate-200 px-4 py-3 dark:border-slate-800',
      )}
    >
      {range.to > 0 ? (
        <p className="text-slate-600 tabular-nums dark:text-slate-400" aria-live="polite">
          Showing {range.from}-{range.to} of {range.total}
          {totalIsLowerBound ? '+' : ''} {noun}
        </p>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1 || busy}
        >
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <span className="px-1 text-xs text-slate-500 tabular-nums dark:text-slate-400">Page {page}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={!hasNext || busy}
        >
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
