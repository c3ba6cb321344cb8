import { parseAccountMap, type QboBill } from './bill';

/**
 * QuickBooks' tracking of a bill by property: a property may map to a Class (on each of its lines, see
 * billLines) and to a Location (the bill's DepartmentRef, here). Both maps are optional integration
 * settings, `{propertyId: id}`, kept as JSON like the account map.
 */
export interface TrackingMaps {
  classMap?: string;
  locationMap?: string;
}

export function withLocation(
  bill: QboBill,
  maps: TrackingMaps,
  propertyId: string | null | undefined,
): QboBill {
  const locationId = propertyId ? parseAccountMap(maps.locationMap)[propertyId] : undefined;
  return locationId ? { ...bill, DepartmentRef: { value: locationId } } : bill;
}
