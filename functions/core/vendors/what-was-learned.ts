import type { VendorMemory } from '../../../shared/schemas/vendor-memory';
import { ports } from '../ports';
import { historyView } from './history';
import { memoryView } from './memory-view';

/**
 * What the organization learned of one of its vendors' layouts, and forgetting it. Both look the vendor
 * up in the organization first: another organization's vendor id is a 404, as an unknown one is, and
 * never reaches the memory store.
 */

/** GET /api/vendors/{id}/memory. */
export async function whatWasLearned(orgId: string, vendorId: string): Promise<VendorMemory> {
  await ports().getVendor(orgId, vendorId);
  const [layouts, history] = await Promise.all([
    ports().loadVendorMemory(orgId, vendorId),
    ports().loadVendorHistory(orgId, vendorId),
  ]);
  const propertyIds = [
    ...new Set(
      history
        .flatMap((f) => [f.propertyId, ...(f.split ?? []).map((s) => s.propertyId)])
        .filter((id): id is string => !!id),
    ),
  ];
  const names = new Map(
    await Promise.all(
      propertyIds.map(async (id) => [id, (await ports().findProperty(orgId, id))?.name ?? null] as const),
    ),
  );
  return { ...memoryView(layouts), history: historyView(history, (id) => names.get(id) ?? null) };
}

/** DELETE /api/vendors/{id}/memory: the vendor's next invoice is read as a fresh organization's is. */
export async function forgetWhatWasLearned(orgId: string, vendorId: string): Promise<void> {
  await ports().getVendor(orgId, vendorId);
  await ports().forgetVendorMemory(orgId, vendorId);
}
