import { useCallback, useSyncExternalStore } from 'react';

/**
 * Cursor paging for list endpoints: remembers the cursor of every page seen per filter set, so
 * Previous works and the page number can live in the URL.
 */
const store = new Map<string, (string | null)[]>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function useCursorPages(filterKey: string, page: number) {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const cursors = store.get(filterKey) ?? [null];
  /** undefined when the page's cursor is not known (e.g. the URL was opened directly). */
  const cursor = page === 1 ? null : cursors[page - 1];
  const remember = useCallback(
    (pageNumber: number, nextCursor: string | null) => {
      const list = store.get(filterKey) ?? [null];
      if (list[pageNumber] === nextCursor) return;
      list[pageNumber] = nextCursor;
      list.length = pageNumber + 1;
      store.set(filterKey, list);
      version++;
      for (const l of listeners) l();
    },
    [filterKey],
  );
  return { cursor, known: cursor !== undefined, remember };
}

/** 'Showing {from}-{to} of {total}' numbers for a page. */
export function pageRange(page: number, pageSize: number, count: number, total: number) {
  if (total === 0 || count === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + count - 1, total };
}
