import { type BackfillResult, backfillAggregates } from '../../core/invoices/backfill-aggregates';
import { AGGREGATES_SCHEME, type InvoiceItem } from '../../core/invoices/invoice';
import { itemKind, scanAll } from './entity';
import { invoices } from './invoice-item';
import { keys } from './keys';
import { backfillCertificateExpiry } from './vendor-certificates';

/**
 * What the aggregates' backfill (core/invoices/backfill-aggregates.ts) reads and marks: the invoices of
 * an organization page by page, the organizations, and a mark that an organization's invoices were all
 * brought to a scheme (so a restart does not walk them again). The same walk over the organizations
 * gives certificates saved before the expiry index their index item (vendor-certificates.ts).
 */

interface BackfillMark {
  scheme: number;
  at: string;
}

/** The bucket-like item that records the scheme an organization's invoices were backfilled to. */
const organizationMarks = itemKind<BackfillMark>()({
  key: (orgId: string) => keys.stats(orgId, 'AP#BACKFILL'),
});

/**
 * The table-wide mark: every organization was backfilled to `scheme` (an organization made since writes
 * it), and, once `certificateExpiry` is set, every certificate has its expiry index item (one saved
 * since writes its own).
 */
const everyoneMark = itemKind<BackfillMark & { certificateExpiry?: boolean }>()({
  key: () => ({ PK: 'AGGREGATES_BACKFILL', SK: 'AGGREGATES_BACKFILL' }),
});

/** One page of the organization's invoices, in id order, after the invoice id `after`. */
export async function invoicePage(
  orgId: string,
  after: string | null,
  limit = 200,
): Promise<{ items: InvoiceItem[]; next: string | null }> {
  const page = await invoices.page([orgId], {
    ConsistentRead: true,
    limit,
    ...(after ? { startKey: keys.invoice(orgId, after) } : {}),
  });
  const items = page.items.map(invoices.fromStored);
  return { items, next: page.lastKey ? (items.at(-1)?.id ?? null) : null };
}

/** The scheme the organization's invoices were backfilled to (0: never). */
export async function aggregatesBackfilled(orgId: string): Promise<number> {
  return Number((await organizationMarks.find([orgId], { consistent: true }))?.scheme ?? 0);
}

export async function markAggregatesBackfilled(orgId: string, scheme: number): Promise<void> {
  await organizationMarks.put([orgId], { scheme, at: new Date().toISOString() });
}

/**
 * Every organization's id: a scan of the table for the organization items, for the operator's backfill
 * script and the local start-up (never a request path).
 */
export async function organizationIds(): Promise<string[]> {
  const items = await scanAll({
    FilterExpression: 'SK = :org',
    ExpressionAttributeValues: { ':org': 'ORG' },
    ProjectionExpression: 'PK',
  });
  return items.map((item) => String(item.PK).slice('ORG#'.length));
}

/**
 * Backfills every organization, one after the other (the operator's `npm run backfill:aggregates` and the
 * local start-up); core's ports must be provided. Each organization's invoices are brought to the current
 * aggregate scheme and its certificates given their missing expiry index items (`onCertificates` hears how
 * many). Once all were done the table is marked, so a later run reads one item instead of scanning for
 * organizations (organizations made since only ever wrote both); `force` walks every organization again.
 */
export async function backfillEveryOrganization(
  onResult: (result: BackfillResult) => void,
  options: { force?: boolean; onCertificates?: (orgId: string, indexed: number) => void } = {},
): Promise<void> {
  const done = options.force ? undefined : await everyoneMark.find([], { consistent: true });
  const aggregatesDone = Number(done?.scheme ?? 0) >= AGGREGATES_SCHEME;
  const certificatesDone = done?.certificateExpiry === true;
  if (aggregatesDone && certificatesDone) return;
  for (const orgId of await organizationIds()) {
    if (!aggregatesDone) onResult(await backfillAggregates(orgId, { force: options.force }));
    if (!certificatesDone) options.onCertificates?.(orgId, await backfillCertificateExpiry(orgId));
  }
  await everyoneMark.put([], {
    scheme: AGGREGATES_SCHEME,
    certificateExpiry: true,
    at: new Date().toISOString(),
  });
}
