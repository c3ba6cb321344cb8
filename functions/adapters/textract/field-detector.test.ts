import { describe, expect, it } from 'vitest';
import { detectExpenseDocument } from './field-detector';
import { groupIntoLines, type LayoutPage, splitRun } from './text-layout';

/** A receipt page from text lines: 10 px per character, 30 px per row, left-aligned at x = 40. */
function receipt(rows: string[]): LayoutPage {
  const words = rows.flatMap((text, i) =>
    text.split(/ {2,}/).flatMap((segment) => {
      // Two spaces or more start a right-aligned column (an amount).
      const right = segment !== text.split(/ {2,}/)[0];
      const x0 = right ? 560 - segment.length * 10 : 40;
      return splitRun(segment, {
        x0,
        x1: x0 + segment.length * 10,
        y0: 20 + i * 30,
        y1: 40 + i * 30,
        confidence: 95,
      });
    }),
  );
  return {
    page: 1,
    width: 600,
    height: 40 + rows.length * 30,
    lines: groupIntoLines(1, words),
    source: 'ocr',
  };
}

function field(rows: string[], type: string): string | undefined {
  const doc = detectExpenseDocument([receipt(rows)]);
  return doc.SummaryFields?.find((f) => f.Type?.Text === type)?.ValueDetection?.Text;
}

const SHOP = [
  'mei ling',
  'KEDAI RUNCIT MAJU JAYA',
  'Company Reg No.: 123456-X',
  '05 Jan 2024 10:15',
  'Home of fresh bread',
  '12, JALAN BUNGA 3,',
  'TAMAN MELATI,',
  '53100 KUALA LUMPUR',
  'TEL: 03-1234 5678',
  'CASH BILL',
];

describe('receipt fields', () => {
  it('takes the printed shop name, not a lower-case note above it or the registration line', () => {
    expect(field([...SHOP, 'TOTAL  RM 9.00'], 'VENDOR_NAME')).toBe('KEDAI RUNCIT MAJU JAYA');
  });

  it('reads the address from the first street line, past registration, date stamp and tagline', () => {
    expect(field([...SHOP, 'TOTAL  RM 9.00'], 'VENDOR_ADDRESS')).toBe(
      '12, JALAN BUNGA 3\nTAMAN MELATI\n53100 KUALA LUMPUR',
    );
  });

  it('prefers the rounded total to the unrounded one', () => {
    const rows = [...SHOP, 'TOTAL  26.62', 'ROUNDED TOTAL  26.60', 'CASH  50.00', 'CHANGE  23.40'];
    expect(field(rows, 'TOTAL')).toBe('26.60');
  });

  it('applies a rounding adjustment printed under the total', () => {
    const rows = [
      ...SHOP,
      'TOTAL AMT  RM 45.67',
      'ROUNDING ADJ  -0.02',
      'RM 45.65',
      'CASH  RM 50.00',
      'CHANGE  RM 4.35',
    ];
    expect(field(rows, 'TOTAL')).toBe('RM 45.65');
  });

  it('keeps the largest total when no rounding is shown', () => {
    const rows = [...SHOP, 'TOTAL  RM 45.67', 'CASH  RM 50.00', 'CHANGE  RM 4.33'];
    expect(field(rows, 'TOTAL')).toBe('RM 45.67');
  });

  it('joins a company name printed over two lines', () => {
    const rows = [
      'POPULAR BOOK',
      'CO. (M) SDN BHD',
      '(113825-W)',
      'NO 8, JALAN 7/118B,',
      '56000 KUALA LUMPUR',
      'TOTAL  RM 9.00',
    ];
    expect(field(rows, 'VENDOR_NAME')).toBe('POPULAR BOOK CO. (M) SDN BHD');
  });

  it('reads a receipt that prints only a subtotal (tax included) as its total', () => {
    const rows = [
      ...SHOP,
      'NASI LEMAK  8.50',
      'TEH TARIK  2.20',
      'SUBTOTAL  10.70',
      'CASH  20.00',
      'CHANGE  9.30',
      'INC 6% GST  0.61',
    ];
    expect(field(rows, 'TOTAL')).toBe('10.70');
  });

  it('does not take an article code for the date', () => {
    const rows = [
      ...SHOP.filter((r) => !/Jan/.test(r)),
      'GB06-24/288 9064350  0.90',
      '19-04-18 18:04 SH01 T1',
      'TOTAL  RM 0.90',
    ];
    expect(field(rows, 'INVOICE_RECEIPT_DATE')).toBe('19-04-18');
  });
});
