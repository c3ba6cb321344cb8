import { foldText, similarity } from '../../core/classification/text-keys';
import { findAmounts, findDates } from '../../core/extraction/parse-values';
import { GENERIC_DOMAINS } from '../fields/labels';
import { LABEL_CLASSES } from '../fields/lexicon';
import type { DocLine } from '../fields/lines';
import {
  type AddressCandidate,
  digits,
  LEGAL_FORM,
  letters,
  type NameCandidate,
  nextInColumn,
  type RulesAnswer,
  SELLER_LABEL,
  tidy,
} from './vendor-candidates';

/**
 * Features of the seller's name and address candidates (vendor-candidates.ts). They say where the
 * text stands (letterhead, footer, beside a seller or a buyer label), how it is printed (size rank,
 * capitals) and what it looks like (legal form, digits, address lines after it, repeated in the
 * document or in an e-mail/web domain). A logistic regression per field learns the weights; nothing
 * here names a seller.
 */

/** Labels that name the buyer's block: what stands under or beside them is not the seller. */
const BUYER_LABEL =
  /\b(bil(?:l|led)?\s*to|invoice\s*to|sold\s*to|ship(?:ped)?\s*to|deliver(?:ed|y)?\s*to|customer|client|buyer|recipient|purchaser|attn|attention|consignee|kunde|k[äa]ufer|auftraggeber|empf[äa]nger|rechnungsempf[äa]nger|rechnungsadresse|lieferadresse|leistungsempf[äa]nger|rechnung\s*an|an|factur[ée]\s*[àa]|adresse\s*de\s*(facturation|livraison)|destinataire|acheteur|livr[ée]\s*[àa]|cliente|facturar\s*a|comprador|destinatario|klant|factuuradres|afleveradres|koper|intestatario|committente|acquirente)\b/i;
/** Words of a footer with bank and register details, where a legal notice names the firm. */
const REGISTER_WORDS =
  /\b(iban|bic|swift|bank|hrb|hra|amtsgericht|registergericht|handelsregister|ust-?id\w*|steuer-?nr|st\.?-?nr|gesch[äa]ftsf[üu]hr\w*|vorstand|sitz|siret|siren|rcs|capital|tva\s*intra\w*|vat\s*(no|reg\w*|id)|company\s*(no|number|reg\w*)|registered|reg\.?\s*no|kvk|btw-?nr|cif|nif|p\.?\s*iva|partita\s*iva|gst\s*(id|reg\w*|no))\b/i;
/** Title and heading words: a line of them is a heading, not a name. */
const HEADING_WORDS =
  /\b(invoice|receipt|rechnung|gutschrift|facture|avoir|factuur|factura|fattura|bill|statement|quotation|angebot|devis|credit\s*note|page|seite|thank|thanks|danke|merci|dear|sehr\s*geehrte|bonjour|description|total|summe|cashier|table|member)\b/i;
const STREET_WORD =
  /\b(street|st|road|rd|avenue|ave|lane|drive|dr|way|blvd|boulevard|suite|floor|level|unit|building|plaza|jalan|jln|lorong|taman|tmn|lot|no|bandar|kawasan|strasse|straße|str|weg|platz|allee|gasse|ring|damm|rue|avenue|bd|chemin|all[ée]e|place|quai|calle|avda|plaza|straat|laan|plein|via|viale|piazza|corso)\b|\p{L}(strasse|straße|str\.|weg|platz|allee|gasse|straat|laan)\b/iu;
/** A postal code: four or five digits, or a British/Dutch/Canadian-shaped code. */
const POSTAL =
  /(?<![\d.,])(\d{4,5}|\d{3}\s\d{2})(?![\d.,])|\b[A-Z]{1,2}\d{1,2}[A-Z]?\s\d[A-Z]{2}\b|\b\d{4}\s?[A-Z]{2}\b/;
const CONTACT = /@|www\.|https?:|\b(tel|phone|fax|telefon|t[ée]l[ée]?phone|mobile|e-?mail|hp)\b/i;
const SEPARATORS = /\s[•|·–—]\s|\s-\s|\s{2,}/;

/** Facts about the whole document that features of single candidates refer to. */
interface VendorContext {
  lines: DocLine[];
  /** Median line height of each page, as a share of the page height. */
  medianHeight: number[];
  /** Per line: the share of lines on its page printed taller. */
  tallerShare: number[];
  /** Per line: its rank among its page's lines, 0 at the top, 1 at the bottom. */
  rank: number[];
  /** Per line: how many lines its page has. */
  pageLines: number[];
  /** Second-level names of the e-mail and web domains printed (gmail and the like left out). */
  domains: string[];
  /** Lower-case, letters-and-digits text of every line, for "named again elsewhere". */
  plainLines: string[];
}

