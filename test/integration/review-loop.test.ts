import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRACTED_FIELDS } from '../../functions/core/invoices/fields';
import {
  analyticsSchema,
  type Invoice,
  invoiceEventSchema,
  invoiceSchema,
  organizationSchema,
  pageOf,
  statsSchema,
  vendorSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { trustNewVendors } from '../helpers/organization-settings';
import { body } from '../helpers/responses';
import { type InvoiceSpec, invoicePdf, plumbingInvoice, totalsOf } from './pipeline-invoices';

/**
 * The review loop of issue 14 against the real local parts and the local workflow: decisions on
 * PROCESSED invoices, money per currency, measured AI accuracy, the vendor master building itself,
 * merges, byte-identical duplicates, files that cannot be read, and reasons for every review.
 */
let stack: TestStack;
const seen: Invoice[] = [];

beforeAll(async () => {
  stack = await startTestStack({ queueWorkers: false });
});
afterAll(async () => {
  await stack?.stop();
});

async function upload(api: Api, bytes: Uint8Array, filename: string): Promise<Invoice> {
  const created = await body(
    await api('/api/invoices/upload', { method: 'POST', body: fileForm(bytes, filename) }),
    201,
    invoiceSchema,
  );
  await stack.workflow?.idle();
  const invoice = await body(await api(`/api/invoices/${created.id}`), 200, invoiceSchema);
  seen.push(invoice);
  return invoice;
}

const uploadSpec = async (api: Api, spec: InvoiceSpec) =>
  upload(api, await invoicePdf(spec), `${spec.invoiceNumber}.pdf`);

const approve = (api: Api, id: string) => api(`/api/invoices/${id}/approve`, { method: 'POST' });

const vendorOf = async (api: Api, id: string) => body(await api(`/api/vendors/${id}`), 200, vendorSchema);

/** A one-page PDF with the given lines of text (none: an empty page). */
function textPdf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  lines.forEach((line, i) => {
    doc.fontSize(12).text(line, 50, 60 + i * 18);
  });
  doc.end();
  return done;
}

