import type { LayoutWord } from '../text-layout';
import { PROVIDER_LABEL, RECEIVER_LABEL } from './labels';
import { type Box, boxOfSpan, type DocLine, segKey } from './lines';

/**
 * Where the receiver (the customer billed) is printed. The vendor, its address, phone and e-mail
 * are never taken from there, because an invoice prints the customer's name and address as
 * prominently as the issuer's.
 */

/**
 * Segments that hold someone other than the issuer: the block under a "Bill to"-style label, in the
 * label's column (another column on the same rows may well be the issuer).
 */
export function receiverZone(lines: DocLine[]): Set<string> {
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
      for (const [s, i] of hits) {
        zone.add(segKey(l, i));
        // A "Name:  Kunden AG" row: the value of a key in the column belongs to the block too.
        if (/:\s*$/.test(s.text) && i + 1 < l.segments.length) zone.add(segKey(l, i + 1));
      }
      last = l;
      if (++taken >= 6) break;
    }
  }
  return zone;
}
