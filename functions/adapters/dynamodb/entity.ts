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
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { conflict, notFound } from '../../core/errors/app-error';
import { db, isConditionFailure, nowIso, queryAll, tableName } from './client';
import { keys, sortKeyStartsWith, withoutKeys } from './keys';

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
  <K extends unknown[], C extends unknown[] = never[]>(spec: {
    key: (...composites: K) => Key;
    collection?: (...composites: C) => { PK: string; prefix: string };
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
      return {
        ...sortKeyStartsWith(PK, prefix),
        ...(newestFirst ? { ScanIndexForward: false } : {}),
        ...rest,
      };
    };
    const tx = {
      put: (composites: K, value: object, condition: Condition = {}): TransactItem => ({
        Put: { TableName: tableName(), Item: stored(composites, value), ...condition },
      }),
      update: (
        composites: K,
        expression: Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>,
      ): TransactItem => ({
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
      /** One page of the collection, as stored (keys included), and the key to read on from. */
      async page(
        composites: C,
        options: ListOptions & { limit?: number; startKey?: Record<string, unknown> },
      ) {
        const { limit, startKey, ...rest } = options;
        const { Items = [], LastEvaluatedKey } = await db().send(
          new QueryCommand({
            TableName: tableName(),
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
 * (BatchGetItem's limit) and asking again for what DynamoDB left unprocessed: a figure summed from
 * them never silently misses one.
 */
export async function readMany(itemKeys: readonly Key[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < itemKeys.length; i += 100) {
    let pending: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: itemKeys.slice(i, i + 100) as unknown as Record<string, unknown>[] },
    };
    for (let attempt = 0; pending && Object.keys(pending).length; attempt++) {
      if (attempt === BATCH_ATTEMPTS) throw new Error('DynamoDB left batch reads unprocessed');
      const result = await db().send(new BatchGetCommand({ RequestItems: pending }));
      found.push(...(result.Responses?.[tableName()] ?? []));
      pending = result.UnprocessedKeys as typeof pending;
    }
  }
  return found;
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
