/**
 * API latency benchmark: `npm run bench:api`.
 *
 * Starts a test stack, seeds 1k and then 100k invoices into one organization by BatchWrite straight
 * into the local table (with the aggregate items written to match), and measures p50/p99 through the
 * gateway of: the first list page, a deep list page (reached by cursors), get by id, search, stats,
 * analytics and the four AP reports (aging, cash requirements, spend per door, recurring bills). Targets:
 * stats/analytics p99 at 100k within 1.5× of 1k; list/get p99 ≤ 50 ms; each AP report p99 < 100 ms.
 *
 * The AP reports' buckets count each bench invoice as due 30 days after its date, a third of the approved
 * ones paid, on one of 20 properties, and billed by one of the 200 vendors under a made-up vendor id
 * (the bench's invoices are linked to no vendor record), some with a utility account.
 */
import { performance } from 'node:perf_hooks';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { aggregateUpdates } from '../../functions/adapters/dynamodb/aggregates';
import { db, tableName } from '../../functions/adapters/dynamodb/client';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { DEFAULT_CATEGORIES } from '../../functions/core/classification/categories';
import { type Contribution, contributionOf, vendorBucket } from '../../functions/core/invoices/aggregates';
import { reportContributionOf } from '../../functions/core/invoices/report-aggregates';
import { INVOICE_STATUSES, type InvoiceStatus, userSchema } from '../../shared/schemas';
import { startTestStack } from '../helpers/local-stack';

/** Sizes compared, `npm run bench:api -- 1000,100000` (the default). */
const [SMALL, LARGE] = (process.argv[2] ?? '1000,100000').split(',').map(Number);
const VENDORS = Array.from({ length: 200 }, (_, i) => `Bench Vendor ${String(i).padStart(3, '0')} Services`);
const YEAR_MS = 365 * 86_400_000;
/** Made-up ids for the AP reports' buckets (see above): as the API's ids are, ULIDs. */
const BENCH_VENDOR_IDS = VENDORS.map(() => ulid());
const BENCH_PROPERTY_IDS = Array.from({ length: 20 }, () => ulid());

