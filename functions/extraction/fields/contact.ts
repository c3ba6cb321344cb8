import { findDates } from '../../core/extraction/parse-values';
import {
  ADDRESS_KEY,
  ADDRESS_STOP,
  ADDRESS_WORD,
  REGISTRATION_LABEL,
  REGISTRATION_LINE,
  TITLE_WORDS,
} from './labels';
import { type Box, boxOfSpan, type DocLine, keyedValue, segKey, union } from './lines';
import { type Found, withoutDates } from './values';
import type { VendorPick } from './vendor';

/**
 * The vendor's address, phone and e-mail. The address is the run of lines under the vendor's name
 * in its column, past registration numbers and date stamps, up to the first phone, tax or invoice
 * line; the phone is the first labelled number (else a North American number in the letterhead);
 * the e-mail the first address. None is taken from the receiver's block.
 */

/** A line that is a date and/or a time ("12 Mar 2018 18:19"): printed near the header, not an address. */
function isDateTimeLine(text: string): boolean {
  if (findDates(text).length === 0 && !/\b\d{1,2}:\d{2}\b/.test(text)) return false;
  return (withoutDates(text).match(/\p{L}/gu)?.length ?? 0) < 4;
}

/**
 * A segment's text as part of an address: in a labelled block only the address key's value (without
 * its key) and unlabelled continuation lines are, so null for another key's value ("Telefon: 5578",
 * "Nummer: 998877"). "No: 2, Jalan …" and "Lot No.: 4F-27" keep their address word.
 */
export function addressText(line: DocLine, seg: number): string | null {
  const { key, value } = keyedValue(line, seg);
  if (key === null || ADDRESS_WORD.test(key)) return line.segments[seg].text;
  return ADDRESS_KEY.test(key) ? value : null;
}

export function detectAddress(lines: DocLine[], vendor: VendorPick, receivers: Set<string>): Found | null {
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
    // Other keys' values ("Nummer:", "Handelsregister:") come before the address or end it.
    const part = addressText(l, segIndex);
    if (part === null) {
      if (taken.length === 0) {
        last = l;
        continue;
      }
      break;
    }
    const text = part.trim();
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

export function detectPhone(lines: DocLine[], receivers: Set<string>): Found | null {
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

export function detectEmail(lines: DocLine[], receivers: Set<string>): Found | null {
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
