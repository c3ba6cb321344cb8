import type { DocLine } from '../lines';

/**
 * Table headers: a line whose cells are column headings (Description, Qty, Unit price, Amount, in
 * en/de/fr/es/nl/it), at least one of them a money column, and no money of its own. Each heading
 * gives a column (its role and x-range) that the rows below are read against.
 */
export type ColumnRole = 'description' | 'quantity' | 'unit' | 'amount' | 'tax' | 'other';

export interface Column {
  role: ColumnRole;
  x0: number;
  x1: number;
  text: string;
}

export interface TableHeader {
  /** Index of the header line in the document's reading order. */
  line: number;
  pageIndex: number;
  columns: Column[];
}

// General column vocabulary; `\b` does not work next to accented letters, hence the explicit edges.
const W = (words: string) => new RegExp(`(?:^|[^\\p{L}])(?:${words})(?=$|[^\\p{L}])`, 'iu');
/** Including tax ("Prijs incl. BTW", "Montant TTC"): the line's amount, not a tax column. */
const INCLUDING = W('incl\\.?|inkl\\.?|ttc|brutto\\p{L}*|gross');
const ROLE_WORDS: Array<[ColumnRole, RegExp]> = [
  [
    'unit',
    W(
      'unit\\s*price|price\\s*per(?:\\s*unit)?|unit\\s*cost|rate|u/p|einzelpreis|e-?preis|preis\\s*(?:je|pro)|st[üu]ckpreis|prix\\s*unitaire|prix\\s*u(?:nit)?\\.?|p\\.\\s*u\\.?|pu\\s*ht|precio\\s*unitario|precio\\s*unit\\.?|prijs\\s*per|stukprijs|eenheidsprijs|prezzo\\s*unitario|prezzo\\s*unit\\.?',
    ),
  ],
  [
    'quantity',
    W(
      'qty|quantity|quant\\.?|menge|anzahl|anz\\.?|stk|st[üu]ck|qt[ée]|quantit[ée]|qte|cantidad|cant\\.?|aantal|quantit[àa]|q\\.t[àa]|units|hours|hrs|stunden|std\\.?|heures',
    ),
  ],
  ['amount', INCLUDING],
  ['tax', W('vat|tax|gst|mwst\\.?|ust\\.?|tva|iva|btw|steuer(?:satz)?|taux')],
  [
    'amount',
    W(
      '\\p{L}*(?:betrag|summe|preis)|amount|line\\s*total|total|net\\s*amount|subtotal|betrag|gesamt(?:preis|betrag)?|summe|netto(?:betrag)?|montant|total\\s*ht|importe|bedrag|totaal|importo|totale|price|preis|prix|precio|prijs|prezzo|cost|charge|value|wert',
    ),
  ],
  [
    'description',
    W(
      '\\p{L}*(?:beschreibung|bezeichnung|text)|description|desc\\.?|item|items|article|product|products|service|services|particulars|details|name|bezeichnung|beschreibung|artikel(?:bezeichnung)?|leistung|produkt|position(?:sbezeichnung)?|d[ée]signation|libell[ée]|prestation|descripci[óo]n|concepto|art[íi]culo|omschrijving|beschrijving|descrizione|articolo|prodotto|subscription|plan',
    ),
  ],
  [
    'other',
    W(
      'pos\\.?|nr\\.?|no\\.?|#|n°|code|sku|ref\\.?|r[ée]f[ée]rence|art\\.?-?\\s*nr\\.?|unit|uom|einheit|eh|me|unit[ée]|unidad|eenheid|unit[àa]|discount|rabatt|remise|korting|descuento|sconto|date|datum|period|interval|zeitraum|p[ée]riode|%',
    ),
  ],
];

/** The role of one heading: the first role whose vocabulary it uses, in order of specificity. */
export function roleOf(heading: string): ColumnRole | null {
  for (const [role, re] of ROLE_WORDS) if (re.test(heading)) return role;
  return null;
}

const EXCLUDING = W('excl\\.?|exkl\\.?|ht|net|netto\\p{L}*');
const MONEY = /\d[.,]\d{2}(?!\d)/;

/** The columns of a header line, or null when the line is not a table header. */
export function headerColumns(line: DocLine): Column[] | null {
  if (MONEY.test(line.text)) return null;
  const cells = line.segments.length >= 2 ? line.segments : line.words;
  if (cells.length < 2) return null;
  const roles = cells.map((c) => roleOf(c.text));
  const named = roles.filter((r) => r !== null).length;
  if (named < 2 || named < cells.length * 0.6) return null;
  if (!roles.some((r) => r === 'amount' || r === 'unit')) return null;
  // A label with its value ("Total: EUR") is no header: headings are short, and none is a label
  // followed by its value ("Leistung: Gartenpflege", "Leistung:Gartenpflege").
  if (cells.some((c) => c.text.length > 40)) return null;
  const labelWithValue = cells.some(
    (c, i) => /:\s*\p{L}/u.test(c.text) || (c.text.endsWith(':') && i + 1 < cells.length && !roles[i + 1]),
  );
  if (labelWithValue) return null;
  const columns: Column[] = cells.map((c, i) => ({
    role: roles[i] ?? 'other',
    x0: c.x0,
    x1: c.x1,
    text: c.text,
  }));
  let amounts = columns.filter((c) => c.role === 'amount');
  // An amount before tax beside the amount including it ("Montant HT … Montant TTC"): the line's
  // amount is the one including tax, and the other is no unit price.
  if (amounts.length > 1 && INCLUDING.test(amounts.at(-1)!.text)) {
    for (const c of amounts.slice(0, -1)) if (EXCLUDING.test(c.text)) c.role = 'other';
    amounts = columns.filter((c) => c.role === 'amount');
  }
  // Of several money columns, the last is the line's amount and an earlier one its unit price
  // ("Price … Total"), unless a unit-price column is named.
  if (amounts.length > 1) {
    const hasUnit = columns.some((c) => c.role === 'unit');
    for (const c of amounts.slice(0, -1)) c.role = hasUnit ? 'other' : 'unit';
  }
  return columns;
}

/** Every header line of the document, in reading order. */
export function findHeaders(lines: DocLine[]): TableHeader[] {
  const out: TableHeader[] = [];
  lines.forEach((line, i) => {
    const columns = headerColumns(line);
    if (columns) out.push({ line: i, pageIndex: line.pageIndex, columns });
  });
  return out;
}
