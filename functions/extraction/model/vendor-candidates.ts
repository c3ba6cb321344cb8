import { foldText } from '../../core/classification/text-keys';
import { addressText } from '../fields/contact';
import type { DocLine } from '../fields/lines';
import { undoSdnBhdMisreading } from '../fields/vendor-name';
import type { LayoutWord } from '../text-layout';

/**
 * Candidates for the seller's name and address. A name candidate is a run of text on the first or
 * last page (a line segment, its part before a separator or comma, the text after a "from/seller"
 * label, or a segment joined with the one below it); an address candidate is a block of one to four
 * lines in one column (or the rest of a "Name · Street · City" line). vendor-features.ts describes
 * each candidate for the vendor scorers; nothing here names a seller.
 */

/** Legal forms of firms in the languages the product meets (general vocabulary). */
export const LEGAL_FORM =
  /(?:^|[\s,(])(gmbh|mbh|ag|kg|kgaa|ohg|gbr|ug|e\.\s?k|e\.\s?v|a\.\s?g|e\.\s?g|eg|se|inc|incorporated|llc|l\.l\.c|llp|lp|ltd|limited|plc|corp|corporation|company|co|pty|pte|pvt|sdn\.?\s*bhd|bhd|s\/b|sarl|s\.a\.r\.l|sas|sasu|sa|s\.a|eurl|sci|scp|bv|b\.\s?v|nv|n\.\s?v|vof|s\.l|s\.l\.u|s\.r\.l|srl|s\.p\.a|spa|s\.n\.c|snc|oy|ab|as|aps|enterprise|enterprises|trading|group|gruppe|groupe)\.?(?=$|[\s,.)&])/i;
/** Labels that name the seller's block or line. */
export const SELLER_LABEL =
  /\b(from|seller|vendor|supplier|issued\s*by|sold\s*by|(?:payment\s*)?received\s*by|service\s*provider|provider|payee|remit\s*to|pay(?:able)?\s*to|company|verk[äa]ufer|lieferant|leistungserbringer|absender|rechnungssteller|auftragnehmer|[ée]metteur|vendeur|fournisseur|prestataire|proveedor|emisor|vendedor|leverancier|afzender|verkoper|fornitore|cedente|venditore|emittente)\b/i;

export type NameVariant = 'segment' | 'part' | 'afterLabel' | 'joined';

export interface NameCandidate {
  text: string;
  variant: NameVariant;
  /** Index of the (first) line in the document's reading order, and of its segment. */
  line: number;
  segment: number;
  /** Line index of the last line (joined candidates span two). */
  lastLine: number;
  x0: number;
  x1: number;
}

export interface AddressCandidate {
  /** Lines of the block, joined with newlines (the form the rules answer). */
  text: string;
  line: number;
  lastLine: number;
  lines: number;
  /** A block that is the rest of a "Name · Street · City" line or of "Name, Street, City". */
  inline: boolean;
  x0: number;
  x1: number;
}
export const letters = (s: string) => s.match(/\p{L}/gu)?.length ?? 0;
export const digits = (s: string) => s.match(/\d/g)?.length ?? 0;
export const tidy = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s:;,.*•·|()\-–—]+|[\s:;,*•·|(\-–—]+$/g, '')
    .trim();

/** Whether a page of the document is searched: the first page (letterhead) and the last (footer). */
const searched = (l: DocLine) => l.pageIndex === 0 || l.pageIndex === l.pageCount - 1;

/** The segment of `line` that overlaps the x-range [x0, x1] most, with its index. */
function segmentIn(line: DocLine, x0: number, x1: number): { seg: LayoutWord; index: number } | null {
  let best: { seg: LayoutWord; index: number; overlap: number } | null = null;
  line.segments.forEach((seg, index) => {
    const overlap = Math.min(x1, seg.x1) - Math.max(x0, seg.x0);
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { seg, index, overlap };
  });
  return best;
}

/** The next line of the same page below `i` whose segment lies in the column [x0, x1], if close. */
export function nextInColumn(lines: DocLine[], i: number, x0: number, x1: number, maxGap: number) {
  const line = lines[i];
  for (let j = i + 1; j < lines.length && j <= i + 3; j++) {
    const l = lines[j];
    if (l.pageIndex !== line.pageIndex || l.y0 - line.y1 > maxGap * line.height) return null;
    const hit = segmentIn(l, x0, x1);
    if (hit) return { line: j, ...hit };
  }
  return null;
}

