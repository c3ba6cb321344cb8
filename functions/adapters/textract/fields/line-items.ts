import type { ExpenseField, ExpenseLineItem } from '../../../core/extraction/expense-types';
import { findAmounts, findDates } from '../../../core/extraction/parse-values';
import { AMOUNT_DUE_LABEL, RECEIVER_LABEL, SUBTOTAL_LABEL, TAX_LABEL, TOTAL_LABEL } from './labels';
import { type Box, type DocLine, geometryOf } from './lines';
import { type Column, headerColumns } from './table-header';
import { numericTail } from './values';

/**
 * The line items: rows under a table header, each number placed under its column, descriptions
 * that run over several lines joined, and, when no header is found, lines that are a description
 * and a single price outside the totals. A first or last row that sums all the others is a
 * section total and dropped. Quantity and unit price are kept only when they explain the amount.
 */

interface Row {
  description: string;
  quantity: string | null;
  unitPrice: string | null;
  price: string;
  box: Box;
  line: DocLine;
}

function rawOf(numbers: Array<{ raw: string }>): [string, string, string] {
  return [numbers[0].raw, numbers[1].raw, numbers[2].raw];
}

/** Whether quantity × unit price is the amount (within 2%), all three read. */
function multipliesOut(quantity: string | null, unitPrice: string | null, price: string | null): boolean {
  if (quantity === null || unitPrice === null || price === null) return false;
  const [q, u, p] = [quantity, unitPrice, price].map((t) => findAmounts(t).at(-1)?.value ?? Number.NaN);
  return q > 0 && Math.abs(q * u - p) <= 0.02 * Math.max(1, Math.abs(p));
}

function rowOf(line: DocLine, columns: Column[] | null): Row | null {
  let { start, numbers } = numericTail(line);
  const descriptionColumn = columns?.find((c) => c.role === 'description');
  if (columns && descriptionColumn) {
    // Numbers inside the description column ("Water heater 50 gal") are part of the description.
    const numeric = columns.filter((c) => c.role === 'quantity' || c.role === 'unit' || c.role === 'price');
    const firstNumeric = Math.min(...numeric.map((c) => c.x0));
    const kept = numbers.filter((n) => n.box.x1 > firstNumeric - line.height * 2);
    if (kept.length && kept.length < numbers.length) {
      start = kept[0].index;
      numbers = kept;
    }
  }
  if (numbers.length === 0) return null;
  const money = numbers.filter((n) => /[.,]\d{1,2}$/.test(n.raw) || /^\D/.test(n.raw));
  if (money.length === 0) return null;
  const description = line.text
    .slice(0, start)
    .replace(/[\s:*|-]+$/, '')
    .trim();
  let quantity: string | null = null;
  let unitPrice: string | null = null;
  let price: string | null = null;
  if (columns) {
    // Each number goes to the header column it sits under.
    for (const n of numbers) {
      const centre = (n.box.x0 + n.box.x1) / 2;
      const col = columns
        .map((c) => ({ c, d: centre < c.x0 ? c.x0 - centre : centre > c.x1 ? centre - c.x1 : 0 }))
        .sort((a, b) => a.d - b.d)[0]?.c;
      if (!col) continue;
      if (col.role === 'quantity') quantity = n.raw;
      else if (col.role === 'unit') unitPrice = n.raw;
      else if (col.role === 'price') price = n.raw;
    }
    // Text laid out with spaces in a proportional font drifts off its header's columns. When the
    // columns give figures that do not multiply out but the numbers read in order (quantity, unit
    // price, amount) do, the order is right.
    const inOrder = numbers.length === 3 ? numbers : null;
    if (inOrder && !multipliesOut(quantity, unitPrice, price) && multipliesOut(...rawOf(inOrder))) {
      [quantity, unitPrice, price] = rawOf(inOrder);
    }
  }
  if (price === null) {
    const last = money.at(-1) ?? numbers.at(-1)!;
    price = last.raw;
    const before = numbers.slice(0, numbers.indexOf(last));
    const unit = [...before].reverse().find((n) => /[.,]\d{1,3}$/.test(n.raw) && n.value !== 0);
    if (unitPrice === null && unit) unitPrice = unit.raw;
    const qty = before.find((n) => n !== unit && n.value > 0 && n.value < 10000 && !/^\D/.test(n.raw));
    if (quantity === null && qty) quantity = qty.raw;
    // Keep quantity and unit price only when they explain the price.
    const q = qty?.value ?? 1;
    if (unit && Math.abs(q * unit.value - last.value) > 0.02 * Math.max(1, Math.abs(last.value))) {
      if (!columns) {
        unitPrice = null;
        quantity = null;
      }
    }
  }
  return { description, quantity, unitPrice, price, box: line, line };
}

