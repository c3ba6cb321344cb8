import { type DateOrder, findDates, parseAmount } from '../../core/extraction/parse-values';
import { readServicePeriod } from '../../core/extraction/service-period';
import { AMOUNT_DUE_LABEL } from './labels';
import { boxOfSpan, type DocLine } from './lines';
import { type Found, foundAfterLabel, type Reader, readAmount } from './values';
import { letterBounded } from './words';

/**
 * What a utility bill (or any account statement) prints besides an invoice's fields: the account
 * number, the service address, the service period, the amount due and the balance carried forward
 * from the last bill. Each is read next to its label (general utility-bill vocabulary, no named
 * provider); an account number or amount due printed several times (the bill and its payment stub)
 * is the value printed most often, which a stray match rarely is.
 */

const ACCOUNT_LABEL = letterBounded(
  /\b(account\s*(?:number|no\b\.?|#|num\b\.?)|acct\.?\s*(?:number|no\b\.?|#)|customer\s*account(?:\s*(?:number|no\b\.?|#))?|account\s*:)/i,
);
const SERVICE_ADDRESS_LABEL = letterBounded(
  /\b(service\s*(?:address|location)|premises?\s*address|property\s*address|site\s*address|supply\s*address|service\s*at)\b/i,
);
const SERVICE_PERIOD_LABEL = letterBounded(
  /\b(service\s*period|billing\s*period|billing\s*cycle|period\s*of\s*service|service\s*(?:from|dates?)|for\s*the\s*period|for\s*service|statement\s*period|usage\s*period|meter\s*reading\s*dates?|reading\s*period)\b/i,
);
/** A balance of the last bill still unpaid, which the amount due includes (never a paid "previous balance"). */
const CARRIED_LABEL = letterBounded(
  /\b(balance\s*(?:forward|brought\s*forward|carried\s*forward)|(?:balance|amount)\s*remaining\s*from\s*(?:your\s*)?(?:last|previous)\s*(?:bill|statement)|past\s*due\s*(?:balance|amount)|unpaid\s*(?:previous\s*)?balance)\b/i,
);

/** An account number: digit groups joined by single spaces or dashes, letters allowed, five digits at least. */
const readAccount: Reader = (text) => {
  const m = text.match(/^[\s:#.]*([A-Z0-9](?:[A-Z0-9]|[ -](?=[A-Z0-9])){3,30})/i);
  if (!m || m.index === undefined) return null;
  let value = m[1];
  // "<number> Total amount": a word after the number is not part of it.
  value = value.replace(/(?:[ -][A-Za-z]{2,}.*)$/, '');
  const digits = value.replace(/\D/g, '').length;
  // A word before the number is a label or a heading, not part of it.
  if (
    !/\d/.test(value.split(/[ -]/)[0]) ||
    digits < 5 ||
    /[.,]\d{2}$/.test(value) ||
    findDates(value).length > 0
  )
    return null;
  const from = m[0].length - m[1].length;
  return { value, from, to: from + value.length };
};

/**
 * The value found most often (by `key`), printed as it is most often printed (fewest spaces on a
 * tie: a text layer sometimes breaks a number apart).
 */
function mostFrequent(found: Found[], key: (f: Found) => string): Found | null {
  const counts = new Map<string, number>();
  const forms = new Map<string, number>();
  for (const f of found) {
    counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
    forms.set(f.value, (forms.get(f.value) ?? 0) + 1);
  }
  const rank = (f: Found) => [counts.get(key(f))!, forms.get(f.value)!, -f.value.split(' ').length];
  let best: Found | null = null;
  for (const f of found) {
    if (!best) best = f;
    else {
      const [a, b] = [rank(f), rank(best)];
      const i = a.findIndex((x, k) => x !== b[k]);
      if (i >= 0 && a[i] > b[i]) best = f;
    }
  }
  if (!best) return null;
  // Seen again elsewhere on the bill: surer.
  const repeats = counts.get(key(best))! - 1;
  return { ...best, confidence: Math.min(95, best.confidence * (1 + 0.1 * Math.min(3, repeats))) };
}

function allLabelled(lines: DocLine[], label: RegExp, read: Reader, type: string, weight: number): Found[] {
  const out: Found[] = [];
  for (const line of lines) {
    for (const m of line.text.matchAll(new RegExp(label.source, `${label.flags.replace('g', '')}g`))) {
      const found = foundAfterLabel(lines, line, m.index, m[0], read, type, weight);
      if (found) out.push(found);
    }
  }
  return out;
}

const STREET_LINE = /^\s*\d+[A-Z]?\s+\p{L}/iu;
const CITY_LINE = /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b|\b\d{5}(?:-\d{4})?\s*$/;

/**
 * The service address: the rest of the label's line when it starts with a house number, else the
 * street line under the label in its column (the account holder's name may come first), with the
 * city line after it.
 */
function serviceAddress(lines: DocLine[]): Found | null {
  for (const line of lines) {
    const m = line.text.match(SERVICE_ADDRESS_LABEL);
    if (!m || m.index === undefined) continue;
    const labelBox = boxOfSpan(line, m.index, m.index + m[0].length);
    const rest = line.text
      .slice(m.index + m[0].length)
      .replace(/^[\s:]+/, '')
      .split(/\s{2,}/)[0];
    const column = (l: DocLine) =>
      l.segments.filter((s) => s.x1 > labelBox.x0 - l.height && s.x0 < labelBox.x0 + l.pageWidth * 0.3);
    const below = lines.filter(
      (l) => l.page === line.page && l.index > line.index && l.y0 - line.y1 < line.height * 5,
    );
    const texts: string[] = [];
    let first: DocLine | null = null;
    if (STREET_LINE.test(rest)) {
      texts.push(rest.trim());
      first = line;
    }
    for (const l of below) {
      const cell = column(l)[0]?.text.trim();
      if (!cell) continue;
      if (!first) {
        if (STREET_LINE.test(cell)) {
          texts.push(cell);
          first = l;
        } else if (/\d/.test(cell) || texts.length > 0) break;
        continue;
      }
      if (CITY_LINE.test(cell) && !STREET_LINE.test(cell)) texts.push(cell);
      break;
    }
    if (!first) continue;
    return {
      type: 'SERVICE_ADDRESS',
      value: texts.join('\n'),
      valueBox: first === line ? labelBox : first,
      line: first,
      label: { text: m[0].trim(), box: labelBox },
      confidence: Math.min(line.confidence, first.confidence) * 0.8,
    };
  }
  return null;
}

/** The service period's start and end, from the text after its label (or on the line below it). */
function servicePeriod(lines: DocLine[], order: DateOrder, billDate: string | null): Found[] {
  for (const line of lines) {
    const m = line.text.match(SERVICE_PERIOD_LABEL);
    if (!m || m.index === undefined) continue;
    const after = line.text.slice(m.index + m[0].length);
    const next = lines.find((l) => l.page === line.page && l.index === line.index + 1);
    for (const [text, at, on] of [
      [after, m.index + m[0].length, line],
      ...(next && next.y0 - line.y1 < line.height * 1.5 ? [[next.text, 0, next] as const] : []),
    ] as Array<readonly [string, number, DocLine]>) {
      const period = readServicePeriod(text.slice(0, 120), order, billDate);
      if (!period) continue;
      const box = boxOfSpan(on, at + period.from, at + period.to);
      const label = { text: m[0].trim(), box: boxOfSpan(line, m.index, m.index + m[0].length) };
      const confidence = Math.min(line.confidence, on.confidence) * 0.8;
      return [
        { type: 'SERVICE_PERIOD_START', value: period.start, valueBox: box, line: on, label, confidence },
        { type: 'SERVICE_PERIOD_END', value: period.end, valueBox: box, line: on, label, confidence },
      ];
    }
  }
  return [];
}

const amountKey = (f: Found) => String(parseAmount(f.value));
/** A zero amount due is printed on paid and autopay stubs; a non-zero one is what is owed. */
const owed = (found: Found[]) => {
  const nonZero = found.filter((f) => (parseAmount(f.value) ?? 0) !== 0);
  return nonZero.length ? nonZero : found;
};

/**
 * The account fields of a bill: ACCOUNT_NUMBER, SERVICE_ADDRESS, SERVICE_PERIOD_START / _END (ISO),
 * BALANCE_DUE (what is to be paid now) and BALANCE_FORWARD (the last bill's unpaid balance in it).
 */
export function detectAccountFields(lines: DocLine[], order: DateOrder, billDate: string | null): Found[] {
  const out: Found[] = [];
  const account = mostFrequent(allLabelled(lines, ACCOUNT_LABEL, readAccount, 'ACCOUNT_NUMBER', 0.8), (f) =>
    f.value.replace(/[\s-]/g, ''),
  );
  if (account) out.push(account);
  const address = serviceAddress(lines);
  if (address) out.push(address);
  out.push(...servicePeriod(lines, order, billDate));
  const due = mostFrequent(
    owed(allLabelled(lines, AMOUNT_DUE_LABEL, readAmount, 'BALANCE_DUE', 0.8)),
    amountKey,
  );
  if (due) out.push(due);
  // A zero balance forward is news too (nothing carried), unlike a zero amount due.
  const carried = mostFrequent(
    allLabelled(lines, CARRIED_LABEL, readAmount, 'BALANCE_FORWARD', 0.8),
    amountKey,
  );
  if (carried) out.push(carried);
  return out;
}