// These tests are about deciding and counting: their organizations let a new vendor's first invoice pass
// (the review of firsts is in vendor-history.test.ts).
describe('decisions', () => {
  it('approves a PROCESSED invoice; its SUGGESTED vendor becomes ACTIVE with totals from the aggregates', async () => {
    const { api } = await stack.newUser({ firstName: 'Ada', lastName: 'Reviewer' });
    await trustNewVendors(api);
    const spec = plumbingInvoice();
    const invoice = await uploadSpec(api, spec);
    expect(invoice.status).toBe('PROCESSED');
    expect(invoice.currency).toBe('USD');
    expect(invoice.uploadedByName).toBe('Ada Reviewer');
    expect(invoice.vendorId).not.toBeNull();
    expect(invoice.vendorMatch).toMatchObject({ vendorId: invoice.vendorId, by: 'created' });
    const suggested = await vendorOf(api, invoice.vendorId as string);
    expect(suggested).toMatchObject({ name: spec.vendorName, status: 'SUGGESTED', totalInvoices: 1 });

    const approved = await body(await approve(api, invoice.id), 201, invoiceSchema);
    expect(approved).toMatchObject({ status: 'APPROVED', autoApproved: false });
    const vendor = await vendorOf(api, invoice.vendorId as string);
    expect(vendor).toMatchObject({
      status: 'ACTIVE',
      totalInvoices: 1,
      totalAmount: totalsOf(spec).total,
      averageAmount: totalsOf(spec).total,
    });
    const events = await body(
      await api(`/api/invoices/${invoice.id}/events`),
      200,
      pageOf(invoiceEventSchema),
    );
    expect(events.items.map((e) => [e.type, e.actorName])).toEqual([
      ['approved', 'Ada Reviewer'],
      ['processed', 'Invoice processing'],
      ['processing_started', 'Invoice processing'],
      ['uploaded', 'Ada Reviewer'],
    ]);

    // The next invoice of the same vendor links to it (same name and e-mail) and keeps the score.
    const next = await uploadSpec(api, plumbingInvoice({ invoiceNumber: 'INV-2026-0500' }));
    expect(next.vendorId).toBe(invoice.vendorId);
    expect(next.vendorMatch).toMatchObject({ vendorId: invoice.vendorId, score: 1 });
  });

  it('auto-approves PROCESSED invoices under the amount from ACTIVE vendors, audited, only when switched on', async () => {
    const { api } = await stack.newUser();
    await trustNewVendors(api);
    const first = await uploadSpec(api, plumbingInvoice({ invoiceNumber: 'A-1' }));
    await body(await approve(api, first.id), 201, invoiceSchema);
    const org = await body(await api('/api/organization/current'), 200, organizationSchema);
    expect(org.autoApprove).toEqual({ enabled: false, maxAmount: null });
    // Each on another day: the same vendor, total and date would be a suspected duplicate.
    const off = await uploadSpec(api, plumbingInvoice({ invoiceNumber: 'A-2', invoiceDate: '2026-10-05' }));
    expect(off).toMatchObject({ status: 'PROCESSED', autoApproved: false });

    const settings = { name: org.name, slug: org.slug, plan: org.plan };
    const refused = await api('/api/organization/current', {
      method: 'PUT',
      json: { ...settings, autoApprove: { enabled: true, maxAmount: null } },
    });
    expect(refused.status).toBe(400);
    const total = totalsOf(plumbingInvoice()).total;
    await body(
      await api('/api/organization/current', {
        method: 'PUT',
        json: { ...settings, autoApprove: { enabled: true, maxAmount: total } },
      }),
      200,
      organizationSchema,
    );
    const auto = await uploadSpec(api, plumbingInvoice({ invoiceNumber: 'A-3', invoiceDate: '2026-10-06' }));
    expect(auto).toMatchObject({ status: 'APPROVED', autoApproved: true });
    const events = await body(await api(`/api/invoices/${auto.id}/events`), 200, pageOf(invoiceEventSchema));
    expect(events.items[0]).toMatchObject({ type: 'auto_approved', actorName: 'Auto-approval' });
    expect(events.items[0].note).toContain('is a known vendor');
    // Over the amount, or from a vendor nobody approved yet: a person decides.
    const over = await uploadSpec(
      api,
      plumbingInvoice({
        invoiceNumber: 'A-4',
        lines: [{ description: 'Repipe', quantity: 1, unitPrice: 9000 }],
      }),
    );
    expect(over).toMatchObject({ status: 'PROCESSED', autoApproved: false });
    const unknown = await uploadSpec(
      api,
      plumbingInvoice({
        invoiceNumber: 'B-1',
        invoiceDate: '2026-10-07',
        vendorName: 'Brand New Drains Inc',
        vendorEmail: 'ap@newdrains.test',
        // Another address too: the same one would link it to the known vendor.
        vendorAddress: '18 Quarry Road, Dayton, OH 45402',
      }),
    );
    expect(unknown).toMatchObject({ status: 'PROCESSED', autoApproved: false });
    // A credit note from the known vendor is well under the amount, and money owed to the organization:
    // never a bill approved by itself.
    const credit = await uploadSpec(
      api,
      plumbingInvoice({
        invoiceNumber: 'CN-1',
        invoiceDate: '2026-10-08',
        lines: [{ description: 'Credit for a cancelled service call', quantity: 1, unitPrice: -250 }],
        taxRate: 0,
      }),
    );
    expect(credit).toMatchObject({ status: 'REVIEW_REQUIRED', autoApproved: false, totalAmount: -250 });
    expect(credit.reviewReasons).toContain(
      'The total -250.00 is negative: this looks like a credit note, not a bill to pay.',
    );
  });
});

