import { parseAccountMap, type QboBill } from './bill';

/**
 * QuickBooks' tracking of a bill by property: a property may map to a Class (on each line,
 * AccountBasedExpenseLineDetail.ClassRef) and to a Location (the bill's DepartmentRef). Both maps are
 * optional integration settings, `{propertyId: id}`, kept as JSON like the account map.
 */
export interface TrackingMaps {
  classMap?: string;
  locationMap?: string;
}

export function withTracking(
  bill: QboBill,
  maps: TrackingMaps,
  propertyId: string | null | undefined,
): QboBill {
  if (!propertyId) return bill;
  const classId = parseAccountMap(maps.classMap)[propertyId];
  const locationId = parseAccountMap(maps.locationMap)[propertyId];
  return {
    ...bill,
    ...(locationId ? { DepartmentRef: { value: locationId } } : {}),
    Line: classId
      ? bill.Line.map((line) => ({
          ...line,
          AccountBasedExpenseLineDetail: {
            ClassRef: { value: classId },
            ...line.AccountBasedExpenseLineDetail,
          },
        }))
      : bill.Line,
  };
}
