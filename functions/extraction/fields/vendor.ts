import { findDates } from '../../core/extraction/parse-values';
import {
  COMPANY_SUFFIX,
  GENERIC_DOMAINS,
  HEADER_WORDS,
  NAME_LABEL,
  OWNER_LABEL,
  PROVIDER_LABEL,
  REGISTRATION_LABEL,
  TITLE_WORDS,
} from './labels';
import { type Box, boxOfSpan, type DocLine, segKey, union } from './lines';
import {
  addressAfterName,
  cleanVendorName,
  continuesAbove,
  hasLegalSuffix,
  hasOnlyLegalWords,
  LEGAL_NOTICE_NAME,
  looksLikeValue,
} from './vendor-name';

/**
 * Which line names the issuer: the best-scoring name on the first (or last) page outside the
 * receiver's block, favoured by a legal suffix, a "From"/"Seller" label, a match with the
 * document's e-mail or web domain, a place near the top and a larger font; held back by an "Owned
 * by" label, address words and digits. A name printed over two lines is joined. Scoring rather
 * than a single rule because issuers print their name in so many places.
 */

export interface VendorPick {
  name: string;
  line: DocLine;
  box: Box;
  confidence: number;
  /** The rest of a compact "Name • Street • City" line, which is then the address. */
  inlineAddress: string | null;
}

/** Second-level domain names in e-mail addresses and URLs outside the receiver's block. */
function documentDomains(lines: DocLine[], receivers: Set<string>): string[] {
  const out = new Set<string>();
  for (const line of lines) {
    line.segments.forEach((seg, i) => {
      if (receivers.has(segKey(line, i))) return;
      for (const m of seg.text.matchAll(/(?:@|https?:\/\/|www\.)([a-z0-9.-]+\.[a-z]{2,})/gi)) {
        const parts = m[1].toLowerCase().split('.');
        const name = parts.length >= 2 ? parts[parts.length - 2] : parts[0];
        if (name.length >= 3 && !GENERIC_DOMAINS.test(name)) out.add(name);
      }
    });
  }
  return [...out];
}