describe('money in its own currency', () => {
  it('keeps EUR and USD apart in stats, analytics and vendor totals', async () => {
    const { api } = await stack.newUser();
    await trustNewVendors(api);
    const usdSpec = plumbingInvoice({ invoiceNumber: 'US-1' });
    const eurSpec = plumbingInvoice({
      invoiceNumber: 'EU-1',
      vendorName: 'Rheinland Sanitär GmbH',
      vendorEmail: 'rechnung@rheinland.test',
      vendorAddress: 'Hauptstraße 5, 50667 Köln',
      currency: 'EUR',
      taxRate: 0.19,
    });
    const usd = await uploadSpec(api, usdSpec);
    const eur = await uploadSpec(api, eurSpec);
    expect(usd.currency).toBe('USD');
    expect(eur.currency).toBe('EUR');
    const [usdTotal, eurTotal] = [totalsOf(usdSpec).total, totalsOf(eurSpec).total];
    expect(eur.totalAmount).toBe(eurTotal);

    // History shows money in the invoice's currency, with field labels.
    await body(
      await api(`/api/invoices/${eur.id}`, { method: 'PUT', json: { version: eur.version, taxAmount: 1 } }),
      200,
      invoiceSchema,
    );
    const events = await body(await api(`/api/invoices/${eur.id}/events`), 200, pageOf(invoiceEventSchema));
    expect(events.items[0].changes).toEqual([
      expect.objectContaining({ field: 'taxAmount', label: 'Tax Amount', afterText: '€1.00' }),
    ]);

    // The EUR invoice waits in review, where its amount is in no total; approved, it counts.
    expect(eur.status).toBe('REVIEW_REQUIRED');
    const inReview = await body(await api('/api/stats'), 200, statsSchema);
    expect(inReview.byCurrency.EUR).toMatchObject({ invoiceCount: 1, monthlyTotal: 0, totalAmount: 0 });
    await body(await approve(api, eur.id), 201, invoiceSchema);

    const stats = await body(await api('/api/stats'), 200, statsSchema);
    expect(stats.currency).toBe('USD');
    expect(stats.monthlyTotal).toBe(usdTotal);
    // The ready USD invoice counts, and is said to await approval.
    expect(stats.byCurrency).toEqual({
      EUR: {
        invoiceCount: 1,
        monthlyTotal: eurTotal,
        totalAmount: eurTotal,
        monthlyAwaitingApproval: 0,
        monthlyAwaitingApprovalCount: 0,
      },
      USD: {
        invoiceCount: 1,
        monthlyTotal: usdTotal,
        totalAmount: usdTotal,
        monthlyAwaitingApproval: usdTotal,
        monthlyAwaitingApprovalCount: 1,
      },
    });
    const analytics = await body(await api('/api/analytics/invoice-analytics'), 200, analyticsSchema);
    expect(analytics).toMatchObject({ currency: 'USD', totalAmount: usdTotal, totalInvoices: 1 });
    expect(analytics.byCurrency.EUR).toMatchObject({ totalAmount: eurTotal, averageAmount: eurTotal });
    expect(analytics.byCurrency.EUR.topVendors).toEqual([
      { name: eurSpec.vendorName, invoiceCount: 1, totalAmount: eurTotal },
    ]);
    const eurVendor = await vendorOf(api, eur.vendorId as string);
    expect(eurVendor).toMatchObject({ currency: 'EUR', totalAmount: 0, totalInvoices: 0 });
    expect(eurVendor.byCurrency).toEqual({
      EUR: { totalAmount: eurTotal, totalInvoices: 1, averageAmount: eurTotal },
    });

    // An organization in EUR shows EUR as its figures; the USD invoice stays apart.
    const org = await body(await api('/api/organization/current'), 200, organizationSchema);
    await body(
      await api('/api/organization/current', {
        method: 'PUT',
        json: { name: org.name, slug: org.slug, plan: org.plan, defaultCurrency: 'eur' },
      }),
      200,
      organizationSchema,
    );
    const inEur = await body(await api('/api/stats'), 200, statsSchema);
    expect(inEur).toMatchObject({ currency: 'EUR', monthlyTotal: eurTotal });
  });
});

