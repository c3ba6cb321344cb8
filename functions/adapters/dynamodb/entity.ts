import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  type DeleteCommandInput,
  GetCommand,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  type ScanCommandInput,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { conflict, notFound } from '../../core/errors/app-error';
import { db, isConditionFailure, nowIso, queryAll, tableName } from './client';
import { AFTER_EVERY_KEY_CHARACTER, keys, withoutKeys } from './keys';
import { TABLE_INDEXES, TABLE_KEYS } from './table-definition';

export type TransactItems = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>;
export type TransactItem = TransactItems[number];

/** Why each item of a cancelled transaction failed, in order (`ConditionalCheckFailed`, `None`, ...). */
export const cancellationReasons = (error: unknown): (string | undefined)[] =>
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);

/** Writes `items` in one transaction; false (nothing written) when a condition refused it. */
export async function tryTransact(items: TransactItems): Promise<boolean> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Writes `items` in one transaction. When a condition refuses it, `onConflict` (given the reasons) says
 * which error the caller answers; any other failure, or a refusal without `onConflict`, is thrown as it is.
 */
export async function transact(
  items: TransactItems,
  onConflict?: (reasons: (string | undefined)[], error: unknown) => unknown,
): Promise<void> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!onConflict || !isConditionFailure(error)) throw error;
    throw onConflict(cancellationReasons(error), error);
  }
}

/**
 * One UpdateItem whose condition may refuse it: answers the attributes it returns (`{}` without
 * `ReturnValues`), or undefined when the condition refused it and nothing was written.
 */
export async function updateIf(
  input: Omit<UpdateCommandInput, 'TableName'>,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({ TableName: tableName(), ...input }));
    return Attributes ?? {};
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** A new versioned item: a fresh ULID, created and updated now, version 1. */
export function firstVersion<F extends object>(fields: F) {
  const now = nowIso();
  return { id: ulid(), ...fields, createdAt: now, updatedAt: now, version: 1 };
}

/** The next version of a versioned item: the changes, a new `updatedAt` and the version one up. */
export const nextVersion = <T extends { version: number }>(before: T, changes: Partial<T>): T => ({
  ...before,
  ...changes,
  updatedAt: nowIso(),
  version: before.version + 1,
});

/** A table key: every item's `PK` and `SK`, as keys.ts builds them. */
export interface Key {
  PK: string;
  SK: string;
}

/** What a conditional write adds to its request: the condition and the names and values it uses. */
type Condition = Pick<
  PutCommandInput,
  'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
>;
type UpdateExpression = Omit<UpdateCommandInput, 'TableName' | 'Key'>;
type ListOptions = Pick<QueryCommandInput, 'ConsistentRead' | 'ProjectionExpression'> & {
  newestFirst?: boolean;
};

/** The table (no name) or one of its global indexes (table-definition.ts). */
export type IndexName = (typeof TABLE_INDEXES)[number]['indexName'];

/** A partition to query: on the table, or on an index, its partition key built from composites. */
export interface IndexSpec<C extends unknown[]> {
  index?: IndexName;
  partition: (...composites: C) => string;
}

/** A query's sort-key range: a prefix (read as a range, see below), both bounds included, or below a key. */
export type SortKeyRange = { prefix: string } | { from: string; to: string } | { below: string };

export interface QueryOptions {
  range?: SortKeyRange;
  /** A FilterExpression and the names and values it uses (`:pk`, `:skFrom`, `:skTo` are the key's). */
  filter?: {
    expression: string;
    names?: Record<string, string>;
    values?: Record<string, unknown>;
  };
  newestFirst?: boolean;
  consistent?: boolean;
  projection?: string;
}

/** One request of a query: where it starts, and how many items it reads at most. */
export interface PageOptions extends QueryOptions {
  limit?: number;
  startKey?: Record<string, unknown>;
}

