import { describe, expect, it } from 'vitest';
import { documentBoundaries, type PageReading } from './document-boundaries';

/** A page of `height` 800 whose lines are stacked from the top, 20 units apart (a line at y = 20·i). */
function page(...texts: string[]): PageReading {
  return { height: 800, lines: texts.map((text, i) => ({ text, y0: 40 + i * 20, y1: 50 + i * 20 })) };
}

/** A page with lines at given heights (fractions of the page from the top). */
function placed(...lines: Array<[string, number]>): PageReading {
  return { height: 800, lines: lines.map(([text, at]) => ({ text, y0: at * 800, y1: at * 800 + 10 })) };
}

const ranges = (pages: PageReading[]) => documentBoundaries(pages).map((r) => [r.firstPage, r.lastPage]);

const invoice = (vendor: string, number: string, total: string) =>
  page(
    vendor,
    '12 Main Street',
    'INVOICE',
    `Invoice No: ${number}`,
    'Date: 2024-03-05',
    `Total due ${total}`,
  );

describe('documentBoundaries', () => {
  it('answers no document for no pages and one for a single page', () => {
    expect(documentBoundaries([])).toEqual([]);
    expect(ranges([invoice('Blue Pipe Plumbing', 'BP-17', '$10.00')])).toEqual([[1, 1]]);
  });

  it('splits one-page invoices of different vendors and numbers, each page its own document', () => {
    const pages = [
      invoice('Blue Pipe Plumbing', 'BP-17', '$10.00'),
      invoice('Evergreen Grounds', 'EG-88412', '£140.00'),
      invoice('Blue Pipe Plumbing', 'BP-18', '$12.50'),
    ];
    const found = documentBoundaries(pages);
    expect(found.map((r) => [r.firstPage, r.lastPage])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(found[2].startedBy).toBe('different-number');
  });

  it('keeps a page that continues a table up to the total with the invoice it belongs to', () => {
    const first = page('Arctic Air Mechanical', 'INVOICE', 'Invoice No: INV-50917', 'Description Qty Amount');
    const rest = page('Replace condenser fan motor 1 612.40', 'HVAC filters 12 177.00', 'Total due $789.40');
    expect(ranges([first, rest, invoice('Evergreen Grounds', 'EG-1', '£5.00')])).toEqual([
      [1, 2],
      [3, 3],
    ]);
  });

  it('follows page markers: "2 of 2" continues, "1 of 1" and a page after the announced last one start anew', () => {
    const marked = (n: number, m: number, vendor: string) =>
      placed([vendor, 0.05], ['Statement', 0.1], [`Page ${n} of ${m}`, 0.95]);
    expect(ranges([marked(1, 2, 'North Gas'), marked(2, 2, 'North Gas'), marked(1, 1, 'North Gas')])).toEqual(
      [
        [1, 2],
        [3, 3],
      ],
    );
    const announced = placed(['Seite 1 von 2', 0.95], ['Rechnung', 0.1]);
    const unmarked = page('Positionsdaten', 'Pos Beschreibung Nettobetrag');
    const next = page('Other Vendor GmbH', 'Rechnung', 'Rechnungsdatum: 01.02.2024', 'Gesamtbetrag 12,00');
    expect(documentBoundaries([announced, unmarked, next]).map((r) => r.startedBy)).toEqual([
      'file-start',
      'after-last-announced-page',
    ]);
  });

  it('keeps a page that repeats the header with the same invoice number', () => {
    const a = invoice('Sheraton Hotel', '1000110140', '$1,030.53');
    const b = invoice('Sheraton Hotel', '1000110140', '$1,030.53');
    expect(ranges([a, b])).toEqual([[1, 2]]);
  });

  it('keeps a page whose only header is the repeated title ("Invoice" over payment details)', () => {
    const first = page('Invoice', 'Netlify, Inc. Invoice Number: INV047', 'Invoice Total 75.87');
    const payments = page('Invoice', 'Payment Details', 'Payment 11/13/2023 P-01964705 -$75.87');
    expect(ranges([first, payments])).toEqual([[1, 2]]);
  });

  it('honours "continued": on the page itself, and "continued on the next page" on the one before', () => {
    const first = placed(
      ['Acme Supply', 0.05],
      ['Invoice No: A-1', 0.1],
      ['Continued on the next page', 0.9],
    );
    const second = placed(['Other Heading Ltd', 0.05], ['Invoice No: B-2', 0.1], ['Total 5.00', 0.5]);
    expect(ranges([first, second])).toEqual([[1, 2]]);
    const header = placed(['Message centre (continued)', 0.05], ['Invoice No: B-2', 0.1]);
    expect(ranges([invoice('Acme', 'A-1', '1.00'), header])).toEqual([[1, 2]]);
  });

  it('does not take "see page 2" in running text for a page marker', () => {
    const a = invoice('Acme Supply', 'A-1', '$1.00');
    const b = placed(
      ['Evergreen Grounds', 0.05],
      ['Bill date: 2024-01-02', 0.1],
      ['See page 2 for details of your charges', 0.3],
      ['Total due $9.00', 0.5],
    );
    expect(ranges([a, b])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('starts a new document at another issuer heading that names its document (a bill date)', () => {
    const a = invoice('Acme Supply', 'A-1', '$1.00');
    const bill = page('Mountain Electric Co-op', 'Member name: R. Baumert', 'Bill Date: 05/13/2020');
    const found = documentBoundaries([a, bill]);
    expect(found.map((r) => r.startedBy)).toEqual(['file-start', 'header-of-another-issuer']);
  });

  it('reads letter-spaced headings ("I n v o i c e : 0 0 1 6")', () => {
    const a = invoice('Acme Supply', 'A-1', '$1.00');
    const spaced = page('PAID', 'I n v o i c e : 0 0 0 1 6', 'Sold To: Meridian');
    expect(documentBoundaries([a, spaced])[1]?.startedBy).toBe('different-number');
  });

  it('keeps a terms page that mentions the invoice date in its text with the invoice', () => {
    const terms = page('Terms and Conditions', 'Payment is due within 30 days of the invoice date.');
    expect(ranges([invoice('Northwind Plumbing', 'INV-2026-0418', '$2,000.00'), terms])).toEqual([[1, 2]]);
  });

  it('keeps a blank page (the back of a sheet) with the document before it', () => {
    const blank: PageReading = { height: 800, lines: [] };
    expect(ranges([invoice('Acme', 'A-1', '$1.00'), blank, invoice('Beta', 'B-2', '$2.00')])).toEqual([
      [1, 2],
      [3, 3],
    ]);
  });
});