const plain = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function contextOf(lines: DocLine[]): VendorContext {
  const byPage = new Map<number, number[]>();
  lines.forEach((l, i) => {
    const list = byPage.get(l.pageIndex) ?? [];
    list.push(i);
    byPage.set(l.pageIndex, list);
  });
  const medianHeight: number[] = [];
  const tallerShare = new Array<number>(lines.length).fill(0);
  const rank = new Array<number>(lines.length).fill(0);
  const pageLines = new Array<number>(lines.length).fill(0);
  for (const [page, idx] of byPage) {
    const heights = idx.map((i) => lines[i].height).sort((a, b) => a - b);
    medianHeight[page] = heights[Math.floor(heights.length / 2)] || 1;
    idx.forEach((i, k) => {
      rank[i] = k / Math.max(1, idx.length - 1);
      pageLines[i] = idx.length;
      tallerShare[i] = heights.filter((h) => h > lines[i].height * 1.1).length / idx.length;
    });
  }
  const domains = new Set<string>();
  for (const l of lines) {
    for (const m of l.text.matchAll(/(?:@|https?:\/\/|www\.)([a-z0-9.-]+\.[a-z]{2,})/gi)) {
      const parts = m[1].toLowerCase().split('.');
      const name = parts.length >= 2 ? parts[parts.length - 2] : parts[0];
      if (name.length >= 3 && !GENERIC_DOMAINS.test(name)) domains.add(name);
    }
  }
  return {
    lines,
    medianHeight,
    tallerShare,
    rank,
    pageLines,
    domains: [...domains],
    plainLines: lines.map((l) => plain(l.text)),
  };
}

/**
 * The nearest line at or above `i` (up to `reach` lines) whose text in the column [x0, x1], or
 * left of x0 on line `i` itself, matches `label`: 1 on the same line, 1/2 one line up, …; 0 if none.
 */
function labelNear(
  ctx: VendorContext,
  i: number,
  x0: number,
  x1: number,
  label: RegExp,
  reach: number,
): { left: number; above: number } {
  const line = ctx.lines[i];
  const leftText = line.words
    .filter((w) => w.x1 <= x0 + 1)
    .map((w) => w.text)
    .join(' ');
  const left = label.test(leftText) ? 1 : 0;
  let above = 0;
  for (let j = i - 1, d = 1; j >= 0 && d <= reach; j--, d++) {
    const l = ctx.lines[j];
    if (l.pageIndex !== line.pageIndex) break;
    const slack = l.height * 2;
    const text = l.words
      .filter((w) => w.x1 >= x0 - slack && w.x0 <= x1 + slack && w.x0 < x0 + l.pageWidth * 0.3)
      .map((w) => w.text)
      .join(' ');
    if (label.test(text)) {
      above = 1 / d;
      break;
    }
  }
  return { left, above };
}

function addressShape(text: string): number[] {
  return [
    POSTAL.test(text) ? 1 : 0,
    STREET_WORD.test(text) ? 1 : 0,
    /^\s*\d/.test(text) || /\p{L}\s+\d{1,4}[a-z]?\b/iu.test(text) ? 1 : 0,
  ];
}

export const NAME_FEATURE_NAMES: string[] = [
  'y',
  'rank',
  'top3',
  'top8',
  'x0',
  'x1',
  'offCentre',
  'relHeight',
  'tallerShare',
  'tallest',
  'firstPage',
  'lastPageOnly',
  'bottom',
  'legalForm',
  'legalFormAtEnd',
  'sellerLeft',
  'sellerAbove',
  'buyerLeft',
  'buyerAbove',
  'repeated',
  'domain',
  'digitShare',
  'letters',
  'words',
  'upperShare',
  'titleCase',
  'allLower',
  'nextPostal',
  'nextStreet',
  'nextNumbered',
  'colon',
  'dateOrAmount',
  'fieldLabel',
  'heading',
  'contact',
  'ownPostal',
  'ownStreet',
  'registerNear',
  'separatedLine',
  'variantPart',
  'variantAfterLabel',
  'variantJoined',
  'segmentsInLine',
  'wholeLine',
  'ocr',
  'rulesSame',
  'rulesSimilarity',
];

const FIELD_LABELS = Object.values(LABEL_CLASSES).filter((re) => !re.source.startsWith('\\d'));

function agreement(text: string, rules: string | null): number[] {
  if (!rules) return [0, 0];
  const a = foldText(text);
  const b = foldText(rules);
  return [a === b ? 1 : 0, similarity(a, b)];
}

