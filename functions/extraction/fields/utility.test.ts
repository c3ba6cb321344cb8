import { describe, expect, it } from 'vitest';
import { normalize } from '../../core/extraction/normalize';
import { groupIntoLines, type LayoutPage, type LayoutWord } from '../text-layout';
import { detectExpenseDocument } from './document';

/** A page from rows of [text, x, y]: each text is split into words 6 units a character apart. */
function page(rows: Array<[string, number, number]>): LayoutPage {
  const words: LayoutWord[] = [];
  for (const [text, x, y] of rows) {
    let at = x;
    for (const w of text.split(' ')) {
      words.push({ text: w, x0: at, x1: at + w.length * 6, y0: y, y1: y + 10, confidence: 99 });
      at += (w.length + 1) * 6;
    }
  }
  return { page: 1, width: 600, height: 800, lines: groupIntoLines(1, words), source: 'pdf-text' };
}

const read = (rows: Array<[string, number, number]>) =>
  normalize({ ExpenseDocuments: [detectExpenseDocument([page(rows)])] });

describe('a utility bill’s account fields', () => {
  const bill: Array<[string, number, number]> = [
    ['Riverside Power Cooperative', 40, 40],
    ['Bill Date:', 40, 100],
    ['03/08/2024', 200, 100],
    ['Account Number:', 40, 115],
    ['4410 2297 31', 200, 115],
    ['Billing Period:', 40, 130],
    ['02/01/2024 - 02/29/2024', 200, 130],
    ['Service Address:', 40, 145],
    ['77 WILLOW BEND RD', 200, 145],
    ['Balance Forward', 350, 200],
    ['$40.00', 520, 200],
    ['Current Charges', 350, 215],
    ['$95.50', 520, 215],
    ['Total Amount Due', 350, 230],
    ['$135.50', 520, 230],
    ['Account # 4410 2297 31', 40, 700],
    ['Amount Due $135.50', 350, 700],
  ];

  it('reads the account number, service address, service period and amount due', () => {
    const invoice = read(bill);
    expect(invoice.accountNumber).toBe('4410 2297 31');
    expect(invoice.serviceAddress).toBe('77 WILLOW BEND RD');
    expect(invoice.servicePeriodStart).toBe('2024-02-01');
    expect(invoice.servicePeriodEnd).toBe('2024-02-29');
    expect(invoice.amountDue).toBe(135.5);
  });

  it("keeps the balance carried forward out of the period's total", () => {
    expect(read(bill).totalAmount).toBe(95.5);
    // Nothing carried: what is due is the period's charges.
    const paidUp = bill.map(([t, x, y]): [string, number, number] => [
      t === '$40.00' ? '$0.00' : t === '$135.50' ? '$95.50' : t,
      x,
      y,
    ]);
    expect(read(paidUp)).toMatchObject({ totalAmount: 95.5, amountDue: 95.5 });
  });

  it('takes a year-less period from the bill date and the service address under its label', () => {
    const invoice = read([
      ['Northwind Gas', 40, 40],
      ['Service address', 40, 100],
      ['Bill date', 300, 100],
      ['Dec 29, 2023', 420, 100],
      ['JANE Q CUSTOMER', 40, 115],
      ['For service Nov 28 - Dec 27', 300, 115],
      ['1200 ELM ST APT 4', 40, 130],
      ['SPRINGFIELD IL 62704', 40, 145],
      ['Amount due', 300, 200],
      ['$61.20', 420, 200],
    ]);
    expect(invoice.serviceAddress).toBe('1200 ELM ST APT 4, SPRINGFIELD IL 62704');
    expect(invoice).toMatchObject({ servicePeriodStart: '2023-11-28', servicePeriodEnd: '2023-12-27' });
    expect(invoice.accountNumber).toBeNull();
  });

  it('leaves every account field null on an invoice that prints none', () => {
    const invoice = read([
      ['Acme Plumbing LLC', 40, 40],
      ['Invoice No: INV-2041', 40, 100],
      ['Date: 03/05/2024', 40, 115],
      ['Total', 350, 230],
      ['$250.00', 520, 230],
    ]);
    expect(invoice).toMatchObject({
      amountDue: null,
      accountNumber: null,
      serviceAddress: null,
      servicePeriodStart: null,
      servicePeriodEnd: null,
    });
  });
});