/** The key condition of a sort-key range; a prefix is read as a range (keys.ts sortKeyStartsWith says why). */
function sortKeyCondition(sk: string, range: SortKeyRange | undefined) {
  if (!range) return { condition: '', values: {} };
  if ('below' in range) return { condition: ` AND ${sk} < :skTo`, values: { ':skTo': range.below } };
  const [from, to] =
    'prefix' in range
      ? [range.prefix, `${range.prefix}${AFTER_EVERY_KEY_CHARACTER}`]
      : [range.from, range.to];
  return { condition: ` AND ${sk} BETWEEN :skFrom AND :skTo`, values: { ':skFrom': from, ':skTo': to } };
}

/**
 * The queries of one partition of the table or of an index: every query request is built here, so a
 * module says which partition, range, filter and order it reads, and how many items.
 */
export function partitionQuery(index: IndexName | undefined, pk: string) {
  const names = TABLE_INDEXES.find((i) => i.indexName === index) ?? TABLE_KEYS;
  const keyNames = { pk: names.partitionKey, sk: names.sortKey };
  const input = (options: QueryOptions = {}): QueryCommandInput => {
    const sk = sortKeyCondition(keyNames.sk, options.range);
    const filterNames = options.filter?.names ?? {};
    return {
      TableName: tableName(),
      ...(index ? { IndexName: index } : {}),
      KeyConditionExpression: `${keyNames.pk} = :pk${sk.condition}`,
      ExpressionAttributeValues: { ':pk': pk, ...sk.values, ...options.filter?.values },
      ...(Object.keys(filterNames).length ? { ExpressionAttributeNames: filterNames } : {}),
      ...(options.filter ? { FilterExpression: options.filter.expression } : {}),
      ...(options.newestFirst ? { ScanIndexForward: false } : {}),
      ...(options.consistent ? { ConsistentRead: true } : {}),
      ...(options.projection ? { ProjectionExpression: options.projection } : {}),
    };
  };
  return {
    /** The partition key's value, and the names of the key attributes it is queried on. */
    pk,
    keyNames,
    input,
    /** One request: the matching items (as stored), how many it read, and the key to read on from. */
    async page(options: PageOptions = {}) {
      const { limit, startKey, ...rest } = options;
      const {
        Items = [],
        ScannedCount,
        LastEvaluatedKey,
      } = await db().send(
        new QueryCommand({
          ...input(rest),
          ...(limit ? { Limit: limit } : {}),
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      return { items: Items, scanned: ScannedCount ?? 0, lastKey: LastEvaluatedKey };
    },
    /** Every matching item, page after page. For sets known to stay small. */
    all: (options?: QueryOptions) => queryAll(input(options)),
    /**
     * How many items match (Select COUNT, page after page), reading at most `budget` items: `lastKey`
     * is where counting stopped when the budget ran out first.
     */
    async count(options: QueryOptions & { budget?: number } = {}) {
      const { budget = Number.POSITIVE_INFINITY, ...rest } = options;
      let count = 0;
      let read = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await db().send(
          new QueryCommand({
            ...input(rest),
            Select: 'COUNT',
            ExclusiveStartKey: startKey,
            ...(Number.isFinite(budget) ? { Limit: budget - read } : {}),
          }),
        );
        count += page.Count ?? 0;
        read += page.ScannedCount ?? 0;
        startKey = page.LastEvaluatedKey;
      } while (startKey && read < budget);
      return { count, lastKey: startKey };
    },
    /** The key a query of this partition starts after `item` from: the table's key and the index's. */
    keyOf: (item: Record<string, unknown>): Record<string, unknown> => ({
      PK: item.PK,
      SK: item.SK,
      ...(index ? { [keyNames.pk]: item[keyNames.pk], [keyNames.sk]: item[keyNames.sk] } : {}),
    }),
  };
}

export type PartitionQuery = ReturnType<typeof partitionQuery>;

/** A declared partition to query: called with its composites, it answers that partition's queries. */
export const declaredIndex =
  <C extends unknown[]>(spec: IndexSpec<C>) =>
  (...composites: C): PartitionQuery =>
    partitionQuery(spec.index, spec.partition(...composites));

/** Every item a scan matches, page after page: for the operator's scripts, never a request path. */
export async function scanAll(
  input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * One kind of item, declared once: its key composites (`key`, built by keys.ts), the list it belongs to
 * (`collection`: a partition and a sort-key prefix), the `entity` attribute it is stored with and the
 * attributes stored beside it that are no part of it (`hidden`: search text, TTL expiry). Every read,
 * write and transaction item of the kind comes from it, so a module states what it stores and under
 * which condition, and never builds a request. Stored items keep exactly the attributes they had: the
 * key, `entity` when the kind has one, and the value written.
 *
 * Curried so `T` is named and the composites are inferred: `itemKind<Category>()({ key: ..., ... })`.
 */
export const itemKind =
  <T extends object>() =>
  <
    K extends unknown[],
    C extends unknown[] = never[],
    // biome-ignore lint/suspicious/noExplicitAny: each index has composites of its own
    I extends Record<string, IndexSpec<any[]>> = Record<never, never>,
  >(spec: {
    key: (...composites: K) => Key;
    collection?: (...composites: C) => { PK: string; prefix: string };
    /** The partitions the kind is queried in beyond its collection (an index, a range of its own). */
    indexes?: I;
    entity?: string;
    hidden?: readonly string[];
  }) => {
    const stored = (composites: K, value: object) => ({
      ...spec.key(...composites),
      ...(spec.entity ? { entity: spec.entity } : {}),
      ...value,
    });
    const fromStored = (raw: Record<string, unknown>): T => {
      const item: Record<string, unknown> = withoutKeys(raw);
      for (const name of spec.hidden ?? []) delete item[name];
      return item as T;
    };
    const listInput = (composites: C, options: ListOptions = {}) => {
      if (!spec.collection) throw new Error(`${spec.entity ?? 'This item kind'} has no collection`);
      const { PK, prefix } = spec.collection(...composites);
      const { newestFirst, ...rest } = options;
      return { ...partitionQuery(undefined, PK).input({ range: { prefix }, newestFirst }), ...rest };
    };
    const indexes = Object.fromEntries(
      Object.entries(spec.indexes ?? {}).map(([name, index]) => [name, declaredIndex(index)]),
    ) as { [N in keyof I]: (...composites: Parameters<I[N]['partition']>) => PartitionQuery };
    const tx = {
      put: (composites: K, value: object, condition: Condition = {}): TransactItem => ({
        Put: { TableName: tableName(), Item: stored(composites, value), ...condition },
      }),
      update: (
        composites: K,
        expression: Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>,
      ) => ({
        Update: { TableName: tableName(), Key: spec.key(...composites), ...expression },
      }),
      delete: (composites: K, condition: Condition = {}): TransactItem => ({
        Delete: { TableName: tableName(), Key: spec.key(...composites), ...condition },
      }),
      check: (composites: K, condition: Required<Pick<Condition, 'ConditionExpression'>> & Condition) => ({
        ConditionCheck: { TableName: tableName(), Key: spec.key(...composites), ...condition },
      }),
    };

    /** The stored item as it is (keys included), or undefined. */
    const read = async (composites: K, options: { consistent?: boolean } = {}) => {
      const { Item } = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: spec.key(...composites),
          ...(options.consistent ? { ConsistentRead: true } : {}),
        }),
      );
      return Item;
    };

    return {
      key: spec.key,
      stored,
      fromStored,
      /** The kind's declared partitions: `kind.indexes.byStatus(orgId, status).page({ ... })`. */
      indexes,
      /** Transaction items of the kind's writes, for `transact`. */
      tx,
      read,
      async find(composites: K, options: { consistent?: boolean } = {}): Promise<T | undefined> {
        const item = await read(composites, options);
        return item ? fromStored(item) : undefined;
      },
      /** Writes the item; a refused `condition` throws (callers that expect a refusal catch it). */
      async put(composites: K, value: object, condition: Condition = {}): Promise<void> {
        await db().send(
          new PutCommand({ TableName: tableName(), Item: stored(composites, value), ...condition }),
        );
      },
      /** Writes items 25 to a request, sending again what DynamoDB left unprocessed. */
      async putAll<V extends object>(values: V[], keyOf: (value: V, index: number) => K): Promise<void> {
        await writeBatches(
          values.map((value, i) => ({ PutRequest: { Item: stored(keyOf(value, i), value) } })),
        );
      },
      /** One UpdateItem: the attributes it returns; a refused condition throws. */
      async update(composites: K, expression: UpdateExpression) {
        const { Attributes } = await db().send(
          new UpdateCommand({ TableName: tableName(), Key: spec.key(...composites), ...expression }),
        );
        return Attributes;
      },
      /** One UpdateItem: the attributes it returns (`{}` without ReturnValues), undefined when refused. */
      updateIf: (composites: K, expression: UpdateExpression) =>
        updateIf({ Key: spec.key(...composites), ...expression }),
      /** Deletes the item: the attributes it returns (`ReturnValues`); a refused condition throws. */
      async delete(composites: K, options: Omit<DeleteCommandInput, 'TableName' | 'Key'> = {}) {
        const { Attributes } = await db().send(
          new DeleteCommand({ TableName: tableName(), Key: spec.key(...composites), ...options }),
        );
        return Attributes;
      },
      /** Every item of the collection, oldest first (by sort key) unless `newestFirst`. */
      async list(composites: C, options?: ListOptions): Promise<T[]> {
        return (await queryAll(listInput(composites, options))).map(fromStored);
      },
      /** Every item of the collection as stored (keys included), oldest first unless `newestFirst`. */
      readAll: (composites: C, options?: ListOptions) => queryAll(listInput(composites, options)),
      /** One page of the collection, as stored (keys included), and the key to read on from. */
      async page(
        composites: C,
        options: ListOptions & { limit?: number; startKey?: Record<string, unknown> },
      ) {
        const { limit, startKey, ...rest } = options;
        const { Items = [], LastEvaluatedKey } = await db().send(
          new QueryCommand({
            ...listInput(composites, rest),
            ...(limit ? { Limit: limit } : {}),
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
        return { items: Items, lastKey: LastEvaluatedKey };
      },
    };
  };

/** How often a batch sends again what DynamoDB left unprocessed (throttling) before it gives up. */
const BATCH_ATTEMPTS = 5;

/** Sends write requests 25 at a time (BatchWriteItem's limit), each batch retried for what was left unprocessed. */
export async function writeBatches(requests: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, unknown[]> | undefined = { [tableName()]: requests.slice(i, i + 25) };
    for (let attempt = 0; pending && Object.keys(pending).length; attempt++) {
      if (attempt === BATCH_ATTEMPTS) throw new Error('DynamoDB left batch writes unprocessed');
      const result = await db().send(
        new BatchWriteCommand({ RequestItems: pending as Record<string, never[]> }),
      );
      pending = result.UnprocessedItems as typeof pending;
    }
  }
}

/**
 * The stored items of `itemKeys` (absent ones left out, in no order), read 100 keys a request
 * (BatchGetItem's limit), the requests in parallel, asking again, a little later each time, for what
 * DynamoDB left unprocessed: a figure summed from them never silently misses one.
 */
export async function readMany(itemKeys: readonly Key[]): Promise<Record<string, unknown>[]> {
  const chunks: Key[][] = [];
  for (let i = 0; i < itemKeys.length; i += 100) chunks.push(itemKeys.slice(i, i + 100));
  const pages = await Promise.all(
    chunks.map(async (chunk) => {
      const found: Record<string, unknown>[] = [];
      let wanted: Record<string, unknown>[] = chunk as unknown as Record<string, unknown>[];
      for (let attempt = 0; wanted.length > 0; attempt++) {
        if (attempt === BATCH_ATTEMPTS) throw new Error('DynamoDB left batch reads unprocessed');
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(500, 20 * 2 ** attempt)));
        const { Responses, UnprocessedKeys } = await db().send(
          new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: wanted } } }),
        );
        found.push(...(Responses?.[tableName()] ?? []));
        wanted = (UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
      }
      return found;
    }),
  );
  return pages.flat();
}

