import { findDates } from '../../core/extraction/parse-values';
import { DUE_DATE_LABELS, INVOICE_DATE_LABELS, NOT_INVOICE_DATE } from './labels';
import { boxOfSpan, type DocLine } from './lines';
import { type Found, findLabelled, firstBy, readDate } from './values';

/**
 * The invoice date and the due date. Each is the value of its label ("Invoice date", "Datum",
 * "Due date", "Fällig am"…), a date label next to an order, delivery or period word being no
 * invoice date. Without a labelled invoice date, the first date that is not in a period or next to
 * such a word is taken, one without a time of day first (a time marks a print or sale stamp), and
 * never one two years or more after the document's earliest date (an expiry).
 */

/** The document's due date and invoice date, those found, in that order. */
export function detectDates(lines: DocLine[], isHeader: (line: DocLine) => boolean): Found[] {
  const fields: Found[] = [];

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
  return fields;
}
