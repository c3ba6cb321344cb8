import { describe, expect, it } from 'vitest';
import { trainLinear } from '../../model/linear';
import { groupIntoLines, type LayoutPage, type LayoutWord } from '../../text-layout';
import { docLines } from '../lines';
import { headerColumns } from './header';
import { detectLineItems, itemRows } from './items';
import { ROW_FEATURE_NAMES, rowCandidates, rowFeatures } from './rows';

/** A page of words on a 600×800 grid: each entry is [text, x, y]; a word is 6 units a character. */
function page(words: Array<[string, number, number]>, n = 1): LayoutPage {
  const layout: LayoutWord[] = words.flatMap(([text, x, y]) => {
    // Split phrases into words one space (6 units) apart, as a text layer gives them.
    let at = x;
    return text.split(' ').map((w) => {
      const word = { text: w, x0: at, x1: at + w.length * 6, y0: y, y1: y + 10, confidence: 99 };
      at += (w.length + 1) * 6;
      return word;
    });
  });
  return { page: n, width: 600, height: 800, lines: groupIntoLines(n, layout), source: 'pdf-text' };
}

const HEADER: Array<[string, number, number]> = [
  ['Description', 40, 200],
  ['Qty', 300, 200],
  ['Unit price', 370, 200],
  ['Amount', 480, 200],
];
const TOTALS = (y: number): Array<[string, number, number]> => [
  ['Subtotal', 370, y],
  ['150.00', 480, y],
  ['VAT 20%', 370, y + 15],
  ['30.00', 480, y + 15],
  ['Total', 370, y + 30],
  ['180.00', 480, y + 30],
];

const items = (pages: LayoutPage[]) =>
  detectLineItems(pages).map((i) =>
    Object.fromEntries((i.LineItemExpenseFields ?? []).map((f) => [f.Type?.Text, f.ValueDetection?.Text])),
  );

describe('table headers', () => {
  it('reads the role of each heading, in several languages', () => {
    const [line] = docLines([
      page([
        ['Bezeichnung', 40, 100],
        ['Menge', 300, 100],
        ['Einzelpreis', 370, 100],
        ['Gesamt', 480, 100],
      ]),
    ]);
    expect(headerColumns(line)?.map((c) => c.role)).toEqual(['description', 'quantity', 'unit', 'amount']);
  });

  it('does not take a totals line for a header', () => {
    const [line] = docLines([
      page([
        ['Total', 370, 100],
        ['Amount due', 420, 100],
        ['180.00', 500, 100],
      ]),
    ]);
    expect(headerColumns(line)).toBeNull();
  });

  it('does not take a label with its value for a header, glued or spaced', () => {
    for (const label of ['Leistung:Gartenpflege', 'Leistung: Gartenpflege']) {
      const [line] = docLines([
        page([
          [label, 40, 100],
          ['Gesamt', 300, 100],
        ]),
      ]);
      expect(headerColumns(line), label).toBeNull();
    }
  });
});

describe('line items under a header', () => {
  it('reads each row under its header columns and leaves the totals out', () => {
    const p = page([
      ['Acme Services Ltd', 40, 40],
      ...HEADER,
      ['Window cleaning', 40, 220],
      ['2', 300, 220],
      ['50.00', 370, 220],
      ['100.00', 480, 220],
      ['Gutter repair', 40, 235],
      ['1', 300, 235],
      ['50.00', 370, 235],
      ['50.00', 480, 235],
      ...TOTALS(270),
    ]);
    expect(items([p])).toEqual([
      expect.objectContaining({
        ITEM: 'Window cleaning',
        QUANTITY: '2',
        UNIT_PRICE: '50.00',
        PRICE: '100.00',
      }),
      expect.objectContaining({ ITEM: 'Gutter repair', QUANTITY: '1', UNIT_PRICE: '50.00', PRICE: '50.00' }),
    ]);
  });

  it('joins a description wrapped over two lines', () => {
    const p = page([
      ...HEADER,
      ['Replacement of the circulation', 40, 220],
      ['1', 300, 220],
      ['150.00', 370, 220],
      ['150.00', 480, 220],
      ['pump in the boiler room', 40, 232],
      ...TOTALS(270),
    ]);
    expect(items([p]).map((i) => i.ITEM)).toEqual(['Replacement of the circulation pump in the boiler room']);
  });

  it('follows a table onto the next page, with or without its header repeated', () => {
    for (const repeat of [true, false]) {
      const first = page([
        ...HEADER,
        ['Window cleaning', 40, 220],
        ['2', 300, 220],
        ['50.00', 370, 220],
        ['100.00', 480, 220],
      ]);
      const second = page(
        [
          ...(repeat ? HEADER.map(([t, x]) => [t, x, 60] as [string, number, number]) : []),
          ['Gutter repair', 40, 80],
          ['1', 300, 80],
          ['50.00', 370, 80],
          ['50.00', 480, 80],
          ...TOTALS(120),
        ],
        2,
      );
      expect(items([first, second]).map((i) => [i.ITEM, i.PRICE])).toEqual([
        ['Window cleaning', '100.00'],
        ['Gutter repair', '50.00'],
      ]);
    }
  });

  it('does not take a total row inside the table for an item', () => {
    const p = page([
      ...HEADER,
      ['Window cleaning', 40, 220],
      ['2', 300, 220],
      ['50.00', 370, 220],
      ['100.00', 480, 220],
      ['Total', 40, 235],
      ['100.00', 480, 235],
    ]);
    expect(items([p]).map((i) => i.ITEM)).toEqual(['Window cleaning']);
  });

  it('finds quantity and unit price by their product when the columns drift', () => {
    const p = page([
      ...HEADER,
      // Quantity and unit price both under the Qty heading: the columns do not say which is which.
      ['Paint and materials', 40, 220],
      ['3', 288, 220],
      ['12.50', 304, 220],
      ['37.50', 480, 220],
    ]);
    expect(items([p])).toEqual([
      expect.objectContaining({
        ITEM: 'Paint and materials',
        QUANTITY: '3',
        UNIT_PRICE: '12.50',
        PRICE: '37.50',
      }),
    ]);
  });
});

