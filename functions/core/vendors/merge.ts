import { badInput } from '../errors/app-error';
import { saveInvoice } from '../invoices/commit';
import { ports } from '../ports';
import type { VendorItem } from '../vendors/vendor';

/**
 * Merges `sourceId` into `targetId` (two records of one business): every invoice linked to the source,
 * or naming it without a link, is linked to the target (each write moves its amounts between the
 * vendors' aggregates and is audited), the source's names become the target's aliases so later
 * invoices match, and the source is deleted. Rerunning after a failure finishes the job.
 */
export async function mergeVendors(
  orgId: string,
  targetId: string,
  sourceId: string,
  actor: { actor: string; actorName: string | null },
): Promise<VendorItem> {
  if (targetId === sourceId)
    throw badInput('A vendor cannot be merged into itself', [
      { path: 'sourceVendorId', message: 'Choose another vendor' },
    ]);
  const [target, source] = await Promise.all([
    ports().getVendor(orgId, targetId),
    ports().getVendor(orgId, sourceId),
  ]);
  for (const invoice of await ports().invoicesOfVendorRecord(orgId, source)) {
    const note = `Vendor ${source.name} merged into ${target.name}`;
    const move = (item: typeof invoice) =>
      saveInvoice(item, { vendorId: target.id }, { type: 'vendor_merged', ...actor, note });
    // A concurrent edit wins the race; the merge then moves the edited invoice.
    await move(invoice).catch(async (error) => {
      if ((error as { code?: string }).code !== 'stale_version') throw error;
      await move(await ports().getInvoice(orgId, invoice.id));
    });
  }
  const merged = await ports().addVendorAliases(orgId, target, [source.name, ...(source.aliases ?? [])]);
  await ports().deleteVendor(orgId, source.id);
  return merged;
}
