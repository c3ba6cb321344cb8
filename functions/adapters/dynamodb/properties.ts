import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Property } from '../../../shared/schemas';
import { conflict, notFound } from '../../core/errors/app-error';
import { db, isConditionFailure, nowIso, tableName } from './client';
import { keys, withoutKeys } from './keys';
import { listEverySearchable, listSearchable, type SearchableType } from './searchable-list';

/** A property as stored; the API answers it as is (without keys and search text). */
export type PropertyItem = Property;

export interface PropertyFields {
  name: string;
  address: string;
  propertyType: Property['propertyType'];
  units?: number | null;
  rentAmount?: number | null;
  marketValue?: number | null;
  acquisitionDate: string | null;
  propertyManager: string | null;
  notes: string | null;
  status?: 'ACTIVE' | 'INACTIVE';
}

const TYPE = 'PROPERTY';
const ENTITY = 'Property';
const PROPERTIES: SearchableType = { type: TYPE, entity: ENTITY, countAttribute: 'propertyCount' };

const searchTextOf = (p: PropertyItem) =>
  [p.name, p.address, p.propertyManager, p.notes].filter(Boolean).join(' ').toLowerCase();

const toStored = (orgId: string, p: PropertyItem) => ({
  ...keys.entity(orgId, TYPE, p.id),
  entity: ENTITY,
  ...p,
  searchText: searchTextOf(p),
});

function fromStored(raw: Record<string, unknown>): PropertyItem {
  const { searchText: _s, ...rest } = withoutKeys(raw);
  return rest as unknown as PropertyItem;
}

const staleProperty = () =>
  conflict('stale_version', 'This property was changed by someone else; reload it and try again');

/** Absent numbers are stored as null, so a PUT that leaves a number out clears it. */
function fieldsOf(input: PropertyFields) {
  return {
    name: input.name,
    address: input.address,
    propertyType: input.propertyType,
    units: input.units ?? null,
    rentAmount: input.rentAmount ?? null,
    marketValue: input.marketValue ?? null,
    acquisitionDate: input.acquisitionDate,
    propertyManager: input.propertyManager,
    notes: input.notes,
  };
}

/** Creates a property and counts it in the organization's totals, in one transaction. */
export async function createProperty(orgId: string, input: PropertyFields): Promise<PropertyItem> {
  const now = nowIso();
  const property: PropertyItem = {
    id: ulid(),
    ...fieldsOf(input),
    status: input.status ?? 'ACTIVE',
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: toStored(orgId, property),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.stats(orgId, 'TOTALS'),
            UpdateExpression: 'ADD propertyCount :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    }),
  );
  return property;
}

export async function findProperty(orgId: string, id: string): Promise<PropertyItem | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.entity(orgId, TYPE, id), ConsistentRead: true }),
  );
  return Item ? fromStored(Item) : undefined;
}

/** The property of this organization, or 404 (also for another organization's ids). */
export async function getProperty(orgId: string, id: string): Promise<PropertyItem> {
  const property = await findProperty(orgId, id);
  if (!property) throw notFound('Property');
  return property;
}

/** Replaces a property's fields if nobody changed it since `expectedVersion` (or since `before` was read). */
export async function updateProperty(
  orgId: string,
  before: PropertyItem,
  input: PropertyFields,
  expectedVersion?: number,
): Promise<PropertyItem> {
  if (expectedVersion !== undefined && expectedVersion !== before.version) throw staleProperty();
  const after: PropertyItem = {
    ...before,
    ...fieldsOf(input),
    status: input.status ?? before.status,
    updatedAt: nowIso(),
    version: before.version + 1,
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: toStored(orgId, after),
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': before.version },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw staleProperty();
  }
  return after;
}

/** Deletes a property and lowers the property count. Invoices keep their (now dangling) propertyId. */
export async function deleteProperty(orgId: string, id: string): Promise<void> {
  await getProperty(orgId, id);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.entity(orgId, TYPE, id),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.stats(orgId, 'TOTALS'),
              UpdateExpression: 'ADD propertyCount :minus',
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw notFound('Property');
  }
}

/**
 * Newest first, optionally filtered by a case-insensitive search, paginated with an opaque cursor. The
 * cursor is the last returned item's key, and there is a next page only if a further match was seen.
 */
export const listProperties = (orgId: string, query: { search?: string; cursor?: string; limit?: number }) =>
  listSearchable(orgId, PROPERTIES, query, fromStored);

/** Every property of the organization (for property matching during processing). */
export const listAllProperties = (orgId: string) => listEverySearchable(orgId, PROPERTIES, fromStored);
