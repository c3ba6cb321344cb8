import { useCallback, useSyncExternalStore } from 'react';

/**
 * Cursor paging for list endpoints: remembers the cursor of every page seen per filter set, so
 * Previous works and the page number can live in the URL. The cursors are kept for the tab's
 * session, so a reload stays on the same page.
 */
const STORAGE_KEY = 'cursorPages';
/** Filter sets kept in session storage, the most recently paged last. */
const MAX_STORED = 50;

function load(): Map<string, (string | null)[]> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return new Map();
    return new Map(
      parsed.filter(
        (e): e is [string, (string | null)[]] =>
          Array.isArray(e) &&
          typeof e[0] === 'string' &&
          Array.isArray(e[1]) &&
          e[1].every((c: unknown) => c === null || typeof c === 'string'),
      ),
    );
  } catch {
    return new Map();
  }
}

function save() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...store].slice(-MAX_STORED)));
  } catch {
    // Storage blocked or full: the cursors still hold until the page is reloaded.
  }
}

const store = load();
/**
 * Where each page starts (0-based item index) per filter set. Pages are usually full, but a search the
 * server cut short at its read budget returns a short page, and the numbering must follow what was shown.
 */
const starts = new Map<string, number[]>();
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
  /**
   * undefined when the page's cursor is not known (e.g. the URL was opened in another tab), or the
   * page is past the last one (the previous page had no next cursor).
   */
  const cursor = page === 1 ? null : (cursors[page - 1] ?? undefined);
  const start = page === 1 ? 0 : starts.get(filterKey)?.[page - 1];
  const remember = useCallback(
    (pageNumber: number, nextCursor: string | null, itemCount?: number) => {
      const pageStarts = starts.get(filterKey) ?? [0];
      const here = pageStarts[pageNumber - 1];
      if (itemCount !== undefined && here !== undefined) {
        pageStarts[pageNumber] = here + itemCount;
        pageStarts.length = pageNumber + 1;
        starts.set(filterKey, pageStarts);
      }
      const list = store.get(filterKey) ?? [null];
      if (list[pageNumber] === nextCursor) return;
      list[pageNumber] = nextCursor;
      list.length = pageNumber + 1;
      store.delete(filterKey);
      store.set(filterKey, list);
      save();
      version++;
      for (const l of listeners) l();
    },
    [filterKey],
  );
  return { cursor, known: cursor !== undefined, start, remember };
}

/**
 * 'Showing {from}-{to} of {total}' numbers for a page; `start` is where the page begins when known
 * (see `starts`), else full pages are assumed.
 */
export function pageRange(page: number, pageSize: number, count: number, total: number, start?: number) {
  if (total === 0 || count === 0) return { from: 0, to: 0, total };
  const from = (start ?? (page - 1) * pageSize) + 1;
  return { from, to: from + count - 1, total };
}