function nameFeatures(c: NameCandidate, ctx: VendorContext, rules: RulesAnswer): number[] {
  const line = ctx.lines[c.line];
  const t = c.text;
  const relY = (line.y0 + line.y1) / 2 / Math.max(1, line.pageHeight);
  const relHeight = line.height / Math.max(1e-6, ctx.medianHeight[line.pageIndex]);
  const legal = t.match(LEGAL_FORM);
  const seller = labelNear(ctx, c.line, c.x0, c.x1, SELLER_LABEL, 4);
  const buyer = labelNear(ctx, c.line, c.x0, c.x1, BUYER_LABEL, 6);
  const p = plain(t);
  const repeated =
    p.length >= 3
      ? ctx.plainLines.filter((l, i) => (i < c.line || i > c.lastLine) && ` ${l} `.includes(` ${p} `)).length
      : 0;
  const compact = p.replace(/ /g, '');
  const firstWord = p.split(' ')[0] ?? '';
  const domain = ctx.domains.some(
    (d) =>
      (firstWord.length >= 3 && (d.startsWith(firstWord) || firstWord.startsWith(d))) ||
      (compact.length >= 4 && compact.startsWith(d)),
  );
  const L = letters(t);
  const upper = t.match(/\p{Lu}/gu)?.length ?? 0;
  const words = t.split(' ').filter((w) => letters(w) > 0);
  // The lines right below in the column: an address after a name.
  const below: string[] = [];
  let at = c.lastLine;
  for (let k = 0; k < 3; k++) {
    const next = nextInColumn(ctx.lines, at, c.x0, c.x1, 1.6);
    if (!next) break;
    below.push(next.seg.text);
    at = next.line;
  }
  const rest = line.text.slice(line.text.indexOf(t) + t.length);
  const belowShape = addressShape(`${below.join(' ')} ${c.variant === 'part' ? rest : ''}`);
  const around = ctx.lines
    .slice(Math.max(0, c.line - 2), c.lastLine + 3)
    .filter((l) => l.pageIndex === line.pageIndex)
    .map((l) => l.text)
    .join(' ');
  const segText = tidy(line.segments[c.segment]?.text ?? '');
  const ownShape = addressShape(t);
  return [
    relY,
    ctx.rank[c.line],
    ctx.rank[c.line] * (ctx.pageLines[c.line] - 1) < 3 ? 1 : 0,
    ctx.rank[c.line] * (ctx.pageLines[c.line] - 1) < 8 ? 1 : 0,
    c.x0 / Math.max(1, line.pageWidth),
    c.x1 / Math.max(1, line.pageWidth),
    Math.abs((c.x0 + c.x1) / 2 / Math.max(1, line.pageWidth) - 0.5),
    Math.min(4, relHeight),
    ctx.tallerShare[c.line],
    ctx.tallerShare[c.line] === 0 ? 1 : 0,
    line.pageIndex === 0 ? 1 : 0,
    line.pageIndex !== 0 ? 1 : 0,
    relY > 0.8 ? 1 : 0,
    legal ? 1 : 0,
    legal && legal.index !== undefined && legal.index + legal[0].length >= t.length - 2 ? 1 : 0,
    // "Payment received by ACME": the label stands inside the segment, left of the name.
    c.variant === 'afterLabel' ? 1 : seller.left,
    seller.above,
    buyer.left,
    buyer.above,
    Math.min(3, repeated) / 3,
    domain ? 1 : 0,
    digits(t) / Math.max(1, t.length),
    Math.min(60, L) / 30,
    Math.min(10, words.length) / 5,
    L ? upper / L : 0,
    words.length && words.every((w) => /^[\p{Lu}\d&(]/u.test(w)) ? 1 : 0,
    upper === 0 ? 1 : 0,
    ...belowShape,
    /:\s*\S/.test(t) || /:\s*$/.test(segText) ? 1 : 0,
    findDates(t).length > 0 || findAmounts(t).some((a) => /[.,]\d{2}$/.test(a.raw)) ? 1 : 0,
    FIELD_LABELS.some((re) => re.test(t)) ? 1 : 0,
    HEADING_WORDS.test(t) ? 1 : 0,
    CONTACT.test(t) ? 1 : 0,
    ...ownShape.slice(0, 2),
    REGISTER_WORDS.test(around) ? 1 : 0,
    SEPARATORS.test(segText) && /\d/.test(segText) ? 1 : 0,
    c.variant === 'part' ? 1 : 0,
    c.variant === 'afterLabel' ? 1 : 0,
    c.variant === 'joined' ? 1 : 0,
    line.segments.length,
    line.segments.length === 1 && c.variant === 'segment' ? 1 : 0,
    line.source === 'ocr' ? 1 : 0,
    ...agreement(t, rules.name),
  ];
}

export function nameFeaturesOf(
  lines: DocLine[],
  candidates: NameCandidate[],
  rules: RulesAnswer,
): number[][] {
  const ctx = contextOf(lines);
  return candidates.map((c) => nameFeatures(c, ctx, rules));
}

/** Where the seller's name was picked: address features measure from it. */
export interface NameAnchor {
  line: number;
  lastLine: number;
  x0: number;
  x1: number;
}

export const ADDRESS_FEATURE_NAMES: string[] = [
  'lines1',
  'lines2',
  'lines3',
  'lines4',
  'inline',
  'postal',
  'street',
  'numbered',
  'postalLast',
  'digitShare',
  'letters',
  'contact',
  'dateOrAmount',
  'fieldLabel',
  'heading',
  'register',
  'legalForm',
  'y',
  'rank',
  'x0',
  'firstPage',
  'bottom',
  'relHeight',
  'sellerNear',
  'buyerNear',
  'ocr',
  'rulesSame',
  'rulesSimilarity',
  // from the picked name
  'belowName',
  'sameLineAsName',
  'nameInside',
  'columnOverlap',
];

/** Features of an address block that do not depend on where the name was picked. */
function addressOwnFeatures(c: AddressCandidate, ctx: VendorContext, rules: RulesAnswer): number[] {
  const line = ctx.lines[c.line];
  const t = c.text;
  const rows = t.split('\n');
  const relY = (line.y0 + line.y1) / 2 / Math.max(1, line.pageHeight);
  const seller = labelNear(ctx, c.line, c.x0, c.x1, SELLER_LABEL, 5);
  const buyer = labelNear(ctx, c.line, c.x0, c.x1, BUYER_LABEL, 6);
  return [
    c.lines === 1 ? 1 : 0,
    c.lines === 2 ? 1 : 0,
    c.lines === 3 ? 1 : 0,
    c.lines === 4 ? 1 : 0,
    c.inline ? 1 : 0,
    ...addressShape(t),
    POSTAL.test(rows.at(-1) ?? '') ? 1 : 0,
    digits(t) / Math.max(1, t.length),
    Math.min(120, letters(t)) / 40,
    rows.filter((r) => CONTACT.test(r)).length,
    findDates(t).length > 0 || findAmounts(t).some((a) => /[.,]\d{2}$/.test(a.raw)) ? 1 : 0,
    rows.filter((r) => FIELD_LABELS.some((re) => re.test(r)) || /:\s*\S/.test(r)).length,
    rows.filter((r) => HEADING_WORDS.test(r)).length,
    rows.filter((r) => REGISTER_WORDS.test(r)).length,
    rows.filter((r) => LEGAL_FORM.test(r)).length,
    relY,
    ctx.rank[c.line],
    c.x0 / Math.max(1, line.pageWidth),
    line.pageIndex === 0 ? 1 : 0,
    relY > 0.8 ? 1 : 0,
    Math.min(4, line.height / Math.max(1e-6, ctx.medianHeight[line.pageIndex])),
    Math.max(seller.left, seller.above),
    Math.max(buyer.left, buyer.above),
    line.source === 'ocr' ? 1 : 0,
    ...agreement(t, rules.address),
  ];
}

/** Features of an address block relative to the picked name. */
function addressNameFeatures(c: AddressCandidate, name: NameAnchor | null, lines: DocLine[]): number[] {
  if (!name) return [0, 0, 0, 0];
  const nameLine = lines[name.lastLine];
  const line = lines[c.line];
  let below = 0;
  if (line.pageIndex === nameLine.pageIndex && c.line > name.lastLine && c.line - name.lastLine <= 4)
    below = 1 / (c.line - name.lastLine);
  const overlap = Math.min(c.x1, name.x1) - Math.max(c.x0, name.x0);
  return [
    below,
    c.line === name.line && c.inline ? 1 : 0,
    c.line <= name.line && c.lastLine >= name.line && !c.inline ? 1 : 0,
    overlap > 0 ? overlap / Math.max(1, Math.min(c.x1 - c.x0, name.x1 - name.x0)) : 0,
  ];
}

/** Address features: the block's own, then where it stands from the picked name. */
export function addressFeaturesOf(
  lines: DocLine[],
  candidates: AddressCandidate[],
  name: NameAnchor | null,
  own: number[][] | RulesAnswer,
): { own: number[][]; features: number[][] } {
  const ownRows = Array.isArray(own)
    ? own
    : (() => {
        const ctx = contextOf(lines);
        return candidates.map((c) => addressOwnFeatures(c, ctx, own));
      })();
  return {
    own: ownRows,
    features: candidates.map((c, i) => [...ownRows[i], ...addressNameFeatures(c, name, lines)]),
  };
}