export function detectVendor(lines: DocLine[], receivers: Set<string>): VendorPick | null {
  if (lines.length === 0) return null;
  const receiverTexts = new Set<string>();
  for (const line of lines)
    line.segments.forEach((s, i) => {
      if (receivers.has(segKey(line, i))) receiverTexts.add(cleanVendorName(s.text).toLowerCase());
    });
  const providerSegments = new Set<string>();
  for (const line of lines) {
    const m = line.text.match(PROVIDER_LABEL);
    if (!m || m.index === undefined) continue;
    const labelBox = boxOfSpan(line, m.index, m.index + m[0].length);
    // "Payment received by OYO": the name is on the label's own segment, not below it.
    const inline = /^\s*:?\s*\p{L}{2,}/u.test(line.text.slice(m.index + m[0].length).split(/\s{2,}/)[0]);
    for (const l of lines) {
      if (l.page !== line.page || l.index < line.index || l.y0 - line.y1 > line.height * 6) continue;
      if (inline && l !== line) break;
      l.segments.forEach((s, i) => {
        if (s.x1 > labelBox.x0 - line.height && s.x0 < labelBox.x0 + line.pageWidth * 0.25) {
          providerSegments.add(segKey(l, i));
          // "Name:  Lieferant GmbH": the value of a key in the label's column.
          if (/:\s*$/.test(s.text) && i + 1 < l.segments.length) providerSegments.add(segKey(l, i + 1));
        }
      });
    }
  }
  // The owner named under an "Owned by" label (same segment, or the next line in its column).
  const ownerSegments = new Set<string>();
  for (const line of lines) {
    const m = line.text.match(OWNER_LABEL);
    if (!m || m.index === undefined) continue;
    const labelBox = boxOfSpan(line, m.index, m.index + m[0].length);
    line.segments.forEach((s, i) => {
      if (s.x1 > labelBox.x0 && s.x0 < labelBox.x1) ownerSegments.add(segKey(line, i));
    });
    const next = lines.find((l) => l.page === line.page && l.index > line.index);
    if (next && next.y0 - line.y1 < line.height * 1.5) {
      next.segments.forEach((s, i) => {
        if (s.x1 > labelBox.x0 - line.height * 2 && s.x0 < labelBox.x1 + line.pageWidth * 0.25)
          ownerSegments.add(segKey(next, i));
      });
    }
  }
  const domains = documentDomains(lines, receivers);
  const firstPage = lines[0].page;
  const lastPage = lines.at(-1)!.page;
  const heights = lines
    .filter((l) => l.page === firstPage)
    .map((l) => l.height)
    .sort((a, b) => a - b);
  const medianHeight = heights[Math.floor(heights.length / 2)] || 1;
  let best: (VendorPick & { score: number }) | null = null;
  for (const line of lines) {
    if (line.page !== firstPage && line.page !== lastPage) continue;
    const pageRank = lines.filter((l) => l.page === line.page && l.index < line.index).length;
    line.segments.forEach((seg, segIndex) => {
      if (receivers.has(segKey(line, segIndex))) return;
      // A label awaiting its value ("Nummer:", "Globale Nummer:") names no one.
      if (/:\s*$/.test(seg.text) && !PROVIDER_LABEL.test(seg.text)) return;
      // The value of a "Name:" label, on the same segment or the one after it.
      const previous = line.segments[segIndex - 1]?.text;
      const labelledName =
        seg.text.match(NAME_LABEL)?.[0].includes(':') ||
        (previous !== undefined &&
          NAME_LABEL.test(previous) &&
          previous.replace(NAME_LABEL, '').trim() === '');
      // "Payment received by OYO": the name follows the label. A label word followed by nothing
      // but a legal form ("Lieferant GmbH") is a name, not a label.
      const provider = seg.text.match(PROVIDER_LABEL);
      const afterLabel =
        provider?.index !== undefined ? seg.text.slice(provider.index + provider[0].length) : '';
      const labelOnlyBeforeSuffix = provider && hasOnlyLegalWords(afterLabel);
      const raw = (
        labelOnlyBeforeSuffix
          ? seg.text
          : /\p{L}/u.test(afterLabel)
            ? afterLabel
            : seg.text.replace(PROVIDER_LABEL, '')
      )
        .replace(OWNER_LABEL, '')
        .replace(labelledName ? NAME_LABEL : /^$/, '')
        .replace(/^[\s:()]+|\s*\)?\s*:\s*$/g, '')
        .trim();
      let name = cleanVendorName(raw);
      if (name.split(' ').length > 7 || looksLikeValue(name)) {
        // A legal notice in the footer names the firm before its capital, register and seat.
        const legal = raw.match(LEGAL_NOTICE_NAME)?.[1];
        if (legal && /^\p{Lu}/u.test(legal)) name = legal;
      }
      const legalSuffix = hasLegalSuffix(name);
      if (name.length < 2 || looksLikeValue(name) || TITLE_WORDS.test(name) || HEADER_WORDS.test(name))
        return;
      if (/^(\d|\W)/.test(raw) && !legalSuffix) return;
      if (findDates(raw).length > 0 && !legalSuffix) return;
      if (/:\s*\S/.test(raw) && !legalSuffix) return; // a "label: value" pair
      if (REGISTRATION_LABEL.test(raw)) return; // "Company Reg No.: …" names the register, not the firm
      if (receiverTexts.has(name.toLowerCase())) return;
      if (/\b(dear|thank|please|powered|greetings|information|details|summary|notes?)\b/i.test(name)) return;
      if (name.split(' ').length > 7) return;
      const relY = line.y0 / line.pageHeight;
      let score = 0;
      if (legalSuffix) score += 4;
      if (providerSegments.has(segKey(line, segIndex))) score += 3;
      if (labelledName) score += 2;
      if (ownerSegments.has(segKey(line, segIndex))) score -= 5;
      const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
      const firstWord =
        name
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean)[0] ?? '';
      if (
        domains.some(
          (d) =>
            (firstWord.length >= 3 && d.startsWith(firstWord)) ||
            (compact.length >= 4 && compact.startsWith(d)),
        )
      )
        score += 3;
      if (line.page === firstPage) score += 2 * (1 - relY);
      score -= Math.min(1.5, pageRank * 0.1);
      if (line.height > medianHeight * 1.3) score += 1;
      if ((name.match(/\d/g)?.length ?? 0) > 3) score -= 2;
      // Issuers print their name in capitals or title case; an all-lower-case line at the top is a
      // handwritten note or a scanner stamp.
      if (!/\p{Lu}/u.test(name)) score -= 1.5;
      if (
        /\b(street|st\.|road|rd\.|avenue|ave|jalan|jln|lot|suite|floor|level|taman|bandar|seksyen|lorong|persiaran|kampung|strasse|straße|weg|rue)\b/i.test(
          name,
        )
      )
        score -= 2;
      // A line that ends with a comma runs on into the next one: a street or town of the address.
      if (/,\s*$/.test(seg.text) && !legalSuffix) score -= 1;
      if (!best || score > best.score) {
        best = {
          name,
          line,
          box: seg,
          confidence: Math.min(95, line.confidence) * (legalSuffix ? 0.9 : 0.75),
          score,
          inlineAddress: addressAfterName(seg.text),
        };
      }
    });
  }
  const picked = best as (VendorPick & { score: number }) | null;
  if (picked && COMPANY_SUFFIX.test(picked.name) && continuesAbove(picked.name)) {
    // A long name printed over two or three lines ("POPULAR BOOK" / "CO. (M) SDN BHD"): capital
    // lines of the same size right above, with no digits or labels, belong to it.
    let name = picked.name;
    let box: Box = picked.box;
    let top = picked.line;
    for (let k = 0; k < 2; k++) {
      const above = lines.filter((l) => l.page === top.page && l.index < top.index).at(-1);
      if (!above || top.y0 - above.y1 > top.height * 1.2) break;
      const t = above.text.replace(/\s+/g, ' ').trim();
      if (
        !/^[\p{Lu}&'.,()\- ]{3,40}$/u.test(t) ||
        Math.abs(above.height - top.height) > top.height * 0.3 ||
        TITLE_WORDS.test(t) ||
        receiverTexts.has(t.toLowerCase())
      )
        break;
      name = `${t} ${name}`;
      box = union([above, box]);
      top = above;
    }
    if (name !== picked.name) return { ...picked, name: cleanVendorName(name), box };
  }
  if (picked && picked.name.replace(COMPANY_SUFFIX, '').replace(/[^\p{L}]/gu, '').length < 3) {
    // "PASARAYA BORONG PINTAR" / "SDN BHD": the suffix alone continues the line above.
    const above = lines.filter((l) => l.page === picked.line.page && l.index < picked.line.index).at(-1);
    if (above && picked.line.y0 - above.y1 < picked.line.height * 1.5 && /\p{L}{3,}/u.test(above.text)) {
      return {
        ...picked,
        name: cleanVendorName(`${above.text} ${picked.name}`),
        box: union([above, picked.box]),
      };
    }
  }
  return picked;
}