describe('figures as scans and e-invoices print them', () => {
  it('reads a count glued to its unit, as OCR leaves it, and a unit price with four decimals', () => {
    const p = page([
      ...HEADER,
      ['Garden mulch', 40, 220],
      ['6kg', 300, 220],
      ['2,1250', 370, 220],
      ['12,75', 480, 220],
      ['Van hire', 40, 235],
      ['3Tag(e)', 300, 235],
      ['45,2500', 370, 235],
      ['135,75', 480, 235],
    ]);
    expect(items([p])).toEqual([
      expect.objectContaining({ ITEM: 'Garden mulch', QUANTITY: '6', UNIT_PRICE: '2,1250', PRICE: '12,75' }),
      expect.objectContaining({ ITEM: 'Van hire', QUANTITY: '3', UNIT_PRICE: '45,2500', PRICE: '135,75' }),
    ]);
  });

  it('takes the count for the quantity and the money for the unit price when both multiply out', () => {
    const p = page([['Light bulbs E27 4,50 6 27,00', 40, 220]]);
    const [row] = rowCandidates(docLines([p]));
    expect(row).toMatchObject({
      quantity: expect.objectContaining({ raw: '6' }),
      unitPrice: expect.objectContaining({ raw: '4,50' }),
      amount: expect.objectContaining({ raw: '27,00' }),
      reconciled: true,
    });
  });

  it('keeps a number glued to other letters in the description', () => {
    const p = page([
      ...HEADER,
      ['Filter type 4B', 40, 220],
      ['2', 300, 220],
      ['5.00', 370, 220],
      ['10.00', 480, 220],
    ]);
    expect(items([p])).toEqual([
      expect.objectContaining({ ITEM: 'Filter type 4B', QUANTITY: '2', UNIT_PRICE: '5.00', PRICE: '10.00' }),
    ]);
  });
});

describe('the learned row decision', () => {
  it('gives one value per feature name, and a trained scorer decides which rows are items', () => {
    const p = page([
      ['Invoice No. 2041', 40, 100],
      ['Plumbing repair', 40, 220],
      ['80.00', 480, 220],
      ['Key copies', 40, 235],
      ['20.00', 480, 235],
      ['Total', 370, 270],
      ['100.00', 480, 270],
    ]);
    const lines = docLines([p]);
    const rows = rowCandidates(lines);
    const features = rowFeatures(lines, rows);
    expect(features.every((f) => f.length === ROW_FEATURE_NAMES.length)).toBe(true);
    // Without a header the rules take nothing; a scorer trained on such pages takes the item rows.
    expect(itemRows(lines)).toEqual([]);
    const isItem = rows.map((r) => (lines[r.line].text.startsWith('Total') ? 0 : 1));
    const scorer = trainLinear([...features, ...features], [...isItem, ...isItem]);
    expect(itemRows(lines, scorer).map((r) => [r.description, r.row.amount.raw])).toEqual([
      ['Plumbing repair', '80.00'],
      ['Key copies', '20.00'],
    ]);
  });
});
