import type { ApprovedInvoiceFact } from '../../core/vendors/history';
import type { LayoutMemory } from '../../core/vendors/memory';
import { isConditionFailure, nowIso } from './client';
import { itemKind } from './entity';
import { keys } from './keys';
import { getRun } from './runs';

/**
 * The organization's memory of each vendor's layouts (core/vendors/memory.ts) and approved invoices
 * (core/vendors/history.ts), one item per vendor (`ORG#<org>` / `VENDORMEMORY#<vendorId>`): only ever
 * read and written under the organization's own partition, with a vendor id of that organization, so
 * one organization's memory never reaches another's invoices. Its size is bounded by memory.ts (layouts per vendor, anchors per field) and
 * history.ts (approved invoices per vendor).
 */

/** What is stored of a vendor: its layouts and the record of its approved invoices (core/vendors/history.ts). */
interface StoredMemory {
  layouts: LayoutMemory[];
  history: ApprovedInvoiceFact[];
  version: number;
}
type Part = 'layouts' | 'history';

/** Items written before the history existed have no `history`. */
const memories = itemKind<Partial<StoredMemory>>()({ key: keys.vendorMemory, entity: 'VendorMemory' });

async function read(orgId: string, vendorId: string): Promise<StoredMemory | null> {
  const stored = await memories.find([orgId, vendorId], { consistent: true });
  return stored
    ? {
        layouts: stored.layouts ?? [],
        history: stored.history ?? [],
        version: Number(stored.version ?? 0),
      }
    : null;
}

/** Both parts of what is remembered of the vendor, in one read (Classify uses both). */
export async function loadVendorKnowledge(
  orgId: string,
  vendorId: string,
): Promise<{ layouts: LayoutMemory[]; history: ApprovedInvoiceFact[] }> {
  const stored = await read(orgId, vendorId);
  return { layouts: stored?.layouts ?? [], history: stored?.history ?? [] };
}

/** The vendor's remembered layouts (none when nothing was learned of it). */
export async function loadVendorMemory(orgId: string, vendorId: string): Promise<LayoutMemory[]> {
  return (await read(orgId, vendorId))?.layouts ?? [];
}

/** The vendor's approved invoices, newest first (none when none was approved, or since a reset). */
export async function loadVendorHistory(orgId: string, vendorId: string): Promise<ApprovedInvoiceFact[]> {
  return (await read(orgId, vendorId))?.history ?? [];
}

/** How often a change is tried again when another approval of the same vendor's invoice saved first. */
const MAX_ATTEMPTS = 3;

/**
 * Applies `change` to one part of the vendor's memory, keeping the other. Each write is conditional on
 * the version read: two approvals of one vendor's invoices at once both count, the later one on the
 * memory as the first left it.
 */
async function updatePart<P extends Part>(
  orgId: string,
  vendorId: string,
  part: P,
  change: (before: StoredMemory[P]) => StoredMemory[P],
): Promise<StoredMemory[P]> {
  for (let attempt = 1; ; attempt++) {
    const stored = await read(orgId, vendorId);
    const current: StoredMemory = stored ?? { layouts: [], history: [], version: 0 };
    const before = current[part];
    const after = change(before);
    if (after === before) return before;
    try {
      await memories.put(
        [orgId, vendorId],
        {
          vendorId,
          layouts: current.layouts,
          history: current.history,
          [part]: after,
          version: current.version + 1,
          updatedAt: nowIso(),
        },
        {
          ConditionExpression: stored ? 'version = :v' : 'attribute_not_exists(PK)',
          ...(stored ? { ExpressionAttributeValues: { ':v': stored.version } } : {}),
        },
      );
      return after;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** The vendor's remembered layouts, changed by `change` against the stored version. */
export function updateVendorMemory(
  orgId: string,
  vendorId: string,
  change: (layouts: LayoutMemory[]) => LayoutMemory[],
): Promise<LayoutMemory[]> {
  return updatePart(orgId, vendorId, 'layouts', change);
}

/** The vendor's approved-invoice record, changed by `change` against the stored version. */
export function updateVendorHistory(
  orgId: string,
  vendorId: string,
  change: (history: ApprovedInvoiceFact[]) => ApprovedInvoiceFact[],
): Promise<ApprovedInvoiceFact[]> {
  return updatePart(orgId, vendorId, 'history', change);
}

/** Forgets everything learned of the vendor: its layouts and its approved invoices. */
export async function forgetVendorMemory(orgId: string, vendorId: string): Promise<void> {
  await memories.delete([orgId, vendorId]);
}

/** The page lines a processing run kept for layout learning (absent once the run expired, or never kept). */
export async function runLayout(orgId: string, invoiceId: string, runId: string) {
  return (await getRun(orgId, invoiceId, runId))?.layout;
}