describe('money counts approved and ready invoices only', () => {
  it('leaves invoices in review, unreadable and rejected out of stats and analytics, through every transition', async () => {
    const { api } = await stack.newUser();
    await trustNewVendors(api);
    const [aSpec, bSpec] = [
      plumbingInvoice({ invoiceNumber: 'MONEY-A' }),
      plumbingInvoice({
        invoiceNumber: 'MONEY-B',
        lines: [{ description: 'Drain line cleaning', quantity: 3, unitPrice: 185.5 }],
      }),
    ];
    const [a, b] = [await uploadSpec(api, aSpec), await uploadSpec(api, bSpec)];
    const unreadable = await upload(api, await textPdf(['Minutes of the residents meeting']), 'minutes.pdf');
    expect([a.status, b.status]).toEqual(['PROCESSED', 'PROCESSED']);
    expect(unreadable).toMatchObject({ status: 'REVIEW_REQUIRED', readFailure: expect.any(String) });
    const [aTotal, bTotal] = [totalsOf(aSpec).total, totalsOf(bSpec).total];
    const figures = async () => ({
      stats: await body(await api('/api/stats'), 200, statsSchema),
      analytics: await body(await api('/api/analytics/invoice-analytics'), 200, analyticsSchema),
    });
    const cents = (n: number) => Math.round(n * 100);

    // Two ready invoices count, and the screens can say that nobody approved them yet.
    let { stats, analytics } = await figures();
    expect(stats).toMatchObject({ totalInvoices: 3, reviewQueue: 1, monthlyAwaitingApprovalCount: 2 });
    expect(cents(stats.monthlyTotal)).toBe(cents(aTotal + bTotal));
    expect(cents(stats.monthlyAwaitingApproval)).toBe(cents(aTotal + bTotal));
    expect(analytics).toMatchObject({ totalInvoices: 3, awaitingApprovalCount: 2 });
    expect(cents(analytics.totalAmount)).toBe(cents(aTotal + bTotal));

    // Approving moves A from awaiting approval to approved; the total stays.
    const approvedA = await body(await approve(api, a.id), 201, invoiceSchema);
    ({ stats } = await figures());
    expect(cents(stats.monthlyTotal)).toBe(cents(aTotal + bTotal));
    expect(stats).toMatchObject({ monthlyAwaitingApproval: bTotal, monthlyAwaitingApprovalCount: 1 });

    // Correcting the total of a ready invoice moves the difference only.
    const editedB = await body(
      await api(`/api/invoices/${b.id}`, { method: 'PUT', json: { version: b.version, totalAmount: 100 } }),
      200,
      invoiceSchema,
    );
    ({ stats } = await figures());
    expect(cents(stats.monthlyTotal)).toBe(cents(aTotal + 100));

    // Rejecting takes it out.
    await body(
      await api(`/api/invoices/${editedB.id}/reject`, { method: 'POST', json: { reason: 'Not ours' } }),
      201,
      invoiceSchema,
    );
    ({ stats, analytics } = await figures());
    expect(stats).toMatchObject({ monthlyTotal: aTotal, monthlyAwaitingApprovalCount: 0 });
    expect(analytics.categoryBreakdown.reduce((sum, c) => sum + c.totalAmount, 0)).toBeCloseTo(aTotal, 2);

    // Reopened, A is in review: a misread total typed in there counts nowhere until it is approved.
    const reopened = await body(
      await api(`/api/invoices/${approvedA.id}/reopen`, { method: 'POST', json: { reason: 'Wrong total' } }),
      201,
      invoiceSchema,
    );
    expect(reopened.status).toBe('REVIEW_REQUIRED');
    const misread = await body(
      await api(`/api/invoices/${a.id}`, {
        method: 'PUT',
        json: { version: reopened.version, totalAmount: 75_973_896.96 },
      }),
      200,
      invoiceSchema,
    );
    ({ stats, analytics } = await figures());
    expect(stats).toMatchObject({ monthlyTotal: 0, totalInvoices: 3 });
    expect(analytics).toMatchObject({ totalAmount: 0, averageAmount: 0 });
    expect(analytics.topVendors.map((v) => v.totalAmount)).toEqual(analytics.topVendors.map(() => 0));
    const vendor = await vendorOf(api, a.vendorId as string);
    // The vendor still counts both invoices; its money is none of theirs now.
    expect(vendor).toMatchObject({ totalAmount: 0, totalInvoices: 2 });

    // Approved again, its corrected amount counts; deleted, nothing is left.
    await body(
      await api(`/api/invoices/${misread.id}`, {
        method: 'PUT',
        json: { version: misread.version, totalAmount: 80 },
      }),
      200,
      invoiceSchema,
    );
    await body(await approve(api, a.id), 201, invoiceSchema);
    ({ stats } = await figures());
    expect(stats.monthlyTotal).toBe(80);
    expect((await api(`/api/invoices/${a.id}`, { method: 'DELETE' })).status).toBe(204);
    ({ stats, analytics } = await figures());
    expect(stats).toMatchObject({ monthlyTotal: 0, totalInvoices: 2, monthlyAwaitingApproval: 0 });
    expect(analytics.totalAmount).toBe(0);
  });
});