/**
 * One kind of item in the organization's partition (`ORG#<org>` / `<TYPE>#<id>`): the reads, and the
 * transaction items of its writes, that every such entity repeats. A versioned write holds only while
 * the stored `version` is the one read, so a concurrent change is refused as `stale()`.
 */
export function orgEntity<T extends { id: string }>(spec: {
  /** The sort-key type (`VENDOR`). */
  type: string;
  /** The `entity` attribute of stored items. */
  entity: string;
  /** The name its 404 and its stale-version conflict use (`Vendor`). */
  label: string;
  /** Attributes stored beside the item and dropped on reading (search text). */
  extra?: (item: T) => Record<string, unknown>;
}) {
  const kind = itemKind<T>()({
    key: (orgId: string, id: string) => keys.entity(orgId, spec.type, id),
    collection: (orgId: string) => ({ PK: keys.orgPk(orgId), prefix: `${spec.type}#` }),
    entity: spec.entity,
  });
  const fromStored = (raw: Record<string, unknown>): T => {
    const item: Record<string, unknown> = kind.fromStored(raw);
    for (const name of Object.keys(spec.extra?.(item as T) ?? {})) delete item[name];
    return item as T;
  };
  const stored = (item: T) => ({ ...item, ...spec.extra?.(item) });
  const stale = () =>
    conflict(
      'stale_version',
      `This ${spec.label.toLowerCase()} was changed by someone else; reload it and try again`,
    );
  const find = async (orgId: string, id: string): Promise<T | undefined> => {
    const item = await kind.read([orgId, id], { consistent: true });
    return item ? fromStored(item) : undefined;
  };
  const versionIs = (before: { version: number }) => ({
    ConditionExpression: 'version = :v',
    ExpressionAttributeValues: { ':v': before.version },
  });

  return {
    key: kind.key,
    fromStored,
    stale,
    find,
    /** The item of this organization, or 404 (also for another organization's ids). */
    async get(orgId: string, id: string): Promise<T> {
      const item = await find(orgId, id);
      if (!item) throw notFound(spec.label);
      return item;
    },
    /** Every item of the type, oldest first (newest first with `newestFirst`). */
    list: async (orgId: string, options: { newestFirst?: boolean } = {}): Promise<T[]> =>
      (await kind.list([orgId], { ...options, ConsistentRead: true })).map(fromStored),
    /** A new item, refused if its key is taken. */
    create: (orgId: string, item: T): TransactItem =>
      kind.tx.put([orgId, item.id], stored(item), { ConditionExpression: 'attribute_not_exists(PK)' }),
    /** `after` over `before`, only while `before`'s version is still stored. */
    replace: (orgId: string, before: { version: number }, after: T): TransactItem =>
      kind.tx.put([orgId, after.id], stored(after), versionIs(before)),
    /** The item's delete: only of `before`'s version when given, else of whatever exists. */
    remove: (orgId: string, id: string, before?: { version: number }): TransactItem =>
      kind.tx.delete(
        [orgId, id],
        before ? versionIs(before) : { ConditionExpression: 'attribute_exists(PK)' },
      ),
    /** One UpdateItem of the item: the attributes it returns, undefined when its condition refused it. */
    updateIf: (orgId: string, id: string, expression: UpdateExpression) =>
      kind.updateIf([orgId, id], expression),
    /** The condition, in another item's transaction, that the item still exists. */
    exists: (orgId: string, id: string): TransactItem =>
      kind.tx.check([orgId, id], { ConditionExpression: 'attribute_exists(PK)' }),
    /** Refuses an edit made against another version than the one stored. */
    checkVersion(before: { version: number }, expectedVersion: number | undefined): void {
      if (expectedVersion !== undefined && expectedVersion !== before.version) throw stale();
    },
  };
}

/** A TOTALS counter moved by `delta` in the same transaction as the write it counts. */
export const countChange = (orgId: string, attribute: string, delta: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.stats(orgId, keys.totalsBucket),
    UpdateExpression: `ADD ${attribute} :d`,
    ExpressionAttributeValues: { ':d': delta },
  },
});