/**
 * A name as the firm writes it: without a trailing registration number ("(139386-X)", "862725-U",
 * "Co. No: 20154-T") and with OCR's usual misreading of "SDN BHD" ("SON BHD") undone.
 */
function cleanName(text: string): string {
  let s = tidy(text);
  s = undoSdnBhdMisreading(s);
  s = s.replace(
    /\s*\b(co\.?\s*(reg|no)|company\s*(no|reg)|reg(istration)?\.?\s*no|gst\s*(reg|id|no)|roc)\b.*$/i,
    '',
  );
  s = s.replace(/\s*[({[](?=[^)}\]]*\d)[^)}\]]*[)}\]]?\s*$/, '');
  s = s.replace(/\s+[\p{L}\d]*\d{4,}[\p{L}\d-]*$/u, '');
  return tidy(s);
}

/**
 * The vocabulary of a document's form, not of anyone's name: titles, field words and payment words (a
 * "PAID" stamp, a "CASH" tender line, an autopay notice), in the languages the product meets. A run of
 * these words only is a heading, a label or a stamp.
 */
const FORM_WORD =
  /^(invoice|receipt|bill|statement|tax|total|subtotal|sub|amount|number|no|nr|date|document|page|copy|original|duplicate|account|customer|order|reference|ref|balance|due|paid|unpaid|payment|pay|cash|change|tender|card|credit|debit|visa|mastercard|amex|autopay|online|summary|details|rechnung|quittung|beleg|betrag|summe|datum|nummer|konto|zahlung|bezahlt|facture|re[çc]u|montant|num[ée]ro|paiement|pay[ée]e?|esp[èe]ces)$/iu;
/** Words that speak to the reader or for the writer: a greeting, a slogan or a notice, never a name. */
const READER_WORD =
  /(?:^|[^\p{L}])(you|your|yours|we|our|please|thank|ihre?|bitte|vous|votre|nous|merci)(?=$|[^\p{L}])/iu;
/** A word printed with its letters spaced out ("I N V O I C E") read as the word itself. */
const unspaced = (t: string) => t.replace(/\b(\p{L}) (?=\p{L}\b)/gu, '$1');

/**
 * Never a seller's name: a run of form words only (spaced-out letters undone), or one that speaks to
 * the reader (the issuer rules of a payables desk: greetings, labels and stamps are no names).
 */
export function neverAName(text: string): boolean {
  if (READER_WORD.test(text)) return true;
  const words = unspaced(text)
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  return words.length > 0 && words.every((w) => FORM_WORD.test(w));
}

const plausibleName = (s: string) =>
  s.length >= 2 && s.length <= 80 && letters(s) >= 2 && s.split(' ').length <= 10 && !neverAName(s);

export function nameCandidates(lines: DocLine[]): NameCandidate[] {
  const out: NameCandidate[] = [];
  const seen = new Set<string>();
  const add = (candidate: NameCandidate) => {
    const c = { ...candidate, text: cleanName(candidate.text) };
    const key = `${c.line}:${c.segment}:${c.text}`;
    if (!plausibleName(c.text) || seen.has(key)) return;
    seen.add(key);
    out.push(c);
  };
  lines.forEach((line, li) => {
    if (!searched(line)) return;
    line.segments.forEach((seg, si) => {
      const base = { line: li, segment: si, lastLine: li, x0: seg.x0, x1: seg.x1 };
      const text = tidy(seg.text);
      add({ ...base, text, variant: 'segment' });
      const label = text.match(SELLER_LABEL);
      if (label?.index !== undefined) {
        const after = tidy(text.slice(label.index + label[0].length));
        if (after) add({ ...base, text: after, variant: 'afterLabel' });
      }
      // "Name · Street · City", "Name, Street 1, City", "Name - Geschäftsführer …": the first part.
      const parts = text.split(/\s[•|·–—]\s|\s-\s/);
      if (parts.length > 1) add({ ...base, text: tidy(parts[0]), variant: 'part' });
      const commas = text.split(/,\s*/);
      if (commas.length > 1) {
        let kept = commas[0];
        for (const p of commas.slice(1)) {
          if (LEGAL_FORM.test(` ${p.trim()}`) && p.trim().split(' ').length <= 2) kept += `, ${p}`;
          else break;
        }
        add({ ...base, text: tidy(kept), variant: 'part' });
      }
      // A name printed over two lines ("POPULAR BOOK" / "CO. (M) SDN BHD").
      const next = nextInColumn(lines, li, seg.x0, seg.x1, 0.8);
      if (
        next &&
        digits(text) === 0 &&
        Math.abs(lines[next.line].height - line.height) < line.height * 0.35
      ) {
        add({
          ...base,
          lastLine: next.line,
          x0: Math.min(seg.x0, next.seg.x0),
          x1: Math.max(seg.x1, next.seg.x1),
          text: tidy(`${text} ${tidy(next.seg.text).split(/,\s*/)[0]}`),
          variant: 'joined',
        });
      }
    });
  });
  return out;
}

