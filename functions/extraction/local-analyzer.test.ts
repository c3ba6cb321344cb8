import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExpectedInvoice, generateInvoices } from '../../test/fixtures/generate-invoices';
import { sampleInvoicePdf } from '../../test/fixtures/sample-invoice';
import { extractInvoice } from '../core/extraction/pipeline';
import { sniffContentType } from '../core/files/sniff';
import { LocalExpenseAnalyzer, shutdownLocalAnalyzer } from './local-analyzer';

// Invoices are generated at test time into a temp folder (no binaries in the repository).
let dir: string;
let invoices: ExpectedInvoice[];
const analyzer = new LocalExpenseAnalyzer();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'generated-invoices-'));
  invoices = await generateInvoices(dir);
});

afterAll(async () => {
  await shutdownLocalAnalyzer();
  rmSync(dir, { recursive: true, force: true });
});

async function extract(file: string) {
  const bytes = new Uint8Array(readFileSync(file));
  return extractInvoice(
    { analyzer },
    { bytes, contentType: sniffContentType(bytes)! },
    { today: '2024-07-01' },
  );
}

describe('local engine on generated property-management invoices', () => {
  it('reads every field of the text PDFs in three layouts', async () => {
    for (const expected of invoices.filter((i) => i.file.endsWith('.pdf'))) {
      const { invoice, status, reviewReasons } = await extract(expected.file);

      expect(invoice, expected.file).toMatchObject({
        vendorName: expected.vendorName,
        invoiceNumber: expected.invoiceNumber,
        invoiceDate: expected.invoiceDate,
        dueDate: expected.dueDate,
        subtotal: expected.subtotal,
        taxAmount: expected.taxAmount,
        totalAmount: expected.totalAmount,
        currency: expected.currency,
      });
      expect(invoice.lineItems.map((i) => i.totalPrice)).toEqual(expected.lineItems.map((i) => i.totalPrice));
      expect(invoice.lineItems.map((i) => i.quantity)).toEqual(expected.lineItems.map((i) => i.quantity));
      expect(invoice.lineItems.map((i) => i.unitPrice)).toEqual(expected.lineItems.map((i) => i.unitPrice));
      invoice.lineItems.forEach((item, k) => {
        expect(item.description).toContain(expected.lineItems[k].description);
      });
      expect(reviewReasons, expected.file).toEqual([]);
      expect(status).toBe('PROCESSED');
    }
  });

  it('reads a table laid out with spaces, whose figures drift off the header columns, and an unlabelled letterhead phone', async () => {
    const bytes = new Uint8Array(await sampleInvoicePdf());
    const { invoice } = await extractInvoice({ analyzer }, { bytes, contentType: 'application/pdf' });
    expect(invoice.vendorPhone).toBe('(217) 555-0134');
    expect(invoice.lineItems).toMatchObject([
      { description: 'Emergency pipe repair, Unit 4B', quantity: 1, unitPrice: 850, totalPrice: 850 },
      { description: 'Replacement valve', quantity: 2, unitPrice: 150, totalPrice: 300 },
    ]);
  });

  it('classifies the plumbing, landscaping and HVAC invoices', async () => {
    const codes = [];
    for (const expected of invoices.filter((i) => i.file.endsWith('.pdf'))) {
      codes.push((await extract(expected.file)).classification.categoryCode);
    }
    expect(codes).toEqual(['plumbing', 'landscaping', 'hvac']);
  });

  it('reads the totals, number and dates of a rotated, noisy scan of an invoice', async () => {
    const expected = invoices.find((i) => i.file.endsWith('.jpg'))!;

    const { invoice } = await extract(expected.file);

    expect(invoice).toMatchObject({
      invoiceNumber: expected.invoiceNumber,
      invoiceDate: expected.invoiceDate,
      dueDate: expected.dueDate,
      subtotal: expected.subtotal,
      taxAmount: expected.taxAmount,
      totalAmount: expected.totalAmount,
    });
    expect(invoice.lineItems.map((i) => i.totalPrice)).toEqual(expected.lineItems.map((i) => i.totalPrice));
  }, 120_000);
});
