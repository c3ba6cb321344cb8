/**
 * JavaScript's `\b` is a boundary of ASCII word characters only: "Date d'échéance" has no `\b`
 * before its "é", nor "Montant dû" after its "û", nor "Quantité" at its end, so a label written as
 * `\b(…)\b` silently misses every French, German, Spanish or Italian word that begins or ends with an
 * accented letter. `letterBounded` rewrites each `\b` of an expression as a boundary of Unicode
 * letters and digits; the label vocabularies are written with `\b` and pass through it.
 */
const WORD = '[\\p{L}\\p{N}_]';
const BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;

export function letterBounded(re: RegExp): RegExp {
  const flags = re.flags.includes('u') ? re.flags : `${re.flags}u`;
  return new RegExp(re.source.replace(/\\b/g, BOUNDARY), flags);
}
