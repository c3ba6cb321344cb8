import { findDates } from '../../core/extraction/parse-values';
import { COMPANY_SUFFIX } from './labels';

/**
 * Which part of a piece of text is a firm's name: up to and including its legal suffix, without a
 * registration number or an address run on after a comma; whether text is a value rather than a
 * name; and whether a name line continues a name begun on the line above. The vendor detector
 * (`vendor.ts`) asks these of every candidate line.
 */

/** Every legal-form suffix of a text (compiled once: names are cleaned for every line). */
const EVERY_SUFFIX = new RegExp(COMPANY_SUFFIX.source, 'giu');

/** How many letters a text has besides its legal-form words. */
function lettersBesideLegalForms(text: string): number {
  return text.replace(EVERY_SUFFIX, '').replace(/[^\p{L}]/gu, '').length;
}

/** Whether a name carries a legal-form suffix after its own words ("KG. BATU" is a village, not a KG). */
export function hasLegalSuffix(name: string): boolean {
  const m = name.match(COMPANY_SUFFIX);
  if (!m || m.index === undefined) return false;
  if (m.index > 0) return true;
  // Only legal words and initials ("CO. (M) SDN BHD"): the rest of a name printed on the line above.
  return lettersBesideLegalForms(name) < 3;
}

/** Whether text holds a legal form and nothing else of a name ("GmbH", " SDN BHD"). */
export function hasOnlyLegalWords(text: string): boolean {
  return COMPANY_SUFFIX.test(text) && lettersBesideLegalForms(text) < 2;
}

/**
 * The firm named at the start of a legal notice ("Free SAS au capital de 3.441.812 Euros − RCS
 * Paris …", "Acme Ltd, registered in England No. 123"): its words up to its legal suffix.
 */
export const LEGAL_NOTICE_NAME = new RegExp(
  `^(\\p{Lu}[\\p{L}&'.-]*(?:\\s+[\\p{L}&'.-]+){0,4}?\\s+(?:${COMPANY_SUFFIX.source}))(?=[\\s,()]|$)`,
  'iu',
);

/** OCR's usual misreadings of the Malaysian legal form "SDN BHD" ("SON BHD", "S0N BHO") undone. */
export function undoSdnBhdMisreading(text: string): string {
  return text.replace(/\bS[O0]N(\.?\s*)BH[DO0]\b|\bSDN(\.?\s*)BH[O0]\b/g, (_, a, b) => `SDN${a ?? b}BHD`);
}

const NAME_THEN_SEPARATOR = new RegExp(
  `^(.+?(?:${COMPANY_SUFFIX.source}))(?:\\s+[-–—|]\\s*|\\s*[-–—|]\\s+|\\s*[-–—|](?=\\d))\\S`,
  'iu',
);

/**
 * Letters OCR read as digits inside a word of letters: "H0USE" → "HOUSE", "1DEA" → "IDEA",
 * "D.1.Y." → "D.I.Y.". Only where the word has two letters or more and no digit other than 0 or 1,
 * so numbers ("99 SPEED MART", "10 GRAM", "NO.1 PHARMACY") and short codes ("A1") stay as printed.
 */
function undoDigitsForLetters(text: string): string {
  // The whole run of letters and digits is the word, so a code with other digits in it ("1ee8c26a",
  // "B1G7") is judged as one and left alone, not cut into "1ee" and read as "lee".
  return text.replace(/[\p{L}\p{N}][\p{L}\p{N}.]*/gu, (word) => {
    if (!/[01]/.test(word) || /[2-9]/.test(word) || (word.match(/\p{L}/gu)?.length ?? 0) < 2) return word;
    // A word then its number: "No.1", "No10".
    if (/^\p{L}+\.?[01]+\.?$/u.test(word)) return word;
    const upper = word === word.toUpperCase();
    return word.replace(/0/g, upper ? 'O' : 'o').replace(/1/g, upper ? 'I' : 'l');
  });
}

/**
 * The address printed on the name's own line after a separator, as comma-joined parts: the sender
 * line above an envelope window ("Nordlicht GmbH • Hafenstraße 20 • 20457 Hamburg", "Boulangerie
 * Martin SARL - 15 rue des Lilas - 69003 Lyon"), its dashes sometimes glued to the words by OCR
 * ("SARL-15 rue des Lilas-69003 Lyon"). Null without such a separator or without a digit.
 */
export function addressAfterName(text: string): string | null {
  const bullet = text.search(/\s[•|·]\s/);
  const dashed = bullet < 0 ? text.match(NAME_THEN_SEPARATOR) : null;
  if (bullet < 0 && !dashed) return null;
  // From the first separator on (a bullet), or from the first character after it (a dash).
  const rest = bullet >= 0 ? text.slice(bullet) : text.slice(dashed![0].length - 1);
  const parts = rest
    .split(/\s*[•|·]\s*|\s+[-–—]\s+|(?<=\p{L}{3})[-–—](?=\d)/u)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length && /\d/.test(rest) ? parts.join(', ') : null;
}

/** A registration number printed bare after the legal form: "… SDN BHD 862725-U", and what follows. */
const BARE_REGISTRATION = new RegExp(`(${COMPANY_SUFFIX.source})\\s+\\d{4,}-?\\p{Lu}?(?:\\s.*)?$`, 'iu');

/** The part of a segment that names the organisation: up to and including its legal suffix. */
export function cleanVendorName(text: string): string {
  let s = text.replace(/\s+/g, ' ').trim();
  s = s.split(/\s[•|·]\s|\s{2,}/)[0].replace(/[\s,;:]+$/, '');
  s = undoDigitsForLetters(undoSdnBhdMisreading(s));
  s = s.replace(/\s*\((?=[^)]*\d)[^)]*\)?\s*$/, ''); // trailing registration "(001451637-M)"
  s = s.replace(BARE_REGISTRATION, '$1');
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
  // "Au bon moulin SARL - 1242 chemin …" (or "SARL-1242 …" where OCR lost the spaces): the name
  // ends at its legal form. A hyphen inside a word ("Co-operative") is no separator.
  const beforeSeparator = s.match(NAME_THEN_SEPARATOR);
  if (beforeSeparator) s = beforeSeparator[1];
  return s.replace(/^[\s*\-–—:]+|[\s,*\-–—:]+$/g, '').trim();
}

export function looksLikeValue(text: string): boolean {
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

/**
 * Whether a name line is the end of a name begun on the line above: it opens with a legal word, a
 * connector or a lower-case word ("CO. (M) SDN BHD", "& SONS SDN BHD"), closes a bracket opened
 * above ("ALAM) SDN BHD"), or has a single word before its suffix. A line with a name of two words
 * or more names the firm by itself; a brand or branch printed above it is not part of the name.
 */
export function continuesAbove(name: string): boolean {
  const m = name.match(COMPANY_SUFFIX);
  if (m?.index === 0 || /^[&(\p{Ll}]/u.test(name) || /^(and|und|et|en)\b/i.test(name)) return true;
  if ((name.match(/\)/g)?.length ?? 0) > (name.match(/\(/g)?.length ?? 0)) return true;
  const own = name
    .replace(EVERY_SUFFIX, ' ')
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter((w) => (w.match(/\p{L}/gu)?.length ?? 0) >= 2);
  return own.length <= 1;
}
