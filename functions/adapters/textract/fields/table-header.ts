import { HEADER_WORDS, PRICE_HEADER } from './labels';
import type { DocLine } from './lines';

/**
 * Whether a line is a table's header row, and what each of its columns holds (description,
 * quantity, unit price, amount, other). The line-item reader places each number under its column;
 * the field detector skips header rows so that a column heading such as "Date" or "Total" is not
 * read as a label with a value.
 */

type ColumnRole = 'description' | 'quantity' | 'unit' | 'price' | 'other';

export interface Column {
  role: ColumnRole;
  x0: number;
  x1: number;
}

const TAX_WORD = /\b(tax|vat|tva|btw|mwst|ust|gst)\b/i;
const INCLUDING_TAX = /\b(incl|inkl|ttc|gross|brutto)\b/i;
const EXCLUDING_TAX = /\b(excl|exkl|ht|net|netto)\b/i;

function roleOf(header: string): ColumnRole {
  const h = header.toLowerCase();
  if (/\b(qty|quantity|aantal|menge|anzahl|units?|hours|hrs)\b/.test(h) && !/price|prijs|rate/.test(h))
    return 'quantity';
  if (/(unit\s*price|price\s*per|prijs\s*per|einzelpreis|u\/p|\brate\b|unit\s*cost|^price$|^prijs$)/.test(h))
    return 'unit';
  // A tax column ("Montant TVA", "VAT amount"), unless it is the amount including the tax.
  if (TAX_WORD.test(h) && !INCLUDING_TAX.test(h)) return 'other';
  if (/\b(amount|total|betrag|gesamt|montant|incl|line\s*total|subtotal|price|prijs)\b/.test(h))
    return 'price';
  if (/\b(tax|vat|btw|disc|uom)\b/.test(h)) return 'other';
  if (
    /\b(description|item|product|artikel|beschreibung|omschrijving|d[ée]signation|charge|service|particulars)\b/.test(
      h,
    )
  )
    return 'description';
  return 'other';
}

export function headerColumns(line: DocLine): Column[] | null {
  const segs = line.segments;
  // Column headings carry no money ("TOTAL SAVING: 0.00  TOTAL  6.85" is a totals row).
  if (segs.some((s) => /\d[.,]\d{2}\b/.test(s.text))) return null;
  const headerish = segs.filter((s) => HEADER_WORDS.test(s.text.trim()));
  if (headerish.length < 2 || headerish.length < segs.length * 0.6) return null;
  if (!segs.some((s) => PRICE_HEADER.test(s.text))) return null;
  const columns: Column[] = segs.map((s) => ({ role: roleOf(s.text.trim()), x0: s.x0, x1: s.x1 }));
  const prices = () => columns.filter((c) => c.role === 'price');
  // An amount before tax beside the amount including it ("Montant HT … Montant TTC"): the line's
  // price is the one including tax; the other is not a unit price.
  if (prices().some((c) => INCLUDING_TAX.test(segs[columns.indexOf(c)].text))) {
    for (const c of prices()) if (EXCLUDING_TAX.test(segs[columns.indexOf(c)].text)) c.role = 'other';
  }
  // With both a unit price and an amount column, "price" means the unit price.
  for (const c of prices().slice(0, -1)) c.role = 'unit';
  return columns;
}
