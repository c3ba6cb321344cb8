import { describe, expect, it } from 'vitest';
import { readSurely } from '../validation/validate';
import { expenseAnswer } from './analysis.fixture';
import { applyEInvoice, pickEInvoice, readEmbeddedEInvoice } from './e-invoice';
import { ciiXml, expectedFields, SAMPLE_E_INVOICE, ublXml } from './e-invoice.fixture';
import { parseEInvoiceXml } from './e-invoice-xml';
import { normalize } from './normalize';
import { processAnalysis } from './pipeline';

const bytes = (s: string) => new TextEncoder().encode(s);
const xml = parseEInvoiceXml(bytes(ciiXml(SAMPLE_E_INVOICE)))!;
const box = { Left: 0.1, Top: 0.1, Width: 0.2, Height: 0.02 };

/** A reading of the page that got the total and the number right, the date wrong, and found a phone the XML lacks. */
const pageReading = () =>
  expenseAnswer(
    [
      ['VENDOR_NAME', 'Brightwater Facility', 70],
      ['VENDOR_PHONE', '+49 40 5550199', 80],
      ['INVOICE_RECEIPT_ID', SAMPLE_E_INVOICE.number, 75],
      ['INVOICE_RECEIPT_DATE', '2025-03-15', 65],
      ['TOTAL', '719.95', 70],
    ],
    [{ item: 'Lift maintenance', price: '480.00' }],
  );
const withBoxes = (answer: ReturnType<typeof expenseAnswer>) => {
  for (const f of answer.ExpenseDocuments![0].SummaryFields!)
    f.ValueDetection!.Geometry = { BoundingBox: box };
  return answer;
};

describe('pickEInvoice', () => {
  it('takes the XML under a standard name first, then any .xml whose root is CII or UBL', () => {
    const other = { ...SAMPLE_E_INVOICE, number: 'OTHER-1' };
    const files = [
      { name: 'notes.xml', bytes: bytes('<?xml version="1.0"?><notes><n>hello</n></notes>') },
      { name: 'invoice-data.xml', bytes: bytes(ublXml(other)) },
      { name: 'ZUGFeRD-invoice.xml', bytes: bytes(ciiXml(SAMPLE_E_INVOICE)) },
    ];

    expect(pickEInvoice(files)?.invoiceNumber).toBe(SAMPLE_E_INVOICE.number);
    expect(pickEInvoice(files.slice(0, 2))?.invoiceNumber).toBe('OTHER-1');
    expect(pickEInvoice(files.slice(0, 1))).toBeNull();
  });

  it('passes over a malformed factur-x.xml and never throws for a reader that fails', async () => {
    const broken = { name: 'factur-x.xml', bytes: bytes(ciiXml(SAMPLE_E_INVOICE).slice(0, 400)) };

    expect(pickEInvoice([broken])).toBeNull();
    const failing = async () => {
      throw new Error('damaged PDF');
    };
    await expect(
      readEmbeddedEInvoice({ bytes: new Uint8Array(4), contentType: 'application/pdf' }, failing),
    ).resolves.toBeNull();
  });
});

describe('applyEInvoice', () => {
  it("takes every value the XML states with confidence 1 and keeps the reading's value for the rest", () => {
    const xmlWithoutPhone = { ...xml, vendorPhone: null };

    const merged = applyEInvoice(normalize(pageReading()), xmlWithoutPhone);

    const { lineItems, ...fields } = expectedFields(SAMPLE_E_INVOICE);
    expect(merged).toMatchObject({ ...fields, vendorPhone: '+49 40 5550199' });
    expect(merged.lineItems).toEqual(lineItems);
    expect(merged.confidence).toEqual({
      vendorName: 1,
      vendorAddress: 1,
      vendorEmail: 1,
      vendorPhone: 0.8,
      invoiceNumber: 1,
      invoiceDate: 1,
      dueDate: 1,
      subtotal: 1,
      taxAmount: 1,
      totalAmount: 1,
      currency: 1,
      lineItems: 1,
    });
  });

  it("keeps the reading's box only where it read the XML's value", () => {
    const merged = applyEInvoice(normalize(withBoxes(pageReading())), { ...xml, vendorPhone: null });

    expect(Object.keys(merged.locations).sort()).toEqual(['invoiceNumber', 'totalAmount', 'vendorPhone']);
  });
});

describe('processAnalysis with an e-invoice', () => {
  it('decides on the XML: no review reason about its fields, and read surely', async () => {
    const r = await processAnalysis(pageReading(), { today: '2025-04-01' }, xml);

    expect(r.reviewReasons).toEqual([]);
    expect(r.status).toBe('PROCESSED');
    expect(r.aiConfidence).toBe(1);
    expect(readSurely(r.invoice, r.invoice.confidence)).toBe(true);
  });

  it('reads the page alone when there is no XML', async () => {
    const r = await processAnalysis(pageReading(), { today: '2025-04-01' });

    expect(r.invoice.invoiceDate).toBe('2025-03-15');
    expect(r.reviewReasons.some((reason) => reason.startsWith('Low confidence'))).toBe(false);
    expect(r.status).toBe('REVIEW_REQUIRED');
  });
});
