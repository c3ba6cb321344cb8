import type { Allocation, InvoiceUpdate } from '../../../shared/schemas';
import { lineAmount } from '../billing/bill-plan';
import { ports } from '../ports';
import { ownAllocations } from '../references/own-references';
import { assertSplitsAddUp } from './allocations';
import type { InvoiceItem } from './invoice';

/**
 * The stored split fields an edit sets (none when it sends no split and keeps the total). A sent split
 * must name the organization's own properties and categories and add up to its whole to the cent; a new
 * total is checked against the split the invoice already has, so the two never disagree.
 */
export async function splitChanges(
  before: InvoiceItem,
  after: InvoiceItem,
  allocations: InvoiceUpdate['allocations'],
  lineItems: InvoiceUpdate['lineItems'],
): Promise<Pick<InvoiceItem, 'allocations' | 'lineAllocations'>> {
  const totalChanged = after.totalAmount !== before.totalAmount;
  if (allocations === undefined && lineItems === undefined && !totalChanged) return {};
  const [[invoiceSplit], lineSplits] = await Promise.all([
    ownAllocations(before.orgId, [allocations ?? []], 'allocations'),
    ownAllocations(
      before.orgId,
      (lineItems ?? []).map((l) => l.allocations),
      'lineItems',
    ),
  ]);
  const sentLines: Record<string, Allocation[]> = Object.fromEntries(
    (lineItems ?? []).map((line, i) => [line.id, lineSplits[i]]),
  );
  const nextAllocations = allocations === undefined ? (before.allocations ?? []) : invoiceSplit;
  const lines = lineItems?.length ? await ports().listLineItems(before.orgId, before.id) : [];
  assertSplitsAddUp({
    totalAmount: after.totalAmount,
    allocations: allocations === undefined && !totalChanged ? [] : nextAllocations,
    lines: lines.map((line) => ({ id: line.id, description: line.description, amount: lineAmount(line) })),
    lineAllocations: sentLines,
  });
  const lineAllocations = Object.fromEntries(
    Object.entries({ ...(before.lineAllocations ?? {}), ...sentLines }).filter(
      ([, split]) => split.length > 0,
    ),
  );
  // Only what differs is set, so History lists a split only when it changed.
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return {
    ...(same(nextAllocations, before.allocations ?? []) ? {} : { allocations: nextAllocations }),
    ...(same(lineAllocations, before.lineAllocations ?? {}) ? {} : { lineAllocations }),
  };
}
