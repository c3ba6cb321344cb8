import type {
  ExpenseBlock,
  ExpenseDocument,
  ExpenseField,
  ExpenseGeometry,
  ExpenseLineItem,
} from '../../core/extraction/expense-types';
import { detectCurrency, findAmounts, findDates } from '../../core/extraction/parse-values';
import { detectLineItems as detectTableItems } from './fields/table/items';
import type { LayoutLine, LayoutPage, LayoutWord } from './text-layout';

/**
 * Finds invoice fields in positioned text lines and reports them the way Textract's AnalyzeExpense
 * does (SummaryFields with label and value detections, LineItemGroups, LINE blocks), so that one
 * Normalize step serves both engines.
 *
 * It reads general invoice conventions only (labels in en/de/fr/nl/ms, the issuer at the top or
 * next to a "from" label, the receiver after a "bill to" label, tables under a header row).
 */

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A line with its page size and position in reading order. */
interface DocLine extends LayoutLine {
  index: number;
  pageWidth: number;
  pageHeight: number;
  /** For each character of `text`, the word it belongs to (-1 for separators). */
  charWord: number[];
}

interface Found {
  type: string;
  value: string;
  valueBox: Box;
  line: DocLine;
  label?: { text: string; box: Box };
  /** 0..100 */
  confidence: number;
  groups?: string[];
  /** The label and the words right after it, on the label's line (amounts). */
  labelContext?: string;
}

// ---------------------------------------------------------------------------------------------
// Label vocabularies

const RECEIVER_LABEL =
  /\b(bil(?:l|led)?\s*to|invoice\s*to|sold\s*to|ship(?:ped)?\s*to|deliver(?:ed|y)?\s*to|customer(?:\s*name)?|client|kunde|rechnung\s*an|rechnungsempf[aä]nger|factuuradres|factur[ée]\s*[àa]|adresse\s*de\s*facturation|attn|attention|recipient|buyer|licensed\s*to|guest\s*name|billing\s*contact|technical\s*contact|nom\s*de\s*l.abonn[ée])\b/i;
const PROVIDER_LABEL =
  /\b(from|provided\s*by|seller|vendor|supplier|issued\s*by|service\s*provider|payee|remit\s*to|sold\s*by|payment\s*received\s*by|(?:make\s*)?(?:cheques?|checks?|payments?)\s*payable\s*to|lieferant|verk[äa]ufer)\b/i;
/**
 * "Owned by: ACME SDN BHD" under a shop's name: the company that owns the business the document is
 * issued under. The business's own name, printed above, names the vendor.
 */
const OWNER_LABEL =
  /\b(o\w?wned\s*by|dimiliki\s*oleh|operated\s*by|a\s*(?:division|subsidiary|member|unit)\s*of)\b/i;
const COMPANY_SUFFIX =
  /(\b(inc|llc|l\.l\.c|ltd|limited|gmbh|ag|kg|b\.\s?v|n\.\s?v|s\.\s?a\.?\s?r\.?\s?l|sarl|sas|plc|pty|corp|corporation|company|co|llp|pvt|srl|s\.p\.a|oy|ab)\b\.?|sdn\.?\s*bhd|\bbhd\b|\bs\/b\b|\benterprise\b|\btrading\b|\bsdn\b)/i;
const TITLE_WORDS =
  /^(tax\s*invoice|invoice|simplified\s*tax\s*invoice|official\s*receipt|receipt|cash\s*(bill|sales?|receipt)|rechnung|facture|factuur|bill|statement|quotation|payment\s*(receipt|confirmation)|page|date|total|summary|details|description|thank|welcome|copy|original|duplicate|customer|member|cashier|table|order|gst|sst|tel|fax|phone)\b/i;
const ADDRESS_STOP =
  /(\b(tel|telephone|phone|fax|hp|h\/p|mobile|email|e-mail|gst|sst|vat|tax|invoice|receipt|date|cashier|served\s*by|number|no\s*:|reg\.?\s*no|co\.?\s*reg|company\s*reg|website|www|http|doc(ument)?\s*no|bill|table|counter|order|sales|member)\b|@|\bwww\.)/i;
