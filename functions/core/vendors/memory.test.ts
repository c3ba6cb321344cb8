import { describe, expect, it } from 'vitest';
import type { PageLine } from '../extraction/layout';
import { corpusAnswer, corpusLabels } from '../extraction/layout.fixture';
import { normalizeAnalysis } from '../extraction/pipeline';
import {
  applyLayoutMemory,
  approvedValuesOf,
  type LayoutMemory,
  learnLayout,
  MAX_LAYOUTS_PER_VENDOR,
  MIN_WEIGHT,
  memoryConfidence,
  weightOf,
} from './memory';

let ids = 0;
const at = (day: number) => ({
  now: `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  newId: () => `L${++ids}`,
});
const read = async (path: string) => normalizeAnalysis(await corpusAnswer(path));

const line = (text: string, left: number, top: number): PageLine => ({
  page: 1,
  text,
  left,
  top,
  width: text.length * 0.008,
  height: 0.012,
});
/** A statement template of one vendor: the same words, this invoice's values. */
const statement = (
  v: { ref: string; issued: string; pay: string },
  words = 'Harbor Electric Supply Dock Road',
) => [
  line(words, 0.1, 0.05),
  line(`Statement ref: ${v.ref}`, 0.1, 0.15),
  line(`Issued ${v.issued}`, 0.1, 0.17),
  line('Customer account electrical supplies goods delivered', 0.1, 0.3),
  line(`Please pay: ${v.pay}`, 0.6, 0.5),
];

describe('the vendor layout memory', () => {
  it("learns one real Coolblue invoice's approved values and reads the seller's next invoice with them", async () => {
    const labels = corpusLabels('invoice2data');
    const first = await read('invoice2data/coolblue1.pdf');
    // The labels leave the VAT out; the person approved it as printed (717.97 total less 593.36 net).
    const approved = { ...approvedValuesOf(labels['coolblue1.pdf']), taxAmount: 124.61 };
    const memory = learnLayout([], first.layout, approved, at(1));
    expect(memory).toHaveLength(1);
    expect(Object.keys(memory[0].fields).sort()).toEqual([
      'invoiceDate',
      'invoiceNumber',
      'subtotal',
      'taxAmount',
      'totalAmount',
    ]);

    const second = await read('invoice2data/coolblue2.pdf');
    const remembered = applyLayoutMemory(second.invoice, second.layout, memory);
    const truth = labels['coolblue2.pdf'];
    expect(remembered?.fields).toEqual([
      'invoiceNumber',
      'invoiceDate',
      'subtotal',
      'taxAmount',
      'totalAmount',
    ]);
    expect(remembered?.invoice).toMatchObject({
      invoiceNumber: truth.invoiceNumber,
      invoiceDate: truth.invoiceDate,
      subtotal: truth.subtotal,
      // 4,904.94 less 4,053.67, as printed.
      taxAmount: 851.27,
      totalAmount: truth.totalAmount,
    });
    expect(remembered?.note).toContain('invoice number, invoice date, subtotal, tax amount, total amount');
    // Another seller's invoice is not this layout: its reading stands.
    const other = await read('invoice2data/AmazonWebServices.pdf');
    expect(applyLayoutMemory(other.invoice, other.layout, memory)).toBeNull();
  });

  it('a corrected value wins over the reading on the next invoice, with its confidence and place', async () => {
    // The reading took 03/02/2026 day first; the person approved 2 March and the amount to pay.
    const first = statement({ ref: '58213', issued: '03/02/2026', pay: '$1,750.50' });
    const memory = learnLayout(
      [],
      first,
      { invoiceNumber: '58213', invoiceDate: '2026-03-02', amountDue: 1750.5 },
      at(1),
    );
    const next = statement({ ref: '58377', issued: '04/03/2026', pay: '$920.00' });
    const { invoice: reading } = normalizeAnalysis({ ExpenseDocuments: [] });
    const misread = { ...reading, invoiceNumber: '58377', invoiceDate: '2026-03-04' };
    misread.confidence = { ...reading.confidence, invoiceNumber: 0.57, invoiceDate: 0.98 };
    const remembered = applyLayoutMemory(misread, next, memory);
    expect(remembered?.invoice).toMatchObject({
      invoiceNumber: '58377',
      invoiceDate: '2026-04-03',
      amountDue: 920,
    });
    // Where it agrees with the reading it is as sure as a new memory is; where it departs from the
    // reading, unconfirmed by any later approval, it stays below the skip-review mark for a person.
    expect(remembered?.invoice.confidence.invoiceNumber).toBe(0.9);
    expect(remembered?.invoice.confidence.invoiceDate).toBeLessThan(0.9);
    expect(remembered?.invoice.confidence.amountDue).toBeLessThan(0.9);
    expect(remembered?.invoice.locations.invoiceDate).toMatchObject({ page: 1, top: 0.17 });
    expect(remembered?.note).toContain('differs from the reading: invoice date, amount due');
    // The reading itself is left as it was.
    expect(misread.invoiceDate).toBe('2026-03-04');
  });

  it('a memory only marked where the reading was right stands aside when it reads otherwise', async () => {
    // Approved as read: nothing was corrected, so the anchor only says where the number was printed.
    const first = statement({ ref: '58213', issued: '03/02/2026', pay: '$1,750.50' });
    const asRead = { invoiceNumber: '58213', amountDue: 1750.5 };
    const memory = learnLayout([], first, asRead, { ...at(1), read: asRead });
    expect(memory[0].fields.invoiceNumber?.[0].corrected).toBe(false);
    const next = statement({ ref: '58377', issued: '04/03/2026', pay: '$920.00' });
    const { invoice: reading } = normalizeAnalysis({ ExpenseDocuments: [] });
    const otherwise = { ...reading, invoiceNumber: 'PO-7731', amountDue: 920 };
    otherwise.confidence = { ...reading.confidence, invoiceNumber: 0.95, amountDue: 0.8 };
    const remembered = applyLayoutMemory(otherwise, next, memory);
    // The reading's number stands, in doubt for a person; where both agree, the memory vouches for it.
    expect(remembered?.invoice.invoiceNumber).toBe('PO-7731');
    expect(remembered?.invoice.confidence.invoiceNumber).toBeLessThan(0.6);
    expect(remembered?.invoice.confidence.amountDue).toBe(0.9);
    expect(remembered?.note).toContain(
      "Check invoice number: not where this vendor's approved invoices print it.",
    );
  });

  it('an approval whose subtotal and tax do not make its total teaches neither', () => {
    const page = [
      line('Harbor Electric Supply Dock Road', 0.1, 0.05),
      line('Net amount 100.00', 0.6, 0.5),
      line('VAT 10.00', 0.6, 0.52),
      line('Total 150.00', 0.6, 0.54),
    ];
    const off = learnLayout([], page, { subtotal: 100, taxAmount: 10, totalAmount: 150 }, at(1));
    expect(Object.keys(off[0].fields)).toEqual(['totalAmount']);
    // Printed so that they add up, the same three are learned.
    const page2 = [...page.slice(0, 1), line('Net amount 140.00', 0.6, 0.5), ...page.slice(2)];
    const right = learnLayout([], page2, { subtotal: 140, taxAmount: 10, totalAmount: 150 }, at(1));
    expect(Object.keys(right[0].fields).sort()).toEqual(['subtotal', 'taxAmount', 'totalAmount']);
  });

  it('no memory, or none of this layout: nothing changes', () => {
    const lines = statement({ ref: '58213', issued: '03/02/2026', pay: '$1,750.50' });
    const { invoice } = normalizeAnalysis({ ExpenseDocuments: [] });
    expect(applyLayoutMemory(invoice, lines, [])).toBeNull();
    const memory = learnLayout([], lines, { invoiceNumber: '58213' }, at(1));
    const otherTemplate = [line('Northwind Plumbing invoice bill to maple court thank you', 0.1, 0.1)];
    expect(applyLayoutMemory(invoice, otherTemplate, memory)).toBeNull();
  });

  it("never replaces what the document's e-invoice XML states", () => {
    const lines = statement({ ref: '58213', issued: '03/02/2026', pay: '$1,750.50' });
    const memory = learnLayout([], lines, { invoiceNumber: '58213', amountDue: 1750.5 }, at(1));
    const { invoice } = normalizeAnalysis({ ExpenseDocuments: [] });
    const stated = {
      ...invoice,
      invoiceNumber: 'XML-1',
      confidence: { ...invoice.confidence, invoiceNumber: 1 },
    };
    const remembered = applyLayoutMemory(stated, lines, memory);
    expect(remembered?.invoice.invoiceNumber).toBe('XML-1');
    expect(remembered?.fields).toEqual(['amountDue']);
  });

  it('counts each anchor right or wrong on later approvals; one corrected again is no longer used', () => {
    const v1 = statement({ ref: '58213', issued: '03/02/2026', pay: '$1,750.50' });
    let memory = learnLayout([], v1, { invoiceNumber: '58213', amountDue: 1750.5 }, at(1));
    const v2 = statement({ ref: '58377', issued: '04/03/2026', pay: '$920.00' });
    memory = learnLayout(memory, v2, { invoiceNumber: '58377', amountDue: 920 }, at(2));
    expect(memory).toHaveLength(1);
    expect(memory[0].approvals).toBe(2);
    const [pay] = memory[0].fields.amountDue ?? [];
    expect(pay).toMatchObject({ right: 1, wrong: 0 });
    expect(memoryConfidence(pay)).toBeGreaterThan(0.9);

    // The person says the amount to pay is not the "Please pay" figure on this one: the anchor loses weight
    // and stops being used, and nothing else printed is learned in its place.
    const v3 = statement({ ref: '58400', issued: '05/03/2026', pay: '$700.00' });
    memory = learnLayout(memory, v3, { invoiceNumber: '58400', amountDue: 1 }, at(3));
    memory = learnLayout(memory, v3, { invoiceNumber: '58400', amountDue: 1 }, at(4));
    const [after] = memory[0].fields.amountDue ?? [];
    expect(after).toMatchObject({ right: 1, wrong: 2 });
    expect(weightOf(after)).toBeLessThan(MIN_WEIGHT);
    const { invoice } = normalizeAnalysis({ ExpenseDocuments: [] });
    const remembered = applyLayoutMemory(
      invoice,
      statement({ ref: '58500', issued: '06/03/2026', pay: '$5.00' }),
      memory,
    );
    expect(remembered?.fields).toEqual(['invoiceNumber']);
    expect(remembered?.invoice.amountDue).toBeNull();
  });

  it('an anchor that reads a value the person left empty counts as wrong', () => {
    const lines = statement({ ref: '58213', issued: '03/02/2026', pay: '$1,750.50' });
    let memory = learnLayout([], lines, { invoiceNumber: '58213', amountDue: 1750.5 }, at(1));
    memory = learnLayout(memory, lines, { invoiceNumber: '58213', amountDue: null }, at(2));
    expect(memory[0].fields.amountDue?.[0]).toMatchObject({ right: 0, wrong: 1 });
    expect(memory[0].fields.invoiceNumber?.[0]).toMatchObject({ right: 1, wrong: 0 });
  });

  it('keeps at most MAX_LAYOUTS_PER_VENDOR layouts, the least recently approved going first', () => {
    // Templates with no word in common: each approval is a new layout of the vendor's.
    const template = (i: number) => [
      line(
        Array.from({ length: 10 }, (_, k) => `${'abcdefghij'[i]}${'klmnopqrst'[k]}x`).join(' '),
        0.1,
        0.05,
      ),
      line(`Ref R${i}00`, 0.1, 0.2),
    ];
    let memory: LayoutMemory[] = [];
    for (let i = 0; i <= MAX_LAYOUTS_PER_VENDOR; i++)
      memory = learnLayout(memory, template(i), { invoiceNumber: `R${i}00` }, at(i + 1));
    expect(memory).toHaveLength(MAX_LAYOUTS_PER_VENDOR);
    // The first template went: its invoice is read as it was.
    const { invoice } = normalizeAnalysis({ ExpenseDocuments: [] });
    expect(applyLayoutMemory(invoice, template(0), memory)).toBeNull();
    expect(applyLayoutMemory(invoice, template(1), memory)?.invoice.invoiceNumber).toBe('R100');
  });

  it('a page without text, or without any approved value printed, teaches nothing', () => {
    expect(learnLayout([], [], { invoiceNumber: '58213' }, at(1))).toEqual([]);
    const lines = statement({ ref: '58213', issued: '03/02/2026', pay: '$1,750.50' });
    expect(learnLayout([], lines, { invoiceNumber: 'NOT-THERE', totalAmount: 99.99 }, at(1))).toEqual([]);
  });
});
