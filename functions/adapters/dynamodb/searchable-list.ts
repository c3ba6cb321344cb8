import { getAggregate } from './aggregates';
import { decodeCursor, encodeCursor } from './cursor';
import { declaredIndex, type QueryOptions } from './entity';
import { keys } from './keys';

/**
 * Vendors and properties are listed the same way: the items of one type in the organization's partition,
 * newest first, narrowed by a case-insensitive `contains` on the `searchText` they are stored with, paged
 * with an opaque cursor. Unfiltered, the total is the organization's counter; a search counts its matches.
 */
export interface SearchableType {
  /** The sort-key prefix (`VENDOR`, `PROPERTY`). */
  type: string;
  /** The `entity` attribute, which keeps the type's other items (name guards) out of the list. */
  entity: string;
  /** The attribute of the organization's TOTALS item that counts this type. */
  countAttribute: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** The organization's partition, where vendors and properties are stored (`<TYPE>#<id>`). */
const organization = declaredIndex({ partition: keys.orgPk });

function listQuery(of: SearchableType, search: string | undefined): QueryOptions {
  const values: Record<string, unknown> = { ':e': of.entity };
  const filters = ['entity = :e'];
  if (search) {
    filters.push('contains(searchText, :q)');
    values[':q'] = search.toLowerCase();
  }
  return {
    range: { prefix: `${of.type}#` },
    filter: { expression: filters.join(' AND '), values },
    newestFirst: true,
  };
}

/**
 * Reads up to `limit` matching items from `startKey` on. The cursor is the last returned item's key, and
 * there is a next page only if a further matching item was actually seen (so "next" never leads nowhere).
 */
async function readPage(
  orgId: string,
  query: QueryOptions,
  limit: number,
  cursorScope: string,
  cursor: string | undefined,
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null }> {
  const partition = organization(orgId);
  const items: Record<string, unknown>[] = [];
  let more = false;
  let key = decodeCursor(cursorScope, cursor);
  do {
    const page = await partition.page({
      ...query,
      startKey: key,
      limit: Math.max(limit + 1 - items.length, 25),
    });
    for (const raw of page.items) {
      if (items.length === limit) {
        more = true;
        break;
      }
      items.push(raw);
    }
    key = page.lastKey;
  } while (!more && key);
  const last = items.at(-1);
  return { items, nextCursor: more && last ? encodeCursor(cursorScope, partition.keyOf(last)) : null };
}

async function counted(orgId: string, of: SearchableType): Promise<number> {
  return Number((await getAggregate(orgId, keys.totalsBucket))[of.countAttribute] ?? 0);
}

/** One page of the type's items, newest first, optionally narrowed by a search, with the total. */
export async function listSearchable<T>(
  orgId: string,
  of: SearchableType,
  query: { search?: string; cursor?: string; limit?: number },
  fromStored: (raw: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const search = listQuery(of, query.search || undefined);
  // A cursor continues this type's list in this organization's partition, whatever the search.
  const cursorScope = `${of.type}|${keys.orgPk(orgId)}`;
  const [page, total] = await Promise.all([
    readPage(orgId, search, query.limit ?? 25, cursorScope, query.cursor),
    query.search
      ? organization(orgId)
          .count(search)
          .then(({ count }) => count)
      : counted(orgId, of),
  ]);
  return { items: page.items.map(fromStored), nextCursor: page.nextCursor, total };
}

/** Every item of the type (vendor and property matching, analytics): they number in the hundreds. */
export async function listEverySearchable<T>(
  orgId: string,
  of: SearchableType,
  fromStored: (raw: Record<string, unknown>) => T,
): Promise<T[]> {
  return (await organization(orgId).all(listQuery(of, undefined))).map(fromStored);
}
