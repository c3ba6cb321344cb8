import { type DateOrder, findDates, MONTH_WORD_PATTERN, monthOf } from './parse-values';

/**
 * A utility bill's service (billing) period read from the text after its label: two dates joined
 * by a dash, "to" or "through" ("04/06/2020 - 05/04/2020", "May 19, 2020 to June 17, 2020"), or two
 * month-day dates without a year ("Jan 25 - Feb 21"), whose year follows from the bill's date: the
 * period ends on or before it (a bill is issued after the period), and a period that crosses
 * New Year starts the year before. Shared by both engines' readings.
 */

export interface ServicePeriod {
  /** YYYY-MM-DD */
  start: string;
  end: string;
  /** Offsets of the period's text in the text read. */
  from: number;
  to: number;
}

/** A billing period is a day to about a year. */
const MAX_DAYS = 400;
const JOINER = String.raw`\s*(?:-|–|—|to|through|thru|until|bis|au)\s*`;
const MONTH_DAY = String.raw`${MONTH_WORD_PATTERN}\s*(\d{1,2})(?!\d)`;
const YEARLESS = new RegExp(`${MONTH_DAY}${JOINER}${MONTH_DAY}`, 'i');

const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const iso = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCMonth() === m - 1 ? t.toISOString().slice(0, 10) : null;
};
const plausible = (start: string, end: string) => days(start, end) >= 1 && days(start, end) <= MAX_DAYS;

export function readServicePeriod(
  text: string,
  order: DateOrder,
  billDate: string | null,
): ServicePeriod | null {
  const dates = findDates(text, order);
  for (let i = 0; i + 1 < dates.length; i++) {
    const [a, b] = [dates[i], dates[i + 1]];
    const between = text.slice(a.index + a.raw.length, b.index);
    if (!new RegExp(`^${JOINER}$`, 'i').test(between) && between.trim() !== '') continue;
    if (plausible(a.iso, b.iso))
      return { start: a.iso, end: b.iso, from: a.index, to: b.index + b.raw.length };
  }
  const m = text.match(YEARLESS);
  if (!m || m.index === undefined || !billDate) return null;
  const [m1, d1, m2, d2] = [monthOf(m[1]), Number(m[2]), monthOf(m[3]), Number(m[4])];
  if (!m1 || !m2) return null;
  const billYear = Number(billDate.slice(0, 4));
  for (const endYear of [billYear, billYear - 1]) {
    const end = iso(endYear, m2, d2);
    const start = iso(m1 > m2 ? endYear - 1 : endYear, m1, d1);
    // The bill is issued after the period ends (a few days of slack for the reading date).
    if (start && end && days(end, billDate) >= -5 && plausible(start, end))
      return { start, end, from: m.index, to: m.index + m[0].length };
  }
  return null;
}
