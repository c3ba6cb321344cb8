import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { keys, sortKeyStartsWith } from './keys';

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

function listInput(orgId: string, of: SearchableType, search: string | undefined): QueryCommandInput {
  const condition = sortKeyStartsWith(keys.orgPk(orgId), `${of.type}#`);
  const values: Record<string, unknown> = { ...condition.ExpressionAttributeValues, ':e': of.entity };
  const filters = ['entity = :e'];
  if (search) {
    filters.push('contains(searchText, :q)');
    values[':q'] = search.toLowerCase();
  }
  return {
    TableName: tableName(),
    KeyConditionExpression: condition.KeyConditionExpression,
    FilterExpression: filters.join(' AND '),
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  };
}

/**
 * Reads up to `limit` matching items from `startKey` on. The cursor is the last returned item's key, and
 * there is a next page only if a further matching item was actually seen (so "next" never leads nowhere).
 */
async function readPage(
  input: QueryCommandInput,
  limit: number,
  cursorScope: string,
  cursor: string | undefined,
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null }> {
  const items: Record<string, unknown>[] = [];
  let more = false;
  let key = decodeCursor(cursorScope, cursor);
  do {
    const page = await db().send(
      new QueryCommand({ ...input, ExclusiveStartKey: key, Limit: Math.max(limit + 1 - items.length, 25) }),
    );
    for (const raw of page.Items ?? []) {
      if (items.length === limit) {
        more = true;
        break;
      }
      items.push(raw);
    }
    key = page.LastEvaluatedKey;
  } while (!more && key);
  const last = items.at(-1);
  return { items, nextCursor: more && last ? encodeCursor(cursorScope, { PK: last.PK, SK: last.SK }) : null };
}

async function countMatches(input: QueryCommandInput): Promise<number> {
  let count = 0;
  let key: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: key }));
    count += page.Count ?? 0;
    key = page.LastEvaluatedKey;
  } while (key);
  return count;
}

async function counted(orgId: string, of: SearchableType): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.stats(orgId, 'TOTALS') }),
  );
  return Number(Item?.[of.countAttribute] ?? 0);
}

/** One page of the type's items, newest first, optionally narrowed by a search, with the total. */
export async function listSearchable<T>(
  orgId: string,
  of: SearchableType,
  query: { search?: string; cursor?: string; limit?: number },
  fromStored: (raw: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const input = listInput(orgId, of, query.search || undefined);
  // A cursor continues this type's list in this organization's partition, whatever the search.
  const cursorScope = `${of.type}|${keys.orgPk(orgId)}`;
  const [page, total] = await Promise.all([
    readPage(input, query.limit ?? 25, cursorScope, query.cursor),
    query.search ? countMatches(input) : counted(orgId, of),
  ]);
  return { items: page.items.map(fromStored), nextCursor: page.nextCursor, total };
}

/** Every item of the type (vendor and property matching, analytics): they number in the hundreds. */
export async function listEverySearchable<T>(
  orgId: string,
  of: SearchableType,
  fromStored: (raw: Record<string, unknown>) => T,
): Promise<T[]> {
  return (await queryAll(listInput(orgId, of, undefined))).map(fromStored);
}