/** A stored invoice item in the layout functions/adapters/dynamodb/invoices.ts writes. */
function invoiceItem(orgId: string, n: number) {
  const created = Date.now() - Math.floor((((n * 7919) % 1000) / 1000) * YEAR_MS) - 60_000;
  const id = ulid(created);
  const vendorName = VENDORS[n % VENDORS.length];
  const category = DEFAULT_CATEGORIES[n % DEFAULT_CATEGORIES.length];
  const status: InvoiceStatus = INVOICE_STATUSES[n % INVOICE_STATUSES.length];
  const totalAmount = Math.round(((n * 37) % 500_00) + 1_00) / 100;
  const createdAt = new Date(created).toISOString();
  const invoiceNumber = `INV-${String(n).padStart(6, '0')}`;
  const item = {
    id,
    orgId,
    objectKey: `${orgId}/${id}/bench.pdf`,
    filename: `bench-${n}.pdf`,
    contentType: 'application/pdf',
    fileSize: 12_345,
    pageCount: 1,
    invoiceNumber,
    vendorId: null,
    vendorName,
    vendorAddress: '1 Bench Street',
    vendorEmail: null,
    vendorPhone: null,
    invoiceDate: createdAt.slice(0, 10),
    dueDate: null,
    subtotal: totalAmount,
    taxAmount: 0,
    totalAmount,
    currency: 'USD',
    status,
    processingStage: 'DONE',
    processingRunId: null,
    reviewReasons: [],
    rejectionReason: null,
    aiConfidence: 0.9,
    fieldConfidence: {},
    notes: null,
    propertyId: null,
    categoryId: category.code,
    categoryName: category.name,
    syncResults: [],
    uploadedBy: null,
    extracted: null,
    correctedFields: [],
    version: 1,
    createdAt,
    updatedAt: createdAt,
  };
  const vendorKey = vendorBucket({ vendorId: null, vendorName })?.slice('VENDOR#NAME#'.length);
  const stored = {
    ...keys.invoice(orgId, id),
    entity: 'Invoice',
    ...item,
    searchText: [invoiceNumber, vendorName, item.filename, id.slice(-8), category.name]
      .join(' ')
      .toLowerCase(),
    GSI1PK: keys.statusIndex(orgId, status),
    GSI1SK: `INVOICE#${id}`,
    GSI2PK: keys.vendorIndex(orgId, vendorKey as string),
    GSI2SK: `INVOICE#${id}`,
  };
  const contribution = contributionOf({
    status,
    totalAmount,
    createdAt,
    vendorId: null,
    vendorName,
    categoryId: category.code,
    currency: 'USD',
    reviewed: status === 'APPROVED' || status === 'REJECTED',
    extractedFields: [
      'vendorName',
      'invoiceNumber',
      'invoiceDate',
      'dueDate',
      'subtotal',
      'taxAmount',
      'totalAmount',
      'vendorAddress',
    ],
    correctedFields: n % 10 === 0 ? ['totalAmount'] : [],
  });
  const dueOn = new Date(created + 30 * 86_400_000).toISOString().slice(0, 10);
  const paidOn = status === 'APPROVED' && n % 3 === 0 ? dueOn : null;
  const propertyId = BENCH_PROPERTY_IDS[n % BENCH_PROPERTY_IDS.length];
  const cents = Math.round(totalAmount * 100);
  Object.assign(
    contribution,
    reportContributionOf({
      status,
      totalAmount,
      vendorId: BENCH_VENDOR_IDS[n % VENDORS.length],
      categoryId: category.code,
      currency: 'USD',
      shares: [{ propertyId, categoryId: category.code, cents }],
      reports: {
        dueOn,
        billedMonth: createdAt.slice(0, 7),
        paidOn,
        // Every fourth vendor a utility with three accounts (a meter per building, say).
        accountNumber: n % 4 === 0 ? `ACCT-${n % VENDORS.length}-${n % 3}` : null,
      },
    }),
  );
  const labels: Record<string, string> = {
    [vendorBucket({ vendorId: null, vendorName }) as string]: vendorName,
    [`CATEGORY#${category.code}`]: category.name,
  };
  return { stored, contribution, labels };
}

async function batchWrite(items: Record<string, unknown>[]): Promise<void> {
  let request: Record<string, unknown[]> | undefined = {
    [tableName()]: items.map((Item) => ({ PutRequest: { Item } })),
  };
  for (let attempt = 0; request && Object.keys(request).length; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
    const result = await db().send(
      new BatchWriteCommand({ RequestItems: request as Record<string, never[]> }),
    );
    request = result.UnprocessedItems as typeof request;
  }
}

