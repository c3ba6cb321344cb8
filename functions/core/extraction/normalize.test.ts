import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnalyzeExpenseResponse } from './expense-types';
import { normalize } from './normalize';

// The recorded Textract answers live next to the repository: <repo>/../shared/fixtures/textract/.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string): AnalyzeExpenseResponse =>
  JSON.parse(readFileSync(`${repoRoot}../shared/fixtures/textract/${name}`, 'utf8'));

describe('normalize on real Textract AnalyzeExpense answers', () => {
  it('reads the one-page invoice: ids, dates in two notations, amounts, currency and line items', () => {
    const invoice = normalize(fixture('invoice-expense-response.json'));

    expect(invoice).toMatchObject({
      invoiceNumber: '123PQR456',
      invoiceDate: '2021-01-01',
      dueDate: '2021-01-31',
      subtotal: 6169.4,
      taxAmount: 61.69,
      totalAmount: 6231.09,
      currency: 'USD',
      vendorAddress: '123 Some Street, Some City, XYZ, USA',
      vendorPhone: '+1333-333-3333',
      vendorEmail: null,
    });
    expect(invoice.lineItems).toEqual([
      { description: 'Product 1', quantity: 1, unitPrice: 1000, totalPrice: 1000 },
      { description: 'Service 3', quantity: null, unitPrice: 2789, totalPrice: 2789 },
      { description: 'Product 2', quantity: 2, unitPrice: 106.04, totalPrice: 212.08 },
      { description: 'Product 3', quantity: 1, unitPrice: 2168.32, totalPrice: 2168.32 },
    ]);
  });

  it('falls back to the vendor URL when VENDOR_NAME is absent, with a lowered confidence', () => {
    const invoice = normalize(fixture('invoice-expense-response.json'));

    expect(invoice.vendorName).toBe('amazon.com');
    expect(invoice.confidence.vendorName).toBeLessThanOrEqual(0.5);
    expect(invoice.confidence.totalAmount).toBeGreaterThan(0.95);
  });

  it('never takes the receiver (SHIP TO) address or phone for the vendor', () => {
    const invoice = normalize(fixture('invoice-expense-response.json'));

    expect(invoice.vendorAddress).not.toContain('Another Avenue');
    expect(invoice.vendorPhone).not.toBe('+1222-222-2222');
  });

  it('reads every page of an asynchronous multi-page answer', () => {
    const invoice = normalize(fixture('analyzeExpenseResponse-multipage.json'));

    expect(invoice).toMatchObject({
      vendorName: 'META',
      vendorAddress: '154-164 The Embarcadero, San Francisco, CA 94105',
      vendorEmail: 'admin@metalegalfinance.com',
      vendorPhone: '(1) 555-123-1234',
      invoiceNumber: '00000135',
      invoiceDate: '2020-03-12',
      dueDate: '2020-03-26',
      totalAmount: 5715,
      currency: 'USD',
      subtotal: null,
      taxAmount: null,
    });
    // Five rows on page 1 and three on page 2; their prices add up to the total on page 2.
    expect(invoice.lineItems).toHaveLength(8);
    expect(invoice.lineItems[0]).toEqual({
      description:
        'ACP101 Accounting Package Annual Subscription to Premier Version with Tax, Inventory and Payroll Plugins',
      quantity: 3,
      unitPrice: 450,
      totalPrice: 1350,
    });
    expect(invoice.lineItems[7]).toMatchObject({ quantity: 4.5, unitPrice: 110, totalPrice: 495 });
    const sum = invoice.lineItems.reduce((s, i) => s + (i.totalPrice ?? 0), 0);
    expect(sum).toBe(5715);
  });

  it("keeps where each field's value was read: its page and its box as fractions of the page", () => {
    const invoice = normalize(fixture('invoice-expense-response.json'));
    expect(invoice.locations.totalAmount).toEqual({
      page: 1,
      left: 0.866,
      top: 0.614,
      width: 0.075,
      height: 0.014,
    });
    expect(invoice.locations.invoiceNumber).toEqual({
      page: 1,
      left: 0.846,
      top: 0.138,
      width: 0.095,
      height: 0.012,
    });

    // The total of the two-page answer is printed on page 2.
    const multipage = normalize(fixture('analyzeExpenseResponse-multipage.json'));
    expect(multipage.locations.totalAmount).toMatchObject({ page: 2, left: 0.814, top: 0.555 });
  });

  it('does not crash on fields without geometry or values, and reports nothing found', () => {
    const invoice = normalize(fixture('expense-missing-geoms-response.json'));
    expect(invoice.locations).toEqual({});

    expect(invoice.totalAmount).toBeNull();
    expect(invoice.vendorName).toBeNull();
    expect(invoice.lineItems).toEqual([]);
    expect(invoice.confidence.totalAmount).toBe(0);
  });

  it('reads day-first dates when another date in the document proves the order', () => {
    const response: AnalyzeExpenseResponse = {
      ExpenseDocuments: [
        {
          SummaryFields: [
            {
              Type: { Text: 'INVOICE_RECEIPT_DATE', Confidence: 99 },
              ValueDetection: { Text: '04/05/2023', Confidence: 99 },
            },
            {
              Type: { Text: 'DUE_DATE', Confidence: 99 },
              ValueDetection: { Text: '19/05/2023', Confidence: 99 },
            },
            {
              Type: { Text: 'TOTAL', Confidence: 99 },
              ValueDetection: { Text: 'RM 1.234,50', Confidence: 90 },
            },
          ],
        },
      ],
    };

    const invoice = normalize(response);

    expect(invoice.invoiceDate).toBe('2023-05-04');
    expect(invoice.dueDate).toBe('2023-05-19');
    expect(invoice.totalAmount).toBe(1234.5);
    expect(invoice.currency).toBe('MYR');
  });
});

