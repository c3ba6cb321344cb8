import type { AppError } from '../errors/app-error';
import { ports } from '../ports';
import { invoiceCommit } from './commit';
import { AGGREGATES_SCHEME, type InvoiceItem } from './invoice';

/**
 * The aggregates' backfill. An invoice counts in the buckets of the scheme it was last written under
 * (aggregates.ts); buckets a newer scheme added (the AP reports', scheme 5) hold nothing of invoices
 * nobody wrote since. The backfill walks an organization's invoices once, page by page, and writes each
 * one still under an older scheme as it is, under the current one: the same commit as any write (its
 * after − before applied in one transaction with the item, conditional on its version), with no audit
 * event, no side effect and its `updatedAt` kept. It is idempotent: an invoice already at the current
 * scheme adds nothing and is not written, and a concurrent write (which brings the invoice to the current
 * scheme itself) makes the backfill's write a stale version, after which it reads the invoice again.
 * Once every invoice was walked the organization is marked, so a restart skips it.
 */

const ATTEMPTS = 3;

async function bringToScheme(item: InvoiceItem): Promise<boolean> {
  let current = item;
  for (let attempt = 1; ; attempt++) {
    if ((current.aggregates ?? 0) >= AGGREGATES_SCHEME) return false;
    try {
      // Same fields, same updatedAt (a backfill is nobody's change); the version moves on, so a writer
      // who read the old item cannot count it a second time.
      await ports().writeInvoice(invoiceCommit(current, {}, null, {}, current.updatedAt));
      return true;
    } catch (error) {
      if ((error as AppError).code !== 'stale_version' || attempt >= ATTEMPTS) throw error;
      const fresh = await ports().findInvoice(item.orgId, item.id);
      if (!fresh) return false;
      current = fresh;
    }
  }
}

export interface BackfillResult {
  orgId: string;
  /** Invoices read, and those written (they were under an older scheme). */
  scanned: number;
  written: number;
  /** The organization was marked done before: nothing was read. */
  skipped: boolean;
}

/** Brings every invoice of the organization to the current aggregate scheme (see above). */
export async function backfillAggregates(
  orgId: string,
  options: { force?: boolean } = {},
): Promise<BackfillResult> {
  if (!options.force && (await ports().aggregatesBackfilled(orgId)) >= AGGREGATES_SCHEME)
    return { orgId, scanned: 0, written: 0, skipped: true };
  let scanned = 0;
  let written = 0;
  let after: string | null = null;
  do {
    const page: { items: InvoiceItem[]; next: string | null } = await ports().invoicePage(orgId, after);
    for (const item of page.items) {
      scanned++;
      if (await bringToScheme(item)) written++;
    }
    after = page.next;
  } while (after);
  await ports().markAggregatesBackfilled(orgId, AGGREGATES_SCHEME);
  return { orgId, scanned, written, skipped: false };
}
