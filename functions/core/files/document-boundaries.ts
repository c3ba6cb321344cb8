/**
 * Where one document ends and the next begins in a file that holds several (a mailroom's batch scan):
 * pure, on the pages as read (the local engine's text layer or OCR lines, Textract's lines), so the
 * workflow, the evaluation script and the tests all decide the same way.
 *
 * A page continues the document before it unless something on it says otherwise. What says a page
 * continues: a page marker past 1 ("Page 2 of 3", "Seite 2 von 2", a lone "2/3"), "continued", the
 * previous page's "continued on the next page", the same invoice or account number. What says a new
 * document starts: "Page 1 of …", a page after the last one a marker announced ("3 of 3"), a different
 * invoice number, or a header block (a title such as "Invoice" or "Statement", an invoice number label
 * near the top) under another issuer's heading, or on a page with its own total after a document that
 * had its total already. The rules are about invoices in general: none names a vendor or a layout.
 */

/** One line of a page as read, top-down coordinates (y grows down the page). */
export interface PageLine {
  text: string;
  y0: number;
  y1: number;
  /** Runs of words separated by wide gaps (table cells, label and value columns), when known. */
  segments?: ReadonlyArray<{ text: string }>;
}

/** One page as read; `height` is in the same units as its lines' coordinates. */
export interface PageReading {
  height: number;
  lines: ReadonlyArray<PageLine>;
}

/** A document of the file: its first and last page, 1-based, inclusive. */
export interface DocumentRange {
  firstPage: number;
  lastPage: number;
  /** Why this document was found to start here (the first one starts the file). */
  startedBy: BoundaryReason;
}

export type BoundaryReason =
  | 'file-start'
  | 'page-one-marker'
  | 'after-last-announced-page'
  | 'different-number'
  | 'header-of-another-issuer'
  | 'header-after-complete-document';

/** The share of a page, from the top, where a header block (title, number label) is looked for. */
const HEADER_REGION = 0.4;
/** The share of a page at the top and at the bottom where a lone "2/3" is taken as a page marker. */
const MARGIN_REGION = 0.15;

const TITLE_WORDS =
  /^(?:invoice|bill|statement|receipt|folio|creditnote|credit note|credit memo|debit note|[a-zäöüß]*rechnung|gutschrift|quittung|facture|avoir|factuur|fattura|factura|nota fiscal)$/;