/** Seeds invoices [from, to) with a few BatchWrites in flight, then adds their aggregates. */
async function seed(orgId: string, from: number, to: number, ids: string[]): Promise<number> {
  const started = performance.now();
  const totals: Contribution = {};
  const labels: Record<string, string> = {};
  const inFlight = new Set<Promise<void>>();
  let batch: Record<string, unknown>[] = [];
  for (let n = from; n < to; n++) {
    const { stored, contribution, labels: l } = invoiceItem(orgId, n);
    Object.assign(labels, l);
    for (const [bucket, fields] of Object.entries(contribution)) {
      totals[bucket] ??= {};
      for (const [field, value] of Object.entries(fields))
        totals[bucket][field] = (totals[bucket][field] ?? 0) + value;
    }
    batch.push(stored);
    ids.push(stored.id);
    if (batch.length === 25 || n === to - 1) {
      const p = batchWrite(batch).finally(() => inFlight.delete(p));
      inFlight.add(p);
      batch = [];
      if (inFlight.size >= 6) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  // One ADD per bucket, the same updates the invoice writes make, summed.
  for (const update of aggregateUpdates(orgId, totals, labels))
    await db().send(new UpdateCommand(update.Update));
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(name: string, count: number, call: (i: number) => Promise<Response>) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) await (await call(i)).arrayBuffer(); // warm-up
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const response = await call(i);
    await response.arrayBuffer();
    times.push(performance.now() - t);
    if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { name, n: count, p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function run(api: (path: string) => Promise<Response>, ids: string[]) {
  // A cursor 40 pages (1,000 invoices) deep, or as deep as the data goes.
  let cursor: string | null = null;
  for (let page = 0; page < 40; page++) {
    const body: { nextCursor: string | null } = await (
      await api(`/api/invoices?limit=25${cursor ? `&cursor=${cursor}` : ''}`)
    ).json();
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  const deep = cursor ? `&cursor=${cursor}` : '';
  return [
    await measure('list (first page)', 300, () => api('/api/invoices?limit=25')),
    await measure('list (deep page)', 300, () => api(`/api/invoices?limit=25${deep}`)),
    await measure('get by id', 300, (i) => api(`/api/invoices/${ids[(i * 7919) % ids.length]}`)),
    await measure('search (vendor)', 100, (i) =>
      api(
        `/api/invoices?limit=25&search=${encodeURIComponent(`vendor ${String(i % 200).padStart(3, '0')}`)}`,
      ),
    ),
    await measure('stats', 300, () => api('/api/stats')),
    await measure('analytics', 300, () => api('/api/analytics/invoice-analytics')),
    await measure('report: aging', 200, () => api('/api/reports/aging')),
    await measure('report: cash', 200, () => api('/api/reports/cash-requirements')),
    await measure('report: spend/door', 200, () => api('/api/reports/spend-per-door')),
    await measure('report: recurring', 200, () => api('/api/reports/recurring')),
  ];
}

async function main() {
  const stack = await startTestStack({ workflow: false, queueWorkers: false, seedDemo: false });
  try {
    const { api } = await stack.newUser();
    const orgId = userSchema.parse(await (await api('/api/auth/user')).json()).organization.id;
    const ids: string[] = [];

    const seed1 = await seed(orgId, 0, SMALL, ids);
    console.log(`seeded ${SMALL} invoices in ${(seed1 / 1000).toFixed(1)} s`);
    const small = await run(api, [...ids]);
    for (const r of small)
      console.log(`  ${SMALL}: ${r.name} p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
    const seed2 = await seed(orgId, SMALL, LARGE, ids);
    console.log(`seeded ${LARGE - SMALL} more invoices in ${(seed2 / 1000).toFixed(1)} s`);
    const large = await run(api, ids);

    const stats = await (await api('/api/stats')).json();
    if (stats.totalInvoices !== LARGE) throw new Error(`aggregates say ${stats.totalInvoices} invoices`);

    const fmt = (ms: number) => ms.toFixed(1).padStart(8);
    console.log(
      `\nendpoint              n  small p50 small p99 large p50 large p99 p99 ratio   (${SMALL} vs ${LARGE})`,
    );
    for (let i = 0; i < small.length; i++) {
      const a = small[i];
      const b = large[i];
      console.log(
        `${a.name.padEnd(18)} ${String(a.n).padStart(4)} ${fmt(a.p50)} ${fmt(a.p99)} ${fmt(b.p50)} ${fmt(b.p99)} ${(b.p99 / a.p99).toFixed(2).padStart(9)}`,
      );
    }
    const check = (name: string, ok: boolean) => console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
    const by = (rows: typeof small, name: string) =>
      rows.find((r) => r.name === name) as (typeof small)[number];
    console.log('');
    for (const name of ['stats', 'analytics'])
      check(
        `${name} p99 at ${LARGE} within 1.5x of ${SMALL}`,
        by(large, name).p99 <= 1.5 * by(small, name).p99,
      );
    for (const name of ['list (first page)', 'list (deep page)', 'get by id'])
      check(`${name} p99 <= 50 ms at ${LARGE}`, by(large, name).p99 <= 50);
    for (const name of ['report: aging', 'report: cash', 'report: spend/door', 'report: recurring'])
      check(`${name} p99 < 100 ms at ${LARGE}`, by(large, name).p99 < 100);
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
