import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { LayoutMemory } from '../../core/vendors/memory';
import { db, isConditionFailure, nowIso, tableName } from './client';
import { keys } from './keys';
import { getRun } from './runs';

/**
 * The organization's memory of each vendor's layouts (core/vendors/memory.ts), one item per vendor
 * (`ORG#<org>` / `VENDORMEMORY#<vendorId>`): only ever read and written under the organization's own
 * partition, with a vendor id of that organization, so one organization's memory never reaches
 * another's invoices. Its size is bounded by memory.ts (layouts per vendor, anchors per field).
 */

interface StoredMemory {
  layouts: LayoutMemory[];
  version: number;
}

async function read(orgId: string, vendorId: string): Promise<StoredMemory | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.vendorMemory(orgId, vendorId), ConsistentRead: true }),
  );
  return Item
    ? { layouts: (Item.layouts as LayoutMemory[]) ?? [], version: Number(Item.version ?? 0) }
    : null;
}

/** The vendor's remembered layouts (none when nothing was learned of it). */
export async function loadVendorMemory(orgId: string, vendorId: string): Promise<LayoutMemory[]> {
  return (await read(orgId, vendorId))?.layouts ?? [];
}

/** How often a change is tried again when another approval of the same vendor's invoice saved first. */
const MAX_ATTEMPTS = 3;

/**
 * Applies `change` to the vendor's memory. Each write is conditional on the version read: two
 * approvals of one vendor's invoices at once both count, the later one on the memory as the first left it.
 */
export async function updateVendorMemory(
  orgId: string,
  vendorId: string,
  change: (layouts: LayoutMemory[]) => LayoutMemory[],
): Promise<LayoutMemory[]> {
  for (let attempt = 1; ; attempt++) {
    const stored = await read(orgId, vendorId);
    const before = stored?.layouts ?? [];
    const layouts = change(before);
    if (layouts === before) return before;
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.vendorMemory(orgId, vendorId),
            entity: 'VendorMemory',
            vendorId,
            layouts,
            version: (stored?.version ?? 0) + 1,
            updatedAt: nowIso(),
          },
          ConditionExpression: stored ? 'version = :v' : 'attribute_not_exists(PK)',
          ...(stored ? { ExpressionAttributeValues: { ':v': stored.version } } : {}),
        }),
      );
      return layouts;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** Forgets everything learned of the vendor's layouts. */
export async function forgetVendorMemory(orgId: string, vendorId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.vendorMemory(orgId, vendorId) }));
}

/** The page lines a processing run kept for layout learning (absent once the run expired, or never kept). */
export async function runLayout(orgId: string, invoiceId: string, runId: string) {
  return (await getRun(orgId, invoiceId, runId))?.layout;
}