const NUMBER_LABEL =
  /\b(?:invoice|bill|statement|receipt|folio|[a-zäöüß]*rechnung(?:s)?|facture|factuur|fattura|factura)\s*(?:\(\d+\)\s*)?(?:no\.?|nr\.?|nbr\.?|number|num[ée]ro|n[°º]|#|nummer|:)\s*[:#.]?\s*([A-Z0-9][\w\-/.]*)/i;
const ACCOUNT_LABEL =
  /\b(?:account|acct|customer|kunden)\s*(?:no\.?|nr\.?|number|#|nummer|:)\s*[:#.]?\s*(\d[\d\s-]{3,}\d)\b/i;
const PAGE_OF =
  /\b(?:page|seite|pagina|página|blatt|p\.)\s*(?:number\s*|no\.?\s*)?:?\s*(\d{1,3})\s*(?:(?:of|von|de|sur|van|di|\/)\s*(\d{1,3}))?(?!\s*[\d.,/])/i;
const LONE_FRACTION = /^\s*(\d{1,2})\s*\/\s*(\d{1,2})\s*$/;
const CONTINUED_HERE = /\b(?:continued|cont'd|\(cont\.?\)|fortsetzung|übertrag|suite de la page)\b/i;
const CONTINUES_NEXT =
  /\b(?:continued (?:on|to|over)(?: the)? (?:next|following) page|continued overleaf|see (?:the )?(?:next|following|reverse) (?:page|side)|see back|au verso|p\.\s?t\.\s?o\.?|fortsetzung (?:auf|siehe) (?:der )?(?:nächste|folge)|bitte wenden)\b/i;
const TOTAL =
  /\b(?:total|amount due|balance due|gesamtbetrag|bruttosumme|rechnungsbetrag|zahlbetrag|zu zahlen|montant|net à payer|totaal|te betalen|importe total)\b/i;
const AMOUNT = /\d[\d.,\s]*[.,]\d{2}\b/;
const DATE_LABEL =
  /\b(?:(?:invoice|bill|statement|issue|billing|due)\s+date|date (?:due|mailed|of issue)|amount due|rechnungsdatum|date de (?:la )?facture|factuurdatum)\s*[:.]?\s*(?:[$€£]\s*)?(?:\d|jan|feb|m[aä]r|apr|ma[iy]|jun|jul|aug|sep|o[ck]t|nov|de[cz])/i;

/** What one page says about where it belongs. */
interface PageSignals {
  hasText: boolean;
  /** "Page n of m" (m when the page says it). */
  marker: { n: number; m: number | null } | null;
  continuedHere: boolean;
  continuesNext: boolean;
  /** A title, an identifier or a bill date label near the top. */
  header: boolean;
  /** A header that names its document (a number, a date label, or a title over a total), not a title alone. */
  namesDocument: boolean;
  identifiers: { invoice: string | null; account: string | null };
  hasTotal: boolean;
  /** The header region's lines, as compared between pages of one issuer. */
  headingLines: Set<string>;
}

/** Letter-spaced titles ("I N V O I C E") and punctuation folded, lower case. */
function fold(text: string): string {
  return unspaced(text)
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "I n v o i c e : 0 0 1 6" as "Invoice:0016": one character and one space at a time. */
function unspaced(text: string): string {
  const trimmed = text.trim();
  return /^(?:\S ){3,}\S$/u.test(trimmed) ? trimmed.replace(/ /g, '') : text;
}

/** A short run of words ending in a document title ("Tax invoice", "Your energy bill", "Rechnung"). */
function isTitle(text: string): boolean {
  const words = fold(text).split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 4) return false;
  const last = words.slice(-2).join(' ');
  return TITLE_WORDS.test(last) || TITLE_WORDS.test(words[words.length - 1]);
}

function identifierOf(text: string, pattern: RegExp): string | null {
  const value = pattern.exec(text)?.[1];
  if (!value || !/\d/.test(value)) return null;
  const folded = value
    .replace(/[\s.]+$/, '')
    .replace(/\s+/g, '')
    .toUpperCase();
  return folded.length >= 3 ? folded : null;
}

/**
 * A page marker on the line. "Page 2" without a count is taken only when it stands alone (a cell of
 * its own): in running text ("see page 2 for details") it points elsewhere.
 */
function pageMarker(line: PageLine, height: number): PageSignals['marker'] {
  for (const piece of [line.text, ...(line.segments ?? []).map((s) => s.text)]) {
    const of = PAGE_OF.exec(piece);
    if (!of) continue;
    const n = Number(of[1]);
    const m = of[2] ? Number(of[2]) : null;
    const alone = of[0].trim().length >= piece.trim().length - 1;
    if (n >= 1 && (m === null ? alone : m >= n && m <= 500)) return { n, m };
  }
  const inMargin = line.y1 < height * MARGIN_REGION || line.y0 > height * (1 - MARGIN_REGION);
  const lone = inMargin ? LONE_FRACTION.exec(line.text) : null;
  if (lone) {
    const n = Number(lone[1]);
    const m = Number(lone[2]);
    if (n >= 1 && m >= n && m > 1) return { n, m };
  }
  return null;
}

function signalsOf(page: PageReading): PageSignals {
  const lines = page.lines.filter((l) => l.text.trim() !== '');
  const top = lines.filter((l) => l.y0 < page.height * HEADER_REGION);
  let marker: PageSignals['marker'] = null;
  for (const line of lines) {
    marker = pageMarker(line, page.height);
    if (marker) break;
  }
  const pieces = (l: PageLine) => [l.text, ...(l.segments ?? []).map((s) => s.text)];
  let invoice: string | null = null;
  let account: string | null = null;
  for (const line of top) {
    invoice ??= identifierOf(unspaced(line.text), NUMBER_LABEL);
    account ??= identifierOf(unspaced(line.text), ACCOUNT_LABEL);
  }
  const titled = top.some((l) => pieces(l).some(isTitle));
  const dated = top.some((l) => DATE_LABEL.test(l.text));
  const hasTotal = lines.some((l) => TOTAL.test(l.text) && AMOUNT.test(l.text));
  return {
    hasText: lines.length > 0,
    marker,
    continuedHere: top.some((l) => CONTINUED_HERE.test(l.text) && !CONTINUES_NEXT.test(l.text)),
    continuesNext: lines.some((l) => CONTINUES_NEXT.test(l.text)),
    header: titled || dated || invoice !== null,
    namesDocument: invoice !== null || account !== null || dated || (titled && hasTotal),
    identifiers: { invoice, account },
    hasTotal,
    headingLines: new Set(top.slice(0, 8).map((l) => fold(l.text).replace(/\d+/g, '#'))),
  };
}

/** The document being gathered while the pages are walked. */
interface OpenDocument {
  range: DocumentRange;
  first: PageSignals;
  last: PageSignals;
  identifiers: PageSignals['identifiers'];
  hasTotal: boolean;
  /** The page count a marker announced ("1 of 3"), and the last marker's page. */
  announced: number | null;
}

/** Share of the page's heading lines that the document's first page has too. */
function sharedHeading(page: PageSignals, doc: OpenDocument): number {
  if (page.headingLines.size === 0) return 0;
  let shared = 0;
  for (const line of page.headingLines) if (doc.first.headingLines.has(line)) shared += 1;
  return shared / page.headingLines.size;
}

/** Whether `page` starts a new document after `doc`, and why; null when it continues `doc`. */
function startsNew(page: PageSignals, doc: OpenDocument): BoundaryReason | null {
  if (!page.hasText) return null;
  if (page.marker) return page.marker.n === 1 ? 'page-one-marker' : null;
  if (page.continuedHere || doc.last.continuesNext) return null;
  const pagesSoFar = doc.range.lastPage - doc.range.firstPage + 1;
  if (doc.announced !== null) return pagesSoFar >= doc.announced ? 'after-last-announced-page' : null;
  for (const kind of ['invoice', 'account'] as const) {
    const seen = doc.identifiers[kind];
    const here = page.identifiers[kind];
    if (seen && here) return seen === here ? null : 'different-number';
  }
  if (!page.header) return null;
  if (page.namesDocument && sharedHeading(page, doc) < 0.5) return 'header-of-another-issuer';
  if (doc.hasTotal && page.hasTotal) return 'header-after-complete-document';
  return null;
}

function open(page: PageSignals, index: number, startedBy: BoundaryReason): OpenDocument {
  return {
    range: { firstPage: index + 1, lastPage: index + 1, startedBy },
    first: page,
    last: page,
    identifiers: { ...page.identifiers },
    hasTotal: page.hasTotal,
    announced: page.marker?.n === 1 ? page.marker.m : null,
  };
}

/**
 * The documents of a file, in page order, covering every page once. A file of one document answers
 * one range; an empty file answers none.
 */
export function documentBoundaries(pages: ReadonlyArray<PageReading>): DocumentRange[] {
  const signals = pages.map(signalsOf);
  const ranges: DocumentRange[] = [];
  let doc: OpenDocument | null = null;
  for (const [i, page] of signals.entries()) {
    const reason = doc ? startsNew(page, doc) : 'file-start';
    if (!doc || reason) {
      if (doc) ranges.push(doc.range);
      doc = open(page, i, reason ?? 'file-start');
      continue;
    }
    doc.range.lastPage = i + 1;
    doc.last = page;
    doc.hasTotal ||= page.hasTotal;
    doc.identifiers.invoice ??= page.identifiers.invoice;
    doc.identifiers.account ??= page.identifiers.account;
    // A marker that restarts its count on a continuation ("2 of 3") leaves the announced length as it was.
    if (doc.announced === null && page.marker?.m) doc.announced = page.marker.m;
  }
  if (doc) ranges.push(doc.range);
  return ranges;
}
