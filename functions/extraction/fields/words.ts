/**
 * JavaScript's `\b` is a boundary of ASCII word characters only: "Date d'échéance" has no `\b`
 * before its "é", nor "Montant dû" after its "û", nor "Quantité" at its end, so a label written as
 * `\b(…)\b` silently misses every French, German, Spanish or Italian word that begins or ends with an
 * accented letter. `letterBounded` rewrites each `\b` of an expression as a boundary of Unicode
 * letters and digits; the label vocabularies are written with `\b` and pass through it.
 *
 * A `\b` that opens the expression becomes a plain "no letter before" test: the engine tries it at
 * every position of every line, and the two-sided boundary there makes these expressions several
 * times slower. It is exact wherever the expression starts with a letter, as the labels do.
 */
const WORD = '[\\p{L}\\p{N}_]';
const OPENING = `(?<!${WORD})`;
const BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;

export function letterBounded(re: RegExp): RegExp {
  const flags = re.flags.includes('u') ? re.flags : `${re.flags}u`;
  const source = re.source.replace(/\\b/g, (_, at: number) => (at === 0 ? OPENING : BOUNDARY));
  return new RegExp(source, flags);
}
