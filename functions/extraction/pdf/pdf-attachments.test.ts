import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ciiXml,
  expectedFields,
  SAMPLE_E_INVOICE,
  type SampleEInvoice,
  ublXml,
} from '../../core/extraction/e-invoice.fixture';
import { MAX_E_INVOICE_XML_BYTES } from '../../core/extraction/e-invoice-xml';
import { extractInvoice } from '../../core/extraction/pipeline';
import { EXTRACTED_FIELD_NAMES } from '../../core/extraction/types';
import { LocalExpenseAnalyzer, shutdownLocalAnalyzer } from '../local-analyzer';
import { pdfEmbeddedFiles } from './pdf-attachments';

const analyzer = new LocalExpenseAnalyzer();
afterAll(() => shutdownLocalAnalyzer());

const money = (n: number) => n.toFixed(2);

/**
 * A hybrid e-invoice made here: the invoice printed on the page, as the seller's software prints it,
 * and `attachments` embedded as Factur-X does (an EmbeddedFiles entry with AFRelationship Alternative).
 */
function hybridPdf(
  x: SampleEInvoice,
  attachments: Array<{ name: string; xml: string }>,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.fontSize(18).text(x.seller.name);
    doc.fontSize(10).text(`${x.seller.street}, ${x.seller.postcode} ${x.seller.city}`);
    doc.text(`${x.seller.email ?? ''}  ${x.seller.phone ?? ''}`);
    doc.moveDown();
    doc.fontSize(16).text(x.typeCode === '381' ? 'CREDIT NOTE' : 'INVOICE');
    doc.fontSize(11);
    doc.text(`Invoice Number: ${x.number}`);
    doc.text(`Invoice Date: ${x.issueDate}`);
    if (x.dueDate) doc.text(`Due Date: ${x.dueDate}`);
    doc.moveDown();
    doc.text('Description                                   Qty     Unit Price     Amount');
    for (const l of x.lines)
      doc.text(
        `${l.name.padEnd(44)}  ${l.quantity}       ${money(l.unitPrice)} EUR     ${money(l.total)} EUR`,
      );
    doc.moveDown();
    doc.text(`Subtotal: ${money(x.net)} EUR`);
    doc.text(`VAT 19%: ${money(x.tax)} EUR`);
    doc.fontSize(13).text(`Total: ${money(x.grand)} EUR`);
    for (const a of attachments) {
      // pdfkit's types omit the relationship option its code supports.
      doc.file(Buffer.from(a.xml, 'utf8'), {
        name: a.name,
        type: 'text/xml',
        relationship: 'Alternative',
      } as PDFKit.Mixins.PDFAttachmentOptions);
    }
    doc.end();
  });
}

/** The real extraction entry, as `npm run extract` calls it. */
const extract = (bytes: Uint8Array, withXml = true) =>
  extractInvoice(
    { analyzer, ...(withXml ? { embeddedFiles: pdfEmbeddedFiles } : {}) },
    { bytes, contentType: 'application/pdf' },
    { today: '2025-04-01' },
  );

const credit: SampleEInvoice = { ...SAMPLE_E_INVOICE, typeCode: '381', number: 'BW-CN-0007' };

describe('hybrid e-invoices: the embedded XML read first', () => {
  it('lists a PDF’s XML attachments, and none for a PDF without', async () => {
    const xml = ciiXml(SAMPLE_E_INVOICE);
    const pdf = await hybridPdf(SAMPLE_E_INVOICE, [{ name: 'factur-x.xml', xml }]);

    const files = await pdfEmbeddedFiles({ bytes: pdf, contentType: 'application/pdf' });

    expect(files.map((f) => [f.name, new TextDecoder().decode(f.bytes)])).toEqual([['factur-x.xml', xml]]);
    const plain = await hybridPdf(SAMPLE_E_INVOICE, []);
    expect(await pdfEmbeddedFiles({ bytes: plain, contentType: 'application/pdf' })).toEqual([]);
  });

  it('takes every field of a Factur-X PDF from its XML, with confidence 1', async () => {
    const pdf = await hybridPdf(SAMPLE_E_INVOICE, [{ name: 'factur-x.xml', xml: ciiXml(SAMPLE_E_INVOICE) }]);

    const r = await extract(pdf);

    const { lineItems, ...fields } = expectedFields(SAMPLE_E_INVOICE);
    expect(r.invoice).toMatchObject(fields);
    expect(r.invoice.lineItems).toEqual(lineItems);
    for (const field of EXTRACTED_FIELD_NAMES) expect(r.invoice.confidence[field], field).toBe(1);
    expect(r.reviewReasons).toEqual([]);
    expect(r.status).toBe('PROCESSED');
    // The page prints the number as the XML states it: the review screen still gets its box.
    expect(r.invoice.locations.invoiceNumber?.page).toBe(1);
  });

  it('gives a credit note (type 381) negative amounts, the page printing them positive', async () => {
    const pdf = await hybridPdf(credit, [{ name: 'factur-x.xml', xml: ciiXml(credit) }]);

    const r = await extract(pdf);

    const { lineItems, ...fields } = expectedFields(credit);
    expect(r.invoice).toMatchObject(fields);
    expect(r.invoice.lineItems).toEqual(lineItems);
    expect(r.reviewReasons).toEqual([
      `The total ${money(-credit.grand)} is negative: this looks like a credit note, not a bill to pay.`,
    ]);
  });

  it('reads a UBL (XRechnung) XML embedded under any name', async () => {
    const pdf = await hybridPdf(SAMPLE_E_INVOICE, [{ name: 'xrechnung.xml', xml: ublXml(SAMPLE_E_INVOICE) }]);

    const r = await extract(pdf);

    const { lineItems, ...fields } = expectedFields(SAMPLE_E_INVOICE);
    expect(r.invoice).toMatchObject(fields);
    expect(r.invoice.lineItems).toEqual(lineItems);
    expect(r.invoice.confidence.totalAmount).toBe(1);
  });

  it('falls back to the reading of the page when the XML is malformed or oversized', async () => {
    const good = ciiXml(SAMPLE_E_INVOICE);
    const malformed = await hybridPdf(SAMPLE_E_INVOICE, [
      { name: 'factur-x.xml', xml: good.slice(0, good.indexOf('<ram:ApplicableHeaderTradeSettlement>')) },
    ]);
    const oversized = await hybridPdf(SAMPLE_E_INVOICE, [
      { name: 'factur-x.xml', xml: ciiXml(SAMPLE_E_INVOICE, MAX_E_INVOICE_XML_BYTES) },
    ]);
    const pageOnly = await extract(await hybridPdf(SAMPLE_E_INVOICE, []), false);

    for (const pdf of [malformed, oversized]) {
      const r = await extract(pdf);
      expect(r.invoice).toEqual(pageOnly.invoice);
      expect(r.reviewReasons).toEqual(pageOnly.reviewReasons);
    }
    // The reading of the page is what it is without any XML: the same printed total, its own confidence.
    expect(pageOnly.invoice.totalAmount).toBe(SAMPLE_E_INVOICE.grand);
    expect(pageOnly.invoice.confidence.totalAmount).toBeLessThan(1);
  });
});