describe('AI accuracy', () => {
  it('is null until 10 invoices were reviewed, then fields kept / fields checked, per field too', async () => {
    const { api } = await stack.newUser();
    const reviewed: Invoice[] = [];
    for (let i = 0; i < 10; i++) {
      const invoice = await uploadSpec(
        api,
        plumbingInvoice({
          invoiceNumber: `ACC-${i}`,
          vendorName: `Accuracy Vendor ${String.fromCharCode(65 + i)}${String.fromCharCode(75 + i)} LLC`,
          vendorEmail: `ap${i}@accuracy.test`,
          lines: [{ description: 'Service call', quantity: 1, unitPrice: 100 + i }],
        }),
      );
      reviewed.push(invoice);
      const stats = await body(await api('/api/stats'), 200, statsSchema);
      expect(stats.aiAccuracy).toBeNull();
      if (i === 0) {
        // A reviewer corrects the total before approving.
        const edited = await body(
          await api(`/api/invoices/${invoice.id}`, {
            method: 'PUT',
            json: { version: invoice.version, totalAmount: 999 },
          }),
          200,
          invoiceSchema,
        );
        expect(Object.keys(edited.fieldEdits)).toEqual(['totalAmount']);
        expect(edited.fieldEdits.totalAmount.name).toBe('Test User');
      }
      const decision =
        i === 9
          ? api(`/api/invoices/${invoice.id}/reject`, { method: 'POST', json: { reason: 'Not ours' } })
          : approve(api, invoice.id);
      expect((await decision).status).toBe(201);
    }
    // Every field the AI read counts (the product's own list), the utility fields included.
    const checked = reviewed.reduce(
      (n, inv) => n + EXTRACTED_FIELDS.filter((f) => inv[f] !== null && inv[f] !== undefined).length,
      0,
    );
    const stats = await body(await api('/api/stats'), 200, statsSchema);
    expect(stats.reviewedInvoices).toBe(10);
    expect(stats.aiAccuracy).toBe(Math.round(((checked - 1) / checked) * 1000) / 10);
    const analytics = await body(await api('/api/analytics/invoice-analytics'), 200, analyticsSchema);
    expect(analytics.fieldAccuracy.find((f) => f.field === 'totalAmount')).toEqual({
      field: 'totalAmount',
      label: 'Total Amount',
      checked: 10,
      kept: 9,
      accuracy: 90,
    });
  });
});

