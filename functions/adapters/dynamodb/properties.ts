import type { Property } from '../../../shared/schemas';
import { notFound } from '../../core/errors/app-error';
import { countChange, firstVersion, nextVersion, orgEntity, transact } from './entity';
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

const properties = orgEntity<PropertyItem>({
  type: TYPE,
  entity: ENTITY,
  label: 'Property',
  extra: (p) => ({
    searchText: [p.name, p.address, p.propertyManager, p.notes].filter(Boolean).join(' ').toLowerCase(),
  }),
});

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
  const property: PropertyItem = firstVersion({ ...fieldsOf(input), status: input.status ?? 'ACTIVE' });
  await transact([properties.create(orgId, property), countChange(orgId, PROPERTIES.countAttribute, 1)]);
  return property;
}

/** The property of this organization: findProperty answers undefined, getProperty 404 (also for another organization's ids). */
export const { find: findProperty, get: getProperty } = properties;

/** Replaces a property's fields if nobody changed it since `expectedVersion` (or since `before` was read). */
export async function updateProperty(
  orgId: string,
  before: PropertyItem,
  input: PropertyFields,
  expectedVersion?: number,
): Promise<PropertyItem> {
  properties.checkVersion(before, expectedVersion);
  const after = nextVersion(before, { ...fieldsOf(input), status: input.status ?? before.status });
  await transact([properties.replace(orgId, before, after)], properties.stale);
  return after;
}

/** Deletes a property and lowers the property count. Invoices keep their (now dangling) propertyId. */
export async function deleteProperty(orgId: string, id: string): Promise<void> {
  await getProperty(orgId, id);
  await transact([properties.remove(orgId, id), countChange(orgId, PROPERTIES.countAttribute, -1)], () =>
    notFound('Property'),
  );
}

/**
 * Newest first, optionally filtered by a case-insensitive search, paginated with an opaque cursor. The
 * cursor is the last returned item's key, and there is a next page only if a further match was seen.
 */
export const listProperties = (orgId: string, query: { search?: string; cursor?: string; limit?: number }) =>
  listSearchable(orgId, PROPERTIES, query, properties.fromStored);

/** Every property of the organization (for property matching during processing). */
export const listAllProperties = (orgId: string) =>
  listEverySearchable(orgId, PROPERTIES, properties.fromStored);