describe('normalize: amounts that follow from the others', () => {
  const answer = (fields: Array<[type: string, text: string]>): AnalyzeExpenseResponse => ({
    ExpenseDocuments: [
      {
        SummaryFields: fields.map(([type, text], i) => ({
          Type: { Text: type, Confidence: 95 },
          ValueDetection: {
            Text: text,
            Confidence: 90,
            Geometry: { BoundingBox: { Left: 0.7, Top: 0.5 + i * 0.05, Width: 0.1, Height: 0.02 } },
          },
        })),
      },
    ],
  });

  it("leaves a VAT number printed under the seller's address out of the address", () => {
    const address = (text: string) => normalize(answer([['VENDOR_ADDRESS', text]])).vendorAddress;
    expect(address('Erfurter Strasse 13\nDE74465 Demoort\nDE136695976')).toBe(
      'Erfurter Strasse 13, 74465 Demoort, DE',
    );
    expect(address('12 rue de la Paix\n75002 Paris\nTVA intracom. FR 12 345678901')).toBe(
      '12 rue de la Paix, 75002 Paris',
    );
    expect(address('Musterstr. 12\nUSt-IdNr.: DE 136 695 976\n12345 Musterstadt')).toBe(
      'Musterstr. 12, 12345 Musterstadt',
    );
    // Postal codes, PO boxes and British postcodes stay.
    expect(address('PO Box 12345\nLondon SW1A 1AA\nGB')).toBe('PO Box 12345, London SW1A 1AA, GB');
    expect(address('Lot 2942, Jalan SS 15/4B\n47500 Subang Jaya')).toBe(
      'Lot 2942, Jalan SS 15/4B, 47500 Subang Jaya',
    );
  });

  it('moves a country code printed before the postcode to the end, where the country stands', () => {
    const address = (text: string) => normalize(answer([['VENDOR_ADDRESS', text]])).vendorAddress;
    expect(address('Erdkuhl 5\nDE 12345 Berlin')).toBe('Erdkuhl 5, 12345 Berlin, DE');
    expect(address('Hauptstr. 1, D-80333 München')).toBe('Hauptstr. 1, 80333 München, DE');
    expect(address('3 rue Neuve\nF-75001 Paris\nFrance')).toBe('3 rue Neuve, 75001 Paris, France');
    // A street line keeps its letter ("E 1234 Main St"): only the postcode and town's part moves it.
    expect(address('E 1234 Main Street\n47500 Subang Jaya')).toBe('E 1234 Main Street, 47500 Subang Jaya');
  });

  it('takes the subtotal as the total less the tax when only those are printed', () => {
    const invoice = normalize(
      answer([
        ['TOTAL', '$4.11'],
        ['TAX', '$0.00'],
      ]),
    );
    expect(invoice.subtotal).toBe(4.11);
    expect(invoice.confidence.subtotal).toBeLessThan(invoice.confidence.totalAmount);
    // Worked out, not read: there is no place on the page to show for it.
    expect(invoice.locations.subtotal).toBeUndefined();
    expect(invoice.locations.totalAmount).toEqual({ page: 1, left: 0.7, top: 0.5, width: 0.1, height: 0.02 });

    expect(
      normalize(
        answer([
          ['TOTAL', '29,99 €'],
          ['TAX', '5,00 €'],
        ]),
      ).subtotal,
    ).toBe(24.99);
  });

  it('takes the total as subtotal plus tax when the total was not read', () => {
    const invoice = normalize(
      answer([
        ['SUBTOTAL', '49.06'],
        ['TAX', '2.94'],
      ]),
    );
    expect(invoice.totalAmount).toBe(52);
    expect(invoice.confidence.totalAmount).toBeGreaterThan(0);
    expect(invoice.confidence.totalAmount).toBeLessThan(0.9);
  });

  it('derives nothing without a tax, and never a negative or larger-than-total subtotal', () => {
    expect(normalize(answer([['TOTAL', '10.00']])).subtotal).toBeNull();
    expect(normalize(answer([['SUBTOTAL', '10.00']])).totalAmount).toBeNull();
    expect(
      normalize(
        answer([
          ['TOTAL', '10.00'],
          ['TAX', '12.00'],
        ]),
      ).subtotal,
    ).toBeNull();
  });
});
