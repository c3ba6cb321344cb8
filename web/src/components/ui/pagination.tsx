import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/**
 * 'Showing {from}-{to} of {total} {noun}' with Previous and Next, for cursor-paged lists.
 * `hasNext` comes from the page's `nextCursor`.
 */
export function Pagination({
  page,
  pageSize,
  count,
  total,
  hasNext,
  onPageChange,
  noun,
  busy,
}: {
  page: number;
  pageSize: number;
  count: number;
  total: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  noun: string;
  busy?: boolean;
}) {
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = count === 0 ? 0 : from + count - 1;
  return (
    <nav
      aria-label={`${noun} pages`}
      className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:flex-row dark:border-slate-800"
    >
      <p className="text-slate-500 dark:text-slate-400" aria-live="polite">
        Showing{' '}
        <span className="font-medium text-slate-700 tabular-nums dark:text-slate-200">
          {from}-{to}
        </span>{' '}
        of <span className="font-medium text-slate-700 tabular-nums dark:text-slate-200">{total}</span> {noun}
      </p>
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