export function addressCandidates(lines: DocLine[]): AddressCandidate[] {
  const out: AddressCandidate[] = [];
  lines.forEach((line, li) => {
    if (!searched(line)) return;
    line.segments.forEach((seg, segIndex) => {
      // In a labelled block an address is the address key's value, never another key's.
      const part = addressText(line, segIndex);
      if (part === null) return;
      const first = tidy(part);
      if (!first || letters(first) + digits(first) < 3) return;
      // The rest of a one-line "Name · Street · City" or "Name, Street, City".
      for (const split of [/\s[•|·–—]\s|\s-\s/, /,\s*/]) {
        const parts = first.split(split);
        if (parts.length > 1 && /\d/.test(parts.slice(1).join(' '))) {
          const rest = parts.slice(1).map(tidy).filter(Boolean);
          for (let k = 1; k <= Math.min(4, rest.length); k++) {
            out.push({
              text: rest.slice(0, k).join('\n'),
              line: li,
              lastLine: li,
              lines: k,
              inline: true,
              x0: seg.x0,
              x1: seg.x1,
            });
          }
        }
      }
      const texts = [first];
      let x0 = seg.x0;
      let x1 = seg.x1;
      let last = li;
      out.push({ text: first, line: li, lastLine: li, lines: 1, inline: false, x0, x1 });
      for (let k = 2; k <= 4; k++) {
        const next = nextInColumn(lines, last, x0, x1, 1.6);
        const nextText = next && addressText(lines[next.line], next.index);
        if (!next || nextText == null) break;
        texts.push(tidy(nextText));
        last = next.line;
        x0 = Math.min(x0, next.seg.x0);
        x1 = Math.max(x1, next.seg.x1);
        out.push({ text: texts.join('\n'), line: li, lastLine: last, lines: k, inline: false, x0, x1 });
      }
    });
  });
  return out;
}

/** Where a text stands: the first searched line with a segment that holds its beginning. */
function locate(lines: DocLine[], text: string, from = 0): { line: number; x0: number; x1: number } | null {
  const want = foldText(text).slice(0, 12);
  if (!want) return null;
  for (let i = from; i < lines.length; i++) {
    if (!searched(lines[i])) continue;
    const seg = lines[i].segments.find((g) => foldText(g.text).includes(want));
    if (seg) return { line: i, x0: seg.x0, x1: seg.x1 };
  }
  return null;
}

/**
 * The rules' own answers as candidates, where no candidate has their text already: the model can
 * then keep the rules' answer when the layout gives no reason to overrule it.
 */
export function withRulesAnswers(
  lines: DocLine[],
  names: NameCandidate[],
  addresses: AddressCandidate[],
  rules: RulesAnswer,
): { names: NameCandidate[]; addresses: AddressCandidate[] } {
  const has = (list: Array<{ text: string }>, text: string) =>
    list.some((c) => foldText(c.text) === foldText(text));
  const extraNames: NameCandidate[] = [];
  const name =
    rules.name && !neverAName(rules.name) && !has(names, rules.name) ? locate(lines, rules.name) : null;
  if (rules.name && name)
    extraNames.push({ ...name, text: rules.name, variant: 'segment', segment: 0, lastLine: name.line });
  const extraAddresses: AddressCandidate[] = [];
  const rows = rules.address?.split('\n') ?? [];
  const first = rules.address && !has(addresses, rules.address) ? locate(lines, rows[0]) : null;
  if (rules.address && first) {
    const last = locate(lines, rows.at(-1) ?? '', first.line);
    const lastLine = last && last.line - first.line < 6 ? last.line : first.line;
    extraAddresses.push({
      text: rules.address,
      line: first.line,
      lastLine,
      lines: Math.min(4, rows.length),
      inline: false,
      x0: first.x0,
      x1: first.x1,
    });
  }
  return { names: [...names, ...extraNames], addresses: [...addresses, ...extraAddresses] };
}

/** What the hand rules answered: the model learns how far to trust them against the layout. */
export interface RulesAnswer {
  name: string | null;
  address: string | null;
}