describe('the vendor master', () => {
  it('merges two vendors: invoices and totals follow, the old name becomes an alias', async () => {
    const { api } = await stack.newUser();
    await trustNewVendors(api);
    const a = await uploadSpec(
      api,
      plumbingInvoice({
        invoiceNumber: 'M-1',
        vendorName: 'Summit Roofing Inc',
        vendorEmail: 'ap@summit.test',
      }),
    );
    const bSpec = plumbingInvoice({
      invoiceNumber: 'M-2',
      vendorName: 'Blue Ridge Roof Repair',
      vendorEmail: 'office@blueridge.test',
      vendorAddress: '9 Cedar Lane, Asheville, NC 28801',
    });
    const b = await uploadSpec(api, bSpec);
    expect(b.vendorId).not.toBe(a.vendorId);
    const refused = await api(`/api/vendors/${a.vendorId}/merge`, {
      method: 'POST',
      json: { sourceVendorId: a.vendorId },
    });
    expect(refused.status).toBe(400);
    const merged = await body(
      await api(`/api/vendors/${a.vendorId}/merge`, { method: 'POST', json: { sourceVendorId: b.vendorId } }),
      200,
      vendorSchema,
    );
    expect(merged).toMatchObject({
      id: a.vendorId,
      totalInvoices: 2,
      totalAmount: (a.totalAmount ?? 0) + (b.totalAmount ?? 0),
      aliases: [bSpec.vendorName],
    });
    expect((await api(`/api/vendors/${b.vendorId}`)).status).toBe(404);
    const moved = await body(await api(`/api/invoices/${b.id}`), 200, invoiceSchema);
    expect(moved.vendorId).toBe(a.vendorId);
    // A later invoice under the merged name links to the kept vendor.
    const later = await uploadSpec(api, { ...bSpec, invoiceNumber: 'M-3' });
    expect(later.vendorId).toBe(a.vendorId);
  });
});

describe('duplicates and junk', () => {
  it('flags a byte-identical re-upload after the first copy was edited, naming it', async () => {
    const { api } = await stack.newUser();
    const bytes = await invoicePdf(plumbingInvoice({ invoiceNumber: 'DUP-1' }));
    const first = await upload(api, bytes, 'dup.pdf');
    expect(first.duplicateOf).toBeNull();
    // The first copy is edited (number and total): the fuzzy check no longer sees it, the hash does.
    await body(
      await api(`/api/invoices/${first.id}`, {
        method: 'PUT',
        json: { version: first.version, invoiceNumber: 'DUP-1-EDITED', totalAmount: 1 },
      }),
      200,
      invoiceSchema,
    );
    const second = await upload(api, bytes, 'dup-again.pdf');
    expect(second.status).toBe('REVIEW_REQUIRED');
    expect(second.duplicateOf).toEqual({
      id: first.id,
      invoiceNumber: 'DUP-1-EDITED',
      match: 'identical_file',
    });
    expect(second.reviewReasons[0]).toBe(
      'Possible duplicate of invoice DUP-1-EDITED: the same file was uploaded before.',
    );
    // Another organization uploading the same bytes sees no duplicate.
    const other = await stack.newUser();
    expect((await upload(other.api, bytes, 'dup.pdf')).duplicateOf).toBeNull();
  });

  it('puts a file that is not a readable invoice in the could-not-read state, and refuses to approve it', async () => {
    const { api } = await stack.newUser();
    const letter = await upload(
      api,
      await textPdf(['Minutes of the residents meeting', 'The garden party is moved to the spring.']),
      'minutes.pdf',
    );
    const empty = await upload(api, await textPdf([]), 'empty.pdf');
    const damaged = await upload(api, Buffer.from('%PDF-1.4\nnot really a pdf'), 'broken.pdf');
    for (const invoice of [letter, empty, damaged]) {
      expect(invoice.status).toBe('REVIEW_REQUIRED');
      expect(invoice.readFailure).toEqual(expect.any(String));
      expect(invoice.reviewReasons).toContain(invoice.readFailure);
      const refused = await approve(api, invoice.id);
      expect(refused.status).toBe(409);
      expect((await refused.json()).code).toBe('unreadable');
    }
    // Reprocess and Delete stay open.
    expect((await api(`/api/invoices/${empty.id}/reprocess`, { method: 'POST' })).status).toBe(202);
    await stack.outbox.drained();
    await stack.workflow?.idle();
    expect((await api(`/api/invoices/${empty.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('gives every REVIEW_REQUIRED invoice of these tests a reason', () => {
    const reviews = seen.filter((i) => i.status === 'REVIEW_REQUIRED');
    expect(reviews.length).toBeGreaterThan(3);
    for (const invoice of reviews) expect(invoice.reviewReasons.length, invoice.filename).toBeGreaterThan(0);
  });
});
