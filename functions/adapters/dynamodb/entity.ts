import {
  GetCommand,
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
  const key = (orgId: string, id: string) => keys.entity(orgId, spec.type, id);
  const fromStored = (raw: Record<string, unknown>): T => {
    const item: Record<string, unknown> = withoutKeys(raw);
    for (const name of Object.keys(spec.extra?.(item as T) ?? {})) delete item[name];
    return item as T;
  };
  const stored = (orgId: string, item: T) => ({
    ...key(orgId, item.id),
    entity: spec.entity,
    ...item,
    ...spec.extra?.(item),
  });
  const stale = () =>
    conflict(
      'stale_version',
      `This ${spec.label.toLowerCase()} was changed by someone else; reload it and try again`,
    );

  const find = async (orgId: string, id: string): Promise<T | undefined> => {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: key(orgId, id), ConsistentRead: true }),
    );
    return Item ? fromStored(Item) : undefined;
  };

  return {
    key,
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
    async list(orgId: string, options: { newestFirst?: boolean } = {}): Promise<T[]> {
      const items = await queryAll({
        ...sortKeyStartsWith(keys.orgPk(orgId), `${spec.type}#`),
        ...(options.newestFirst ? { ScanIndexForward: false } : {}),
        ConsistentRead: true,
      });
      return items.map(fromStored);
    },
    /** A new item, refused if its key is taken. */
    create: (orgId: string, item: T): TransactItem => ({
      Put: {
        TableName: tableName(),
        Item: stored(orgId, item),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    }),
    /** `after` over `before`, only while `before`'s version is still stored. */
    replace: (orgId: string, before: { version: number }, after: T): TransactItem => ({
      Put: {
        TableName: tableName(),
        Item: stored(orgId, after),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': before.version },
      },
    }),
    /** The item's delete: only of `before`'s version when given, else of whatever exists. */
    remove: (orgId: string, id: string, before?: { version: number }): TransactItem => ({
      Delete: {
        TableName: tableName(),
        Key: key(orgId, id),
        ...(before
          ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': before.version } }
          : { ConditionExpression: 'attribute_exists(PK)' }),
      },
    }),
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