const GENERIC_ROW =
  /^(charges?|credits?|payments?|discounts?|balance|amount|fees?|adjustments?|rounding|cash|change|paid|tendered|deposit|summary|details?)\b/i;

/**
 * Tables without a header row: lines that are a description followed by a single price, outside
 * the totals and the label/value pairs.
 */
function headerlessRows(lines: DocLine[]): Row[] {
  const rows: Row[] = [];
  for (const line of lines) {
    if (TABLE_END.test(line.text) || TAX_LABEL.test(line.text) || AMOUNT_DUE_LABEL.test(line.text)) continue;
    const row = rowOf(line, null);
    if (!row) continue;
    const { numbers } = numericTail(line);
    if (numbers.length > 3) continue;
    const d = row.description;
    if (!/\p{L}{3,}/u.test(d) || /:/.test(d) || GENERIC_ROW.test(d) || d.split(' ').length > 10) continue;
    if (
      findDates(d).length ||
      RECEIVER_LABEL.test(d) ||
      /\b(invoice|rechnung|facture|factuur|receipt|no\.?|number|tel|phone|fax|mobile)\b/i.test(d)
    )
      continue;
    rows.push(row);
  }
  return rows;
}

const TABLE_END = new RegExp(
  `${SUBTOTAL_LABEL.source}|${TOTAL_LABEL.source}|${AMOUNT_DUE_LABEL.source}|^\\s*(tax|vat|gst|btw|mwst)\\b`,
  'i',
);

/**
 * The rows without a first or last row that adds up all the others ("AWS Service Charges $4.11"
 * over its services): a section total, not an item.
 */
function withoutSumRow(rows: Row[]): Row[] {
  if (rows.length < 3) return rows;
  const value = (r: Row) => findAmounts(r.price).at(-1)?.value ?? Number.NaN;
  const sum = rows.reduce((s, r) => s + value(r), 0);
  for (const edge of [rows[0], rows[rows.length - 1]]) {
    if (Math.abs(sum - value(edge) - value(edge)) < 0.005 && value(edge) > 0)
      return rows.filter((r) => r !== edge);
  }
  return rows;
}

export function detectLineItems(lines: DocLine[]): ExpenseLineItem[] {
  const rows: Row[] = [];
  for (let h = 0; h < lines.length; h++) {
    const columns = headerColumns(lines[h]);
    if (!columns) continue;
    const header = lines[h];
    let pending: string[] = [];
    let needsDescription: Row | null = null;
    let last: DocLine = header;
    for (let i = h + 1; i < lines.length; i++) {
      const line = lines[i];
      if (line.page !== header.page) break;
      if (line.y0 - last.y1 > header.height * 6) break;
      if (TABLE_END.test(line.text.slice(0, 40)) && !/^\d/.test(line.text)) break;
      if (headerColumns(line)) break;
      last = line;
      const row = rowOf(line, columns);
      if (!row) {
        const text = line.text.trim();
        if (needsDescription) {
          needsDescription.description = `${needsDescription.description} ${text}`.trim();
          needsDescription = null;
        } else if (/\p{L}{2,}/u.test(text)) pending.push(text);
        continue;
      }
      const hasWords = /\p{L}{3,}/u.test(row.description);
      if (!hasWords) {
        if (pending.length) {
          row.description = `${pending.join(' ')} ${row.description}`.trim();
          pending = [];
        } else needsDescription = row;
      } else if (pending.length && rows.length) {
        const prev = rows[rows.length - 1];
        prev.description = `${prev.description} ${pending.join(' ')}`;
        pending = [];
      } else pending = [];
      rows.push(row);
    }
    if (pending.length && rows.length) rows[rows.length - 1].description += ` ${pending.join(' ')}`;
    h = lines.indexOf(last);
  }
  if (rows.length === 0) rows.push(...headerlessRows(lines));
  return withoutSumRow(rows.filter((r) => /\p{L}/u.test(r.description))).map((r) => {
    const field = (type: string, text: string | null): ExpenseField | null =>
      text === null
        ? null
        : {
            Type: { Text: type, Confidence: 90 },
            ValueDetection: {
              Text: text,
              Confidence: r.line.confidence,
              Geometry: geometryOf(r.box, r.line),
            },
            PageNumber: r.line.page,
          };
    return {
      LineItemExpenseFields: [
        field('ITEM', r.description.replace(/\s+/g, ' ').trim()),
        field('QUANTITY', r.quantity),
        field('UNIT_PRICE', r.unitPrice),
        field('PRICE', r.price),
        field('EXPENSE_ROW', r.line.text),
      ].filter((f): f is ExpenseField => f !== null),
    };
  });
}