const REGISTRATION_LINE =
  /^\(?\s*((c[o0]\.?[-\s]*(reg|n[o0])\.?|company\s*(n[o0]|reg)\.?|reg\.?\s*n[o0]|br\s*n[o0]\.?|roc\s*n[o0]|gst\s*(id|reg)?\s*n[o0])\s*[:.]?)?[^a-z]{0,4}\(?\d{3,}[\d\s-]*[a-z]?\s*\)?\.?$/i;

/** Whether a name carries a legal-form suffix after its own words ("KG. BATU" is a village, not a KG). */
function hasLegalSuffix(name: string): boolean {
  const m = name.match(COMPANY_SUFFIX);
  if (!m || m.index === undefined) return false;
  if (m.index > 0) return true;
  // Only legal words and initials ("CO. (M) SDN BHD"): the rest of a name printed on the line above.
  const rest = name.replace(new RegExp(COMPANY_SUFFIX.source, 'gi'), '').replace(/[^\p{L}]/gu, '');
  return rest.length < 3;
}

/**
 * The firm named at the start of a legal notice ("Free SAS au capital de 3.441.812 Euros − RCS
 * Paris …", "Acme Ltd, registered in England No. 123"): its words up to its legal suffix.
 */
const LEGAL_NOTICE_NAME = new RegExp(
  `^(\\p{Lu}[\\p{L}&'.-]*(?:\\s+[\\p{L}&'.-]+){0,4}?\\s+(?:${COMPANY_SUFFIX.source}))(?=[\\s,()]|$)`,
  'iu',
);

/** "Company Reg No.: 75495-W", "Conpany No:20965-U" (OCR), "GST Reg no : 0000 6771 0976". */
const REGISTRATION_LABEL =
  /^\W*(c[o0][mn]?pany\b|(co\.?|gst|sst|roc|business|br)\s*(reg(istration)?|n[o0]|id)\b).*\d{4,}/i;
/** Words that make a line part of a postal address even without a house number. */
const ADDRESS_WORD =
  /\b(jalan|jln|lot|no|level|floor|tingkat|taman|tmn|street|st|road|rd|avenue|ave|lorong|persiaran|kawasan|perindustrian|bandar|block|blok|unit|suite|building|bangunan|plaza|mall|centre|center|kampung|kg|batu|km|strasse|straße|rue|weg)\b/i;

/** A line that is a date and/or a time ("12 Mar 2018 18:19"): printed near the header, not an address. */
function isDateTimeLine(text: string): boolean {
  if (findDates(text).length === 0 && !/\b\d{1,2}:\d{2}\b/.test(text)) return false;
  return (withoutDates(text).match(/\p{L}/gu)?.length ?? 0) < 4;
}

const INVOICE_ID_LABELS: Array<[RegExp, number]> = [
  [
    /\b(?:tax\s*)?(?:invoice|inv|rechnungs?|facture|factuur|bill|receipt|document|doc)\s*[-.]?\s*(?:no\b\.?|nr\b\.?|number|num\b\.?|nummer|#|n°|n[oº]\b\.?|id\b|numéro|serial\s*#)\s*[:.#]?/i,
    95,
  ],
  [/\b(?:factuurnummer|rechnungsnummer|belegnummer|invoice\s*#)\s*[:.#]?/i, 95],
  [/^(?:invoice|facture|rechnung)\s*:/i, 80],
  [
    /\b(?:booking|order|reference|ref|transaction|confirmation)\s*(?:id\b|no\b\.?|number|#|nr\b\.?)\s*[:.#]?/i,
    55,
  ],
];
const INVOICE_DATE_LABELS: Array<[RegExp, number]> = [
  [
    /\b(?:invoice|inv|bill|receipt|factuur|rechnungs?|facture|document|issue|issued|tax\s*point)\s*[-.]?\s*(?:date|datum|dt)\b\s*[:.]?|\bdate\s*(?:of\s*)?(?:issue|issued|invoice)\b\s*[:.]?|\bausstellungsdatum\b|\bdate\s*de\s*facturation\b/i,
    95,
  ],
  [/\b(?:facture|invoice|rechnung|factuur)\b.*?\b(?:du|vom|dated|van)\b/i, 90],
  [/\b(?:date|datum|dated|tarikh|fecha)\b\s*[:.]?/i, 85],
  [/\b(?:payment\s*date|date\s*paid|paid\s*on|transaction\s*date)\b\s*[:.]?/i, 60],
];
const NOT_INVOICE_DATE =
  /\b(due|f[äa]llig|[ée]ch[ée]ance|vervaldatum|expir|valid|period|next\s*billing|activation|start|end|check\s*(in|out)|birth|limite|order\s*date|orderdatum|bestelldatum|lieferdatum|leistungsdatum|delivery|ship(ping)?\s*date)/i;
const DUE_DATE_LABELS: Array<[RegExp, number]> = [
  [
    /\b(?:due\s*date|date\s*due|payment\s*due(?:\s*(?:by|on|date))?|due\s*(?:by|on)|pay\s*by|f[äa]llig(?:keit)?(?:\s*am)?|zahlbar\s*bis|[ée]ch[ée]ance|date\s*limite\s*de\s*paiement(?:\s*le)?|vervaldatum|uiterste\s*betaaldatum)\b\s*[:.]?/i,
    95,
  ],
  [/\bdue\b/i, 70],
];

/**
 * "Inclusive of tax" amounts: what is paid ("Total (Incl GST)", "Amount incl. VAT", "Sales
 * Inclusive of GST"), after an amount word or as the first words of the line (OCR misreads the
 * word: "Anount Incl. GST"; and "Incl." as "Inc I.").
 */
const INCLUSIVE_OF_TAX =
  '(?:(?:total|amount|amt|sales|betrag|bedrag|montant)\\s*(?:paid\\s*)?\\(?\\s*|^\\s*[a-z.]+\\s+)inc(?:l|\\s*i)?(?:usive|uding|\\.)?\\s*(?:of\\s*)?(?:gst|vat|tax|sst|btw|mwst|ust|tva)';
const TOTAL_LABEL = new RegExp(
  `\\b(grand\\s*total|total\\s*amount|amount\\s*total|invoice\\s*total|rounded\\s*total|round(?:ing)?\\s*total|nett?\\s*total|total|totaal|gesamtbetrag|gesamtsumme|rechnungsbetrag|endbetrag|montant\\s*total|somme\\s*[àa]\\s*payer|montant\\s*(?:eur\\s*)?ttc|jumlah|${INCLUSIVE_OF_TAX})\\b`,
  'i',
);
/**
 * Total labels that name the amount to pay, as opposed to a partial sum ("Total 0% supplies"), a
 * tax summary or the cash handed over ("Total Paid", "Accepted Total"): when the document has one,
 * the total is taken among them.
 */
const FINAL_TOTAL = new RegExp(
  `\\b(grand\\s*total|total\\s*(?:payable|due|to\\s*pay|[àa]\\s*payer)|amount\\s*(?:payable|due)|balance\\s*due|net\\s*payable|invoice\\s*total|rechnungsbetrag|gesamtbetrag|endbetrag|somme\\s*[àa]\\s*payer|montant\\s*(?:eur\\s*)?ttc|total\\s*ttc|te\\s*betalen|${INCLUSIVE_OF_TAX})\\b`,
  'i',
);
const NOT_TOTAL =
  /(sub\s*-?\s*total|total\s*(qty|quantity|items?|item\(s\)|pcs|units?|disc(ount)?|savings?|tax|vat|gst|sst|excl|ex\b|before|number|weight|points?|no\b|count|lines?)|qty\s*total|(tax|vat|gst|sst|btw|tva|mwst)\s*total|total\s*included\s*(gst|tax|vat|sst)|subtotaal|exclusief|zwischensumme|sous[\s-]*total|\bhors\s*taxes?\b|\bht\b|montant\s*tva|total\s*\w*\s*\(?excl)/i;
const AMOUNT_DUE_LABEL =
  /\b(amount\s*due|balance\s*due|total\s*due|total\s*payable|amount\s*payable|zu\s*zahlen|offener\s*betrag|ausstehender\s*betrag|te\s*betalen|net\s*[àa]\s*payer|reste\s*[àa]\s*payer|amount\s*now\s*due)\b|^\s*due\b(?=\s*:?\s*\S)/i;
/**
 * The sum before tax, in the languages the product meets: Subtotal, Sous-total, Total HT,
 * Zwischensumme, Nettobetrag, Subtotaal, Totaal excl. btw, Net amount, Subtotale, Base imponible…
 */
const SUBTOTAL_LABEL =
  /\b(sub\s*-?\s*total[e]?|subtotaal|sous[\s-]*total|zwischensumme|summe\s*netto|netto(?:betrag|summe)?|nettobetrag|total\s*ex(?:cl)?\.?(?:\s*(?:tax|vat|gst|btw))?|totaal\s*excl?\.?(?:\s*btw)?|total\s*before\s*tax|net\s*am(?:oun)?t|net\s*total\s*excl|montant\s*(?:eur\s*)?ht|total\s*ht|total\s*hors\s*taxes?|exclusief\s*btw|amount\s*before\s*tax|total\s*excluding\s*(?:tax|vat|gst)|base\s*imponible|importe\s*neto|imponibile)\b/i;
const TAX_LABEL = /\b(tax|vat|gst|sst|mwst|ust|btw|tva|iva|umsatzsteuer|sales\s*tax|service\s*tax)\b/i;
const NOT_TAX =
  /(tax\s*invoice|(vat|gst|sst|tax|btw|tva)\s*(no\b|number|nr|reg|id\b|#|code|summary|registration|identification)|taxcode|ust-?id|ustid|reverse|incl(usive)?\.?\s*(of\s*)?(gst|vat|tax|btw)|excl|exclusief|ex\.?\s*tax|total\s*ex|before\s*tax|to\s*be\s*(paid|accounted)|intracom|prix\s*incl|relief|exempt|zero.rated|may\s*include)/i;

const HEADER_WORDS =
  /^(description|item|items|product|products|artikel|beschreibung|omschrijving|d[ée]signation|charge\s*name|service|services|particulars|qty|quantity|aantal|menge|anzahl|units?|u\/p|unit\s*price|price|prijs|einzelpreis|rate|amount|total|betrag|gesamt|montant|disc%?|uom|code\/desc|interval|period|tax|vat|btw|hours|hrs)\b/i;
const PRICE_HEADER = /\b(price|prijs|einzelpreis|rate|amount|total|betrag|gesamt|montant|u\/p|subtotal)\b/i;

// ---------------------------------------------------------------------------------------------
// Geometry

function geometryOf(box: Box, line: DocLine): ExpenseGeometry {
  const left = clamp01(box.x0 / line.pageWidth);
  const top = clamp01(box.y0 / line.pageHeight);
  const width = clamp01((box.x1 - box.x0) / line.pageWidth);
  const height = clamp01((box.y1 - box.y0) / line.pageHeight);
  return {
    BoundingBox: { Left: left, Top: top, Width: width, Height: height },
    Polygon: [
      { X: left, Y: top },
      { X: left + width, Y: top },
      { X: left + width, Y: top + height },
      { X: left, Y: top + height },
    ],
  };
}

function clamp01(n: number): number {
  return Math.max(0, Math.min(1, Number.isFinite(n) ? n : 0));
}

function union(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

/** The box of the characters [from, to) of a line's text. */
function boxOfSpan(line: DocLine, from: number, to: number): Box {
  const idx = new Set<number>();
  for (let i = Math.max(0, from); i < Math.min(to, line.charWord.length); i++) {
    if (line.charWord[i] >= 0) idx.add(line.charWord[i]);
  }
  const words = [...idx].map((i) => line.words[i]);
  return words.length ? union(words) : line;
}

function toDocLines(pages: LayoutPage[]): DocLine[] {
  const out: DocLine[] = [];
  for (const page of pages) {
    for (const l of page.lines) {
      // Rebuild the text word by word to know which word each character belongs to.
      let text = '';
      const charWord: number[] = [];
      let prevSegmentEnd = -1;
      l.words.forEach((w, i) => {
        if (i > 0) {
          const sep = w.x0 - prevSegmentEnd > l.height * 1.1 ? '  ' : ' ';
          text += sep;
          for (let k = 0; k < sep.length; k++) charWord.push(-1);
        }
        text += w.text;
        for (let k = 0; k < w.text.length; k++) charWord.push(i);
        prevSegmentEnd = w.x1;
      });
      out.push({ ...l, text, charWord, index: out.length, pageWidth: page.width, pageHeight: page.height });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values

type Reader = (text: string) => { value: string; from: number; to: number } | null;

/** Text with dates blanked out, so their digits are not read as amounts. */
function withoutDates(text: string): string {
  let out = text;
  for (const d of findDates(text))
    out = out.slice(0, d.index) + ' '.repeat(d.raw.length) + out.slice(d.index + d.raw.length);
  return out.replace(/\b\d{1,2}:\d{2}(:\d{2})?\s*(am|pm)?\b/gi, (m) => ' '.repeat(m.length));
}

const readAmount: Reader = (text) => {
  const amounts = findAmounts(withoutDates(text));
  const money = amounts.filter((a) => a.hasDecimals || /^\D/.test(a.raw));
  const chosen = money.at(-1);
  if (!chosen) return null;
  return { value: chosen.raw, from: chosen.index, to: chosen.index + chosen.raw.length };
};

const readDate: Reader = (text) => {
  const d = findDates(text).find((x) => {
    const y = Number(x.alternatives[0].slice(0, 4));
    return y >= 1990 && y <= new Date().getUTCFullYear() + 2;
  });
  return d ? { value: d.raw, from: d.index, to: d.index + d.raw.length } : null;
};

const readId: Reader = (text) => {
  // A code read as capitals, one space and digits ("IBZY 2087"): OCR split one token in two.
  const split = text.match(/^([^A-Za-z0-9]*)([A-Z]{2,6}) (\d[A-Z0-9]{2,})(?![A-Za-z0-9]| ?[A-Za-z0-9])/);
  if (split) {
    const from = split[1].length;
    return { value: `${split[2]}${split[3]}`, from, to: from + split[2].length + 1 + split[3].length };
  }
  const m = text.match(/#?\s*([A-Za-z0-9][A-Za-z0-9\-/._]*[A-Za-z0-9])/);
  if (!m || m.index === undefined) return null;
  const token = m[1];
  if (!/\d/.test(token) || token.length < 3) return null;
  if (findDates(token).some((d) => d.raw.length >= token.length - 1)) return null;
  const from = m.index + m[0].indexOf(token);
  return { value: token, from, to: from + token.length };
};

/**
 * The value that belongs to a label: the rest of the label's line, else the first line just below
 * the label (same column), else the line's next segment to the right.
 */
function valueFor(
  lines: DocLine[],
  line: DocLine,
  labelEnd: number,
  read: Reader,
  labelStart = 0,
): { value: string; box: Box; line: DocLine } | null {
  const rest = line.text.slice(labelEnd);
  const restTrimmed = rest.replace(/^[\s:#.\-—–=]+/, '');
  const offset = labelEnd + (rest.length - restTrimmed.length);
  // Stop at the next label on the same row ("Excl. VAT  € 593,36  Subtotal  € 717,97").
  const parts = restTrimmed.split(/(\s{2,})/);
  let restClean = '';
  for (let i = 0; i < parts.length; i += 2) {
    if (i > 0 && /\p{L}{4,}/u.test(parts[i]) && restClean.trim() !== '') break;
    restClean += (i > 0 ? parts[i - 1] : '') + parts[i];
  }
  const same = read(restClean);
  if (same) return { value: same.value, box: boxOfSpan(line, offset + same.from, offset + same.to), line };
  const labelBox = boxOfSpan(line, labelStart, labelEnd);
  const below = lines.filter(
    (l) =>
      l.page === line.page &&
      l.index > line.index &&
      l.y0 >= line.y1 - line.height * 0.3 &&
      l.y0 - line.y1 < line.height * 2.2 &&
      l.x0 < labelBox.x1 + line.height * 4 &&
      l.x1 > labelBox.x0 - line.height * 2,
  );
  for (const l of below.slice(0, 1)) {
    // Prefer the cell right under the label (labels side by side with their values below).
    const cell = l.segments.find((s) => s.x1 > labelBox.x0 - l.height && s.x0 < labelBox.x1 + l.height);
    const at = cell && l.segments.length > 1 ? charIndexOfSegment(l, cell) : -1;
    const inCell = cell && at >= 0 ? read(cell.text) : null;
    if (inCell) return { value: inCell.value, box: boxOfSpan(l, at + inCell.from, at + inCell.to), line: l };
    const v = read(l.text);
    if (v) return { value: v.value, box: boxOfSpan(l, v.from, v.to), line: l };
  }
  return null;
}

/** Where a segment's text starts inside its line's text, or -1. */
function charIndexOfSegment(line: DocLine, seg: LayoutWord): number {
  const first = line.words.findIndex((w) => w.x0 >= seg.x0 - 0.01 && w.x0 <= seg.x1);
  return first < 0 ? -1 : line.charWord.indexOf(first);
}

// ---------------------------------------------------------------------------------------------
// Detection

function findLabelled(
  lines: DocLine[],
  labels: Array<[RegExp, number]>,
  read: Reader,
  type: string,
  skip: (line: DocLine) => boolean = () => false,
  rejectNear?: RegExp,
): Found[] {
  const out: Found[] = [];
  for (const line of lines) {
    if (skip(line)) continue;
    for (const [pattern, weight] of labels) {
      const m = line.text.match(pattern);
      if (!m || m.index === undefined) continue;
      // "Order date", "Due date": the word right before or inside the label disqualifies it.
      if (rejectNear?.test(line.text.slice(Math.max(0, m.index - 12), m.index + m[0].length))) continue;
      const found = foundAfterLabel(lines, line, m.index, m[0], read, type, weight / 100);
      if (!found) continue;
      out.push(found);
      break;
    }
  }
  return out;
}

/**
 * The field a label at `at` on `line` introduces (its value to the right or below), or undefined when no
 * readable value follows. Its confidence is the weaker of the two lines' OCR confidences times `weight`.
 */
function foundAfterLabel(
  lines: DocLine[],
  line: DocLine,
  at: number,
  labelText: string,
  read: Reader,
  type: string,
  weight: number,
): Found | undefined {
  const end = at + labelText.length;
  const v = valueFor(lines, line, end, read, at);
  if (!v) return undefined;
  return {
    type,
    value: v.value,
    valueBox: v.box,
    line: v.line,
    label: { text: labelText.trim(), box: boxOfSpan(line, at, end) },
    confidence: weight * Math.min(line.confidence, v.line.confidence),
  };
}

/** Key of one segment of one line. */
const segKey = (line: DocLine, seg: number) => `${line.index}:${seg}`;

/**
 * Segments that hold someone other than the issuer: the block under a "Bill to"-style label, in the
 * label's column (another column on the same rows may well be the issuer).
 */
function receiverZone(lines: DocLine[]): Set<string> {
  const zone = new Set<string>();
  for (const line of lines) {
    const m = line.text.match(RECEIVER_LABEL);
    if (!m || m.index === undefined) continue;
    const labelBox = boxOfSpan(line, m.index, m.index + m[0].length);
    const inColumn = (s: LayoutWord) =>
      s.x1 > labelBox.x0 - line.height && s.x0 < labelBox.x0 + line.pageWidth * 0.25;
    line.segments.forEach((s, i) => {
      if (s.x0 >= labelBox.x0 - 1 && inColumn(s)) zone.add(segKey(line, i));
    });
    let last: Box = line;
    let taken = 0;
    for (const l of lines) {
      if (l.page !== line.page || l.index <= line.index) continue;
      if (l.y0 - last.y1 > line.height * 2.5) break;
      const hits = l.segments.map((s, i) => [s, i] as const).filter(([s]) => inColumn(s));
      if (hits.length === 0) continue;
      if (hits.some(([s]) => PROVIDER_LABEL.test(s.text) || RECEIVER_LABEL.test(s.text))) break;
      for (const [, i] of hits) zone.add(segKey(l, i));
      last = l;
      if (++taken >= 6) break;
    }
  }
  return zone;
}

/** The part of a segment that names the organisation: up to and including its legal suffix. */
function cleanVendorName(text: string): string {
  let s = text.replace(/\s+/g, ' ').trim();
  s = s.split(/\s[•|·]\s|\s{2,}/)[0].replace(/[\s,;:]+$/, '');
  // OCR's usual misreadings of the Malaysian "SDN BHD" ("SON BHD", "S0N BHO").
  s = s.replace(/\bS[O0]N(\.?\s*)BH[DO0]\b|\bSDN(\.?\s*)BH[O0]\b/g, (_, a, b) => `SDN${a ?? b}BHD`);
  s = s.replace(/\s*\((?=[^)]*\d)[^)]*\)?\s*$/, ''); // trailing registration "(001451637-M)"
  s = s.replace(/\s*\b(co\.?\s*reg\.?|company\s*no|reg\.?\s*no|gst\s*(reg|id|no)).*$/i, '');
  // "Atlassian Pty Ltd, Level 6, 341 George St" → "Atlassian Pty Ltd".
  const parts = s.split(/,\s*/);
  if (parts.length > 1) {
    let kept = parts[0];
    for (const p of parts.slice(1)) {
      if (/^(inc|llc|ltd|limited|gmbh|co|corp|b\.?v|plc|pty|sdn bhd)\.?$/i.test(p.trim())) kept += `, ${p}`;
      else break;
    }
    s = kept;
  }
  return s.replace(/^[\s*\-–—:]+|[\s,*\-–—:]+$/g, '').trim();
}

function looksLikeValue(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const digits = text.match(/\d/g)?.length ?? 0;
  return (
    letters < 2 ||
    digits > letters ||
    /@|https?:|www\./i.test(text) ||
    findDates(text).length > 0 ||
    /^[\d\s()+-]{6,}$/.test(text)
  );
}

interface VendorPick {
  name: string;
  line: DocLine;
  box: Box;
  confidence: number;
  /** The rest of a compact "Name • Street • City" line, which is then the address. */
  inlineAddress: string | null;
}

const GENERIC_DOMAINS = /^(gmail|yahoo|hotmail|outlook|live|icloud|aol|gmx|web|mail|protonmail)$/;

/** Second-level domain names in e-mail addresses and URLs outside the receiver's block. */
function documentDomains(lines: DocLine[], receivers: Set<string>): string[] {
  const out = new Set<string>();
  for (const line of lines) {
    line.segments.forEach((seg, i) => {
      if (receivers.has(segKey(line, i))) return;
      for (const m of seg.text.matchAll(/(?:@|https?:\/\/|www\.)([a-z0-9.-]+\.[a-z]{2,})/gi)) {
        const parts = m[1].toLowerCase().split('.');
        const name = parts.length >= 2 ? parts[parts.length - 2] : parts[0];
        if (name.length >= 3 && !GENERIC_DOMAINS.test(name)) out.add(name);
      }
    });
  }
  return [...out];
}

/**
 * Whether a name line is the end of a name begun on the line above: it opens with a legal word, a
 * connector or a lower-case word ("CO. (M) SDN BHD", "& SONS SDN BHD"), closes a bracket opened
 * above ("ALAM) SDN BHD"), or has a single word before its suffix. A line with a name of two words
 * or more names the firm by itself; a brand or branch printed above it is not part of the name.
 */
function continuesAbove(name: string): boolean {
  const m = name.match(COMPANY_SUFFIX);
  if (m?.index === 0 || /^[&(\p{Ll}]/u.test(name) || /^(and|und|et|en)\b/i.test(name)) return true;
  if ((name.match(/\)/g)?.length ?? 0) > (name.match(/\(/g)?.length ?? 0)) return true;
  const own = name
    .replace(new RegExp(COMPANY_SUFFIX.source, 'gi'), ' ')
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter((w) => (w.match(/\p{L}/gu)?.length ?? 0) >= 2);
  return own.length <= 1;
}

function detectVendor(lines: DocLine[], receivers: Set<string>): VendorPick | null {
  if (lines.length === 0) return null;
  const receiverTexts = new Set<string>();
  for (const line of lines)
    line.segments.forEach((s, i) => {
      if (receivers.has(segKey(line, i))) receiverTexts.add(cleanVendorName(s.text).toLowerCase());
    });
  const providerSegments = new Set<string>();
  for (const line of lines) {
    const m = line.text.match(PROVIDER_LABEL);
    if (!m || m.index === undefined) continue;
    const labelBox = boxOfSpan(line, m.index, m.index + m[0].length);
    // "Payment received by OYO": the name is on the label's own segment, not below it.
    const inline = /^\s*:?\s*\p{L}{2,}/u.test(line.text.slice(m.index + m[0].length).split(/\s{2,}/)[0]);
    for (const l of lines) {
      if (l.page !== line.page || l.index < line.index || l.y0 - line.y1 > line.height * 6) continue;
      if (inline && l !== line) break;
      l.segments.forEach((s, i) => {
        if (s.x1 > labelBox.x0 - line.height && s.x0 < labelBox.x0 + line.pageWidth * 0.25)
          providerSegments.add(segKey(l, i));
      });
    }
  }
  // The owner named under an "Owned by" label (same segment, or the next line in its column).
  const ownerSegments = new Set<string>();
  for (const line of lines) {
    const m = line.text.match(OWNER_LABEL);
    if (!m || m.index === undefined) continue;
    const labelBox = boxOfSpan(line, m.index, m.index + m[0].length);
    line.segments.forEach((s, i) => {
      if (s.x1 > labelBox.x0 && s.x0 < labelBox.x1) ownerSegments.add(segKey(line, i));
    });
    const next = lines.find((l) => l.page === line.page && l.index > line.index);
    if (next && next.y0 - line.y1 < line.height * 1.5) {
      next.segments.forEach((s, i) => {
        if (s.x1 > labelBox.x0 - line.height * 2 && s.x0 < labelBox.x1 + line.pageWidth * 0.25)
          ownerSegments.add(segKey(next, i));
      });
    }
  }
  const domains = documentDomains(lines, receivers);
  const firstPage = lines[0].page;
  const lastPage = lines.at(-1)!.page;
  const heights = lines
    .filter((l) => l.page === firstPage)
    .map((l) => l.height)
    .sort((a, b) => a - b);
  const medianHeight = heights[Math.floor(heights.length / 2)] || 1;
  let best: (VendorPick & { score: number }) | null = null;
  for (const line of lines) {
    if (line.page !== firstPage && line.page !== lastPage) continue;
    const pageRank = lines.filter((l) => l.page === line.page && l.index < line.index).length;
    line.segments.forEach((seg, segIndex) => {
      if (receivers.has(segKey(line, segIndex))) return;
      // "Payment received by OYO": the name follows the label.
      const provider = seg.text.match(PROVIDER_LABEL);
      const afterLabel =
        provider?.index !== undefined ? seg.text.slice(provider.index + provider[0].length) : '';
      const raw = (/\p{L}/u.test(afterLabel) ? afterLabel : seg.text.replace(PROVIDER_LABEL, ''))
        .replace(OWNER_LABEL, '')
        .replace(/^[\s:()]+|\s*\)?\s*:\s*$/g, '')
        .trim();
      let name = cleanVendorName(raw);
      if (name.split(' ').length > 7 || looksLikeValue(name)) {
        // A legal notice in the footer names the firm before its capital, register and seat.
        const legal = raw.match(LEGAL_NOTICE_NAME)?.[1];
        if (legal && /^\p{Lu}/u.test(legal)) name = legal;
      }
      const legalSuffix = hasLegalSuffix(name);
      if (name.length < 2 || looksLikeValue(name) || TITLE_WORDS.test(name) || HEADER_WORDS.test(name))
        return;
      if (/^(\d|\W)/.test(raw) && !legalSuffix) return;
      if (findDates(raw).length > 0 && !legalSuffix) return;
      if (/:\s*\S/.test(raw) && !legalSuffix) return; // a "label: value" pair
      if (REGISTRATION_LABEL.test(raw)) return; // "Company Reg No.: …" names the register, not the firm
      if (receiverTexts.has(name.toLowerCase())) return;
      if (/\b(dear|thank|please|powered|greetings|information|details|summary|notes?)\b/i.test(name)) return;
      if (name.split(' ').length > 7) return;
      const relY = line.y0 / line.pageHeight;
      let score = 0;
      if (legalSuffix) score += 4;
      if (providerSegments.has(segKey(line, segIndex))) score += 3;
      if (ownerSegments.has(segKey(line, segIndex))) score -= 5;
      const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
      const firstWord =
        name
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean)[0] ?? '';
      if (
        domains.some(
          (d) =>
            (firstWord.length >= 3 && d.startsWith(firstWord)) ||
            (compact.length >= 4 && compact.startsWith(d)),
        )
      )
        score += 3;
      if (line.page === firstPage) score += 2 * (1 - relY);
      score -= Math.min(1.5, pageRank * 0.1);
      if (line.height > medianHeight * 1.3) score += 1;
      if ((name.match(/\d/g)?.length ?? 0) > 3) score -= 2;
      // Issuers print their name in capitals or title case; an all-lower-case line at the top is a
      // handwritten note or a scanner stamp.
      if (!/\p{Lu}/u.test(name)) score -= 1.5;
      if (
        /\b(street|st\.|road|rd\.|avenue|ave|jalan|jln|lot|suite|floor|level|taman|bandar|seksyen|lorong|persiaran|kampung|strasse|straße|weg|rue)\b/i.test(
          name,
        )
      )
        score -= 2;
      // A line that ends with a comma runs on into the next one: a street or town of the address.
      if (/,\s*$/.test(seg.text) && !legalSuffix) score -= 1;
      if (!best || score > best.score) {
        const parts = seg.text.split(/\s[•|·]\s/);
        best = {
          name,
          line,
          box: seg,
          confidence: Math.min(95, line.confidence) * (legalSuffix ? 0.9 : 0.75),
          score,
          inlineAddress: parts.length > 1 ? parts.slice(1).join(', ') : null,
        };
      }
    });
  }
  const picked = best as (VendorPick & { score: number }) | null;
  if (picked && COMPANY_SUFFIX.test(picked.name) && continuesAbove(picked.name)) {
    // A long name printed over two or three lines ("POPULAR BOOK" / "CO. (M) SDN BHD"): capital
    // lines of the same size right above, with no digits or labels, belong to it.
    let name = picked.name;
    let box: Box = picked.box;
    let top = picked.line;
    for (let k = 0; k < 2; k++) {
      const above = lines.filter((l) => l.page === top.page && l.index < top.index).at(-1);
      if (!above || top.y0 - above.y1 > top.height * 1.2) break;
      const t = above.text.replace(/\s+/g, ' ').trim();
      if (
        !/^[\p{Lu}&'.,()\- ]{3,40}$/u.test(t) ||
        Math.abs(above.height - top.height) > top.height * 0.3 ||
        TITLE_WORDS.test(t) ||
        receiverTexts.has(t.toLowerCase())
      )
        break;
      name = `${t} ${name}`;
      box = union([above, box]);
      top = above;
    }
    if (name !== picked.name) return { ...picked, name: cleanVendorName(name), box };
  }
  if (picked && picked.name.replace(COMPANY_SUFFIX, '').replace(/[^\p{L}]/gu, '').length < 3) {
    // "PASARAYA BORONG PINTAR" / "SDN BHD": the suffix alone continues the line above.
    const above = lines.filter((l) => l.page === picked.line.page && l.index < picked.line.index).at(-1);
    if (above && picked.line.y0 - above.y1 < picked.line.height * 1.5 && /\p{L}{3,}/u.test(above.text)) {
      return {
        ...picked,
        name: cleanVendorName(`${above.text} ${picked.name}`),
        box: union([above, picked.box]),
      };
    }
  }
  return picked;
}

function detectAddress(lines: DocLine[], vendor: VendorPick, receivers: Set<string>): Found | null {
  if (vendor.inlineAddress && /\d/.test(vendor.inlineAddress)) {
    return {
      type: 'VENDOR_ADDRESS',
      value: vendor.inlineAddress,
      valueBox: vendor.box,
      line: vendor.line,
      confidence: vendor.line.confidence * 0.8,
    };
  }
  const taken: DocLine[] = [];
  let last: Box = vendor.line;
  const column: Box = vendor.box;
  for (const l of lines) {
    if (l.page !== vendor.line.page || l.index <= vendor.line.index) continue;
    if (l.y0 - last.y1 > vendor.line.height * 2.2 + 2) break;
    // The segment of this line that sits in the vendor's column.
    const segIndex = l.segments.findIndex(
      (s) => s.x1 > column.x0 - l.height * 2 && s.x0 < column.x1 + l.height * 2,
    );
    if (segIndex < 0) continue;
    if (receivers.has(segKey(l, segIndex))) break;
    const seg = l.segments[segIndex];
    const text = seg.text.trim();
    // Between the name and the address: registration numbers, a date/time stamp, "Site: 1046".
    const preamble =
      REGISTRATION_LINE.test(text) ||
      REGISTRATION_LABEL.test(text) ||
      isDateTimeLine(text) ||
      (/^[\p{L} .]{2,15}\s*[:#]\s*\S+$/u.test(text) && !ADDRESS_WORD.test(text));
    if (preamble && taken.length === 0) {
      last = l;
      continue;
    }
    if (ADDRESS_STOP.test(text) || TITLE_WORDS.test(text) || /^[\d\s()+\-/]{7,}$/.test(text)) break;
    if (isDateTimeLine(text)) break;
    taken.push({ ...l, text, x0: seg.x0, x1: seg.x1 });
    last = l;
    if (taken.length >= 8) break;
  }
  // Lines before the first one with a number or an address word are a tagline or a former name
  // ("formerly known as …", "BISTRO & CAFE"), not the address.
  const start = taken.findIndex((l) => /\d/.test(l.text) || ADDRESS_WORD.test(l.text));
  if (start > 0) taken.splice(0, start);
  taken.splice(5);
  if (taken.length === 0) return null;
  const text = taken.map((l) => l.text.replace(/[\s,]+$/, '')).join('\n');
  if (!/\d/.test(text) && taken.length < 2) return null;
  return {
    type: 'VENDOR_ADDRESS',
    value: text,
    valueBox: union(taken),
    line: taken[0],
    confidence: Math.min(...taken.map((l) => l.confidence)) * 0.85,
  };
}

function detectPhone(lines: DocLine[], receivers: Set<string>): Found | null {
  for (const line of lines) {
    if (line.segments.some((_, i) => receivers.has(segKey(line, i)))) continue;
    const m = line.text.match(
      /\b(tel|telephone|phone|ph|telefon|t[ée]l[ée]phone|t[ée]l|mobile|hp)\b\.?\s*(no\.?)?\s*[:.]?\s*(\+?[\d(][\d\s().\-/]{5,}\d)/i,
    );
    if (m && m.index !== undefined) {
      const start = m.index + m[0].length - m[3].length;
      return {
        type: 'VENDOR_PHONE',
        value: m[3].trim(),
        valueBox: boxOfSpan(line, start, start + m[3].length),
        line,
        label: { text: m[1], box: boxOfSpan(line, m.index, m.index + m[1].length) },
        confidence: line.confidence * 0.9,
      };
    }
  }
  // No label: a North American number ("(217) 555-0134", "217-555-0134") in the vendor's letterhead,
  // the first lines of the first page, as long as the line does not name it a fax.
  const letterhead = lines.slice(0, 12).filter((l) => l.page === 1 && !/\bfax\b/i.test(l.text));
  return firstMatch(letterhead, receivers, 'VENDOR_PHONE', NORTH_AMERICAN_PHONE, 0.75);
}

const NORTH_AMERICAN_PHONE = /(?<![\d\w])(\+?1[\s.-]?)?(\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?![\d\w])/;

function detectEmail(lines: DocLine[], receivers: Set<string>): Found | null {
  return firstMatch(lines, receivers, 'VENDOR_EMAIL', /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i, 0.85);
}

/** The first text matching `pattern` on a line outside the receiver's block, as a `type` field. */
function firstMatch(
  lines: DocLine[],
  receivers: Set<string>,
  type: string,
  pattern: RegExp,
  confidence: number,
): Found | null {
  for (const line of lines) {
    if (line.segments.some((_, i) => receivers.has(segKey(line, i)))) continue;
    const m = line.text.match(pattern);
    if (m && m.index !== undefined) {
      return {
        type,
        value: m[0],
        valueBox: boxOfSpan(line, m.index, m.index + m[0].length),
        line,
        confidence: line.confidence * confidence,
      };
    }
  }
  return null;
}

/**
 * Amounts next to (or under) a label. Every occurrence of the label on a line counts ("TOTAL
 * SAVING: 0.00  TOTAL  6.85" holds a total after a saving). `not` rejects an occurrence when it
 * matches around it (the words just before and after the label), or, with `notScope` 'line', the
 * whole line (a "GST Summary  Amount  Tax" heading holds no tax).
 */
function amountCandidates(
  lines: DocLine[],
  label: RegExp,
  not: RegExp | null,
  type: string,
  notScope: 'label' | 'line' = 'label',
): Found[] {
  const out: Found[] = [];
  const every = new RegExp(label.source, label.flags.includes('g') ? label.flags : `${label.flags}g`);
  for (const line of lines) {
    if (notScope === 'line' && not?.test(line.text)) continue;
    for (const m of line.text.matchAll(every)) {
      if (m.index === undefined || m[0].trim() === '') continue;
      const around = line.text.slice(Math.max(0, m.index - 12), m.index + m[0].length + 24);
      if (not?.test(around)) continue;
      const found = foundAfterLabel(lines, line, m.index, m[0], readAmount, type, 0.95);
      if (!found) continue;
      out.push({ ...found, labelContext: line.text.slice(m.index, m.index + m[0].length + 20) });
      break;
    }
  }
  return out;
}

/**
 * Totals printed as a row under column headings ("Montant HT | Montant TVA | Montant TTC" over
 * "Total facture 24.99 5.00 29.99", or "Net | VAT | Gross"): the figure under a before-tax heading
 * is the subtotal, the one under a tax heading the tax.
 */
function columnTotals(lines: DocLine[]): Found[] {
  const out: Found[] = [];
  for (const line of lines) {
    if (!TOTAL_LABEL.test(line.text) || SUBTOTAL_LABEL.test(line.text)) continue;
    const { numbers } = numericTail(line);
    if (numbers.length < 2) continue;
    const header = lines
      .filter((l) => l.page === line.page && l.index < line.index && l.index >= line.index - 8)
      .reverse()
      .find((l) => l.segments.length >= 2 && l.segments.some((s) => SUBTOTAL_LABEL.test(s.text)));
    if (!header) continue;
    for (const n of numbers) {
      const centre = (n.box.x0 + n.box.x1) / 2;
      const heading = header.segments
        .map((seg) => ({ seg, d: centre < seg.x0 ? seg.x0 - centre : centre > seg.x1 ? centre - seg.x1 : 0 }))
        .sort((a, b) => a.d - b.d)[0];
      if (!heading || heading.d > line.height * 3) continue;
      const text = heading.seg.text;
      const type = SUBTOTAL_LABEL.test(text)
        ? 'SUBTOTAL'
        : TAX_LABEL.test(text) && !NOT_TAX.test(text)
          ? 'TAX'
          : null;
      if (!type) continue;
      out.push({
        type,
        value: n.raw,
        valueBox: n.box,
        line,
        label: { text: text.trim(), box: heading.seg },
        labelContext: text,
        confidence: Math.min(line.confidence, header.confidence) * 0.9,
      });
    }
  }
  return out;
}

/**
 * The figure of an amount row that sits under the column headed by the currency `code`, when the
 * row's figures are headed by currency codes ("USD  EUR" over "TOTAL  119.95  109.15").
 */
function currencyColumn(lines: DocLine[], f: Found, code: string): Found | null {
  const { numbers } = numericTail(f.line);
  if (numbers.length < 2) return null;
  const isCode = (t: string) => /^[A-Z]{3}$/.test(t.trim());
  const header = lines
    .filter((l) => l.page === f.line.page && l.index < f.line.index && l.index >= f.line.index - 8)
    .reverse()
    .find((l) => l.segments.filter((s) => isCode(s.text)).length >= 2);
  const heading = header?.segments.find((s) => s.text.trim() === code);
  if (!heading) return null;
  const centre = (heading.x0 + heading.x1) / 2;
  const under = numbers
    .map((n) => ({ n, d: Math.abs((n.box.x0 + n.box.x1) / 2 - centre) }))
    .sort((a, b) => a.d - b.d)[0];
  if (!under || under.d > f.line.height * 4) return null;
  return { ...f, value: under.n.raw, valueBox: under.n.box };
}

/**
 * A total followed by a rounding adjustment ("TOTAL 60.31 / ROUNDING ADJ -0.01 / 60.30"): the
 * line after the adjustment that shows total + adjustment is the amount paid.
 */
function roundedAfter(lines: DocLine[], total: Found | null): Found | null {
  if (!total) return null;
  const after = lines.filter((l) => l.index > total.line.index && l.index <= total.line.index + 3);
  const rounding = after.find(
    (l) => /\bround(ing)?\b|\badj(ustment)?\b/i.test(l.text) && !TOTAL_LABEL.test(l.text),
  );
  if (!rounding) return null;
  const adjustment = readAmount(rounding.text);
  const r = adjustment ? (findAmounts(adjustment.value).at(-1)?.value ?? 0) : 0;
  if (r === 0 || Math.abs(r) >= 0.1) return null;
  const sign = /-\s*$/.test(rounding.text.slice(0, adjustment?.from ?? 0)) && r > 0 ? -1 : 1;
  const want = amountOf(total) + sign * r;
  for (const l of lines.filter((x) => x.index > rounding.index && x.index <= rounding.index + 2)) {
    const v = readAmount(l.text);
    if (v && Math.abs((findAmounts(v.value).at(-1)?.value ?? Number.NaN) - want) < 0.005) {
      return { ...total, value: v.value, valueBox: boxOfSpan(l, v.from, v.to), line: l };
    }
  }
  return null;
}

function amountOf(f: Found): number {
  const a = findAmounts(f.value).at(-1);
  return a ? a.value : Number.NaN;
}

// ---------------------------------------------------------------------------------------------
// Line items

type ColumnRole = 'description' | 'quantity' | 'unit' | 'price' | 'other';

interface Column {
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

function headerColumns(line: DocLine): Column[] | null {
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

interface Row {
  description: string;
  quantity: string | null;
  unitPrice: string | null;
  price: string;
  box: Box;
  line: DocLine;
}

/** Numbers at the end of a line: its price columns. */
function numericTail(line: DocLine): {
  start: number;
  numbers: Array<{ raw: string; value: number; box: Box; index: number }>;
} {
  const text = withoutDates(line.text);
  const amounts = findAmounts(text);
  const numbers: Array<{ raw: string; value: number; box: Box; index: number }> = [];
  let start = text.length;
  for (let i = amounts.length - 1; i >= 0; i--) {
    const a = amounts[i];
    const between = text.slice(a.index + a.raw.length, start);
    if (
      numbers.length > 0 &&
      !/^[\s%*+x@€$£|-]*(\d{1,2}(\.\d+)?\s*%[\s*+]*)*[A-Za-z]{0,3}[\s%*+x@€$£|-]*$/.test(between)
    )
      break;
    if (numbers.length === 0 && /[A-Za-z]{4,}/.test(between)) break;
    numbers.unshift({
      raw: a.raw,
      value: a.value,
      box: boxOfSpan(line, a.index, a.index + a.raw.length),
      index: a.index,
    });
    start = a.index;
  }
  return { start, numbers };
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

function detectLineItems(lines: DocLine[]): ExpenseLineItem[] {
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

// ---------------------------------------------------------------------------------------------

function toField(f: Found, currency?: { Code: string; Confidence: number }): ExpenseField {
  return {
    Type: { Text: f.type, Confidence: Math.round(f.confidence * 10) / 10 },
    ...(f.label
      ? {
          LabelDetection: {
            Text: f.label.text,
            Confidence: Math.round(f.confidence * 10) / 10,
            Geometry: geometryOf(f.label.box, f.line),
          },
        }
      : {}),
    ValueDetection: {
      Text: f.value,
      Confidence: Math.round(f.confidence * 10) / 10,
      Geometry: geometryOf(f.valueBox, f.line),
    },
    PageNumber: f.line.page,
    ...(currency ? { Currency: currency } : {}),
    ...(f.groups ? { GroupProperties: [{ Types: f.groups, Id: `${f.groups[0].toLowerCase()}-1` }] } : {}),
  };
}

function firstBy(found: Found[]): Found | null {
  return found.sort((a, b) => b.confidence - a.confidence || a.line.index - b.line.index)[0] ?? null;
}

/**
 * Detects the invoice fields on the given pages and returns one AnalyzeExpense ExpenseDocument.
 */
export function detectExpenseDocument(pages: LayoutPage[]): ExpenseDocument {
  const lines = toDocLines(pages);
  const receivers = receiverZone(lines);
  const headerLines = new Set(lines.filter((l) => headerColumns(l)).map((l) => l.index));
  const isHeader = (l: DocLine) => headerLines.has(l.index);
  const fields: Found[] = [];

  const vendor = detectVendor(lines, receivers);
  if (vendor) {
    fields.push({
      type: 'VENDOR_NAME',
      value: vendor.name,
      valueBox: vendor.box,
      line: vendor.line,
      confidence: vendor.confidence,
      groups: ['VENDOR'],
    });
    const address = detectAddress(lines, vendor, receivers);
    if (address) fields.push({ ...address, groups: ['VENDOR'] });
  }
  const phone = detectPhone(lines, receivers);
  if (phone) fields.push(phone);
  const email = detectEmail(lines, receivers);
  if (email) fields.push(email);

  const id = firstBy(
    findLabelled(lines, INVOICE_ID_LABELS, readId, 'INVOICE_RECEIPT_ID', (l) => receivers.has(segKey(l, 0))),
  );
  if (id) fields.push(id);

  const due = firstBy(findLabelled(lines, DUE_DATE_LABELS, readDate, 'DUE_DATE', isHeader));
  if (due) fields.push(due);
  let date = firstBy(
    findLabelled(lines, INVOICE_DATE_LABELS, readDate, 'INVOICE_RECEIPT_DATE', isHeader, NOT_INVOICE_DATE),
  );
  if (!date) {
    // No labelled date: the first date that is not a due date or a period. A date with a time is
    // a timestamp (of the sale, or of printing the page), so a date without one is preferred.
    const unlabelled: Array<{ found: Found; stamped: boolean }> = [];
    for (const line of lines) {
      if (NOT_INVOICE_DATE.test(line.text) || / - |–| to | bis | au /.test(line.text)) continue;
      const v = readDate(line.text);
      if (!v) continue;
      unlabelled.push({
        found: {
          type: 'INVOICE_RECEIPT_DATE',
          value: v.value,
          valueBox: boxOfSpan(line, v.from, v.to),
          line,
          confidence: line.confidence * 0.6,
        },
        stamped: /^[,\s]*\d{1,2}:\d{2}/.test(line.text.slice(v.to)),
      });
    }
    // A date two calendar years or more after the document's earliest one is an expiry or a limit
    // ("Points expire 30/11/2020" on a 2018 receipt), not the date of issue.
    const yearOf = (u: (typeof unlabelled)[number]) => {
      const d = findDates(u.found.value)[0];
      return d ? Number(d.alternatives[0].slice(0, 4)) : Number.NaN;
    };
    const earliest = Math.min(...unlabelled.map(yearOf).filter(Number.isFinite));
    const issued = unlabelled.filter((u) => !(yearOf(u) > earliest + 1));
    date = (issued.find((u) => !u.stamped) ?? issued[0])?.found ?? null;
  }
  if (date) fields.push(date);

  // Amounts: of several "total" lines, the largest is the grand total (others are partial sums,
  // tax summaries or the same figure repeated).
  const notHeader = lines.filter((l) => !isHeader(l));
  // A zero total is no total ("TOTAL 52 -00" misread); nor is a negative amount due (a credit).
  const totals = amountCandidates(notHeader, TOTAL_LABEL, NOT_TOTAL, 'TOTAL').filter(
    (f) => amountOf(f) !== 0 && (!AMOUNT_DUE_LABEL.test(f.line.text) || amountOf(f) > 0),
  );
  // A total that names the amount to pay ("Grand Total", "Total Payable", "Amount incl. GST")
  // outranks partial sums and the cash handed over; rounded totals stay in the running.
  const isFinal = (f: Found) => FINAL_TOTAL.test(f.labelContext ?? '');
  const isRounded = (f: Found) => /\bround/i.test(f.labelContext ?? f.line.text);
  const pool = totals.some(isFinal) ? totals.filter((f) => isFinal(f) || isRounded(f)) : totals;
  // OCR sometimes drops a decimal point ("RM6413" for 64.13): figures with decimals come first.
  const withDecimals = pool.filter((f) => /[.,]\d{2}\b/.test(f.value));
  const ranked = (withDecimals.length ? withDecimals : pool).sort((a, b) => amountOf(b) - amountOf(a));
  // What was paid is the rounded total when there is one, a few cents off the largest figure.
  const roundedTotal = ranked.find(
    (f) => /\bround/i.test(f.line.text) && amountOf(ranked[0]) - amountOf(f) < 0.1 + 1e-9,
  );
  let total = roundedTotal ?? roundedAfter(lines, ranked[0] ?? null) ?? ranked[0] ?? null;
  const dues = amountCandidates(notHeader, AMOUNT_DUE_LABEL, null, 'AMOUNT_DUE');
  const amountDue = dues.find((f) => amountOf(f) > 0) ?? dues[0] ?? null;
  const byColumn = columnTotals(lines);
  const subtotals = [
    ...byColumn.filter((f) => f.type === 'SUBTOTAL'),
    ...amountCandidates(notHeader, SUBTOTAL_LABEL, null, 'SUBTOTAL'),
  ].filter((f) => !total || amountOf(f) <= amountOf(total) + 0.005);
  const taxes = [
    ...byColumn.filter((f) => f.type === 'TAX'),
    ...amountCandidates(notHeader, TAX_LABEL, NOT_TAX, 'TAX', 'line'),
  ].filter((f) => !total || Math.abs(amountOf(f)) < Math.abs(amountOf(total)));
  if (!total && subtotals.length > 0 && !amountDue) {
    // Receipts that print only "SUBTOTAL" (tax included, nothing added after it): that is the total.
    // A tax printed after it is included too when the taxable amount (subtotal less that tax) is
    // shown ("SUBTOTAL 53.60 / TAXABLE AMOUNT 50.57 / 6% GST 3.03").
    const last = subtotals.at(-1)!;
    const shows = (value: number) =>
      lines.some(
        (l) =>
          l.index > last.line.index &&
          findAmounts(withoutDates(l.text)).some((a) => Math.abs(a.value - value) < 0.005),
      );
    // A before-tax amount printed after it and lower than it says the same.
    const netAfter = lines.some((l) => {
      if (l.index <= last.line.index || !/\b(taxable|excl|exclusive|before\s*tax)/i.test(l.text))
        return false;
      const v = readAmount(l.text);
      const n = v ? findAmounts(v.value).at(-1)?.value : undefined;
      return n !== undefined && n > 0 && n < amountOf(last);
    });
    const addedTax =
      !netAfter &&
      taxes.some(
        (t) =>
          t.line.index > last.line.index &&
          !/\b(inc|incl|included)\b/i.test(t.line.text) &&
          !(amountOf(t) > 0 && shows(amountOf(last) - amountOf(t))),
      );
    if (!addedTax) total = { ...last, type: 'TOTAL' };
  }
  // Prefer the subtotal that, with a tax found, makes up the total ("Subtotaal" may include tax).
  const consistent = subtotals.find(
    (s) => total && taxes.some((t) => Math.abs(amountOf(s) + amountOf(t) - amountOf(total)) < 0.015),
  );
  const subtotal = consistent ?? subtotals[0] ?? null;
  const tax =
    (consistent &&
      taxes.find((t) => Math.abs(amountOf(consistent) + amountOf(t) - amountOf(total!)) < 0.015)) ??
    taxes.find((f) => f.line.index > (subtotal?.line.index ?? -1)) ??
    taxes[0] ??
    null;

  const currencyGuess = detectCurrency(lines.map((l) => l.text));
  const currency = currencyGuess
    ? { Code: currencyGuess.code, Confidence: Math.round(currencyGuess.confidence * 100) }
    : undefined;
  // Amounts shown in two currencies ("USD | EUR" columns): the figure in the document's currency.
  const inCurrency = (f: Found | null) =>
    f && currencyGuess ? (currencyColumn(lines, f, currencyGuess.code) ?? f) : f;
  for (const f of [inCurrency(total), inCurrency(amountDue), inCurrency(subtotal), inCurrency(tax)]) {
    if (f) fields.push(f);
  }

  const lineItems = detectTableItems(pages);
  const blocks: ExpenseBlock[] = lines.map((l) => ({
    BlockType: 'LINE',
    Id: `line-${l.index + 1}`,
    Text: l.text.replace(/\s{2,}/g, ' '),
    Confidence: Math.round(l.confidence * 10) / 10,
    Geometry: geometryOf(l, l),
    Page: l.page,
  }));

  return {
    ExpenseIndex: 1,
    SummaryFields: fields.map((f) =>
      toField(f, ['TOTAL', 'AMOUNT_DUE', 'SUBTOTAL', 'TAX'].includes(f.type) ? currency : undefined),
    ),
    LineItemGroups: lineItems.length ? [{ LineItemGroupIndex: 1, LineItems: lineItems }] : [],
    Blocks: blocks,
  };
}

/** Exposed for tests: words → one line with segments, the way the engines build them. */
export type { LayoutWord };
