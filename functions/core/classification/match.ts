import { addressKey, addressTokens, sameStreet } from './address-key';
import { foldText, normalizeVendorKey, similarity, wordOverlap } from './text-keys';

/** How sure a match must be before it is proposed. */
const VENDOR_THRESHOLD = 0.8;
const PROPERTY_THRESHOLD = 0.6;

/**
 * Finds the known vendor an extracted name refers to, tolerating case, punctuation, legal suffixes
 * and small OCR slips. Returns the best match with a 0..1 score, or null below 0.8.
 */
export function matchVendor(
  name: string | null | undefined,
  vendors: Array<{ id: string; name: string; aliases?: string[] }>,
): { vendorId: string; score: number } | null {
  if (!name) return null;
  const key = normalizeVendorKey(name);
  if (!key) return null;
  let best: { vendorId: string; score: number } | null = null;
  for (const v of vendors) {
    for (const candidate of [v.name, ...(v.aliases ?? [])]) {
      const other = normalizeVendorKey(candidate);
      if (!other) continue;
      const score = Math.max(similarity(key, other), wordOverlap(key.split(' '), other.split(' ')) * 0.95);
      if (!best || score > best.score) best = { vendorId: v.id, score: Math.round(score * 100) / 100 };
    }
  }
  return best && best.score >= VENDOR_THRESHOLD ? best : null;
}

/**
 * Finds the property an invoice is for from its service address (or any address text on it):
 * the same street address (number and street name, see address-key.ts) scores 0.95 with the zip
 * agreeing, 0.9 without one to compare; else
 * street words compared after abbreviating (Street → St), with the house number required to agree
 * when both have one; the property's name printed whole scores 0.9. Returns the best match with a
 * 0..1 score and what matched, or null below 0.6.
 */
export function matchProperty(
  addressText: string | null | undefined,
  properties: Array<{ id: string; name: string; address: string }>,
): { propertyId: string; score: number; by: 'address' | 'name' } | null {
  if (!addressText) return null;
  const text = addressTokens(addressText);
  const numbers = new Set(text.filter((w) => /^\d+[a-z]?$/.test(w)));
  // Each line with the two after it (a street line and its city line) as one address.
  const lines = addressText.split('\n');
  const printed = lines.map((_, i) => addressKey(lines.slice(i, i + 3).join(' '))).filter((k) => k.number);
  let best: { propertyId: string; score: number; by: 'address' | 'name' } | null = null;
  for (const p of properties) {
    const key = addressKey(p.address);
    let score = 0;
    let by: 'address' | 'name' = 'address';
    // The same street, surer where the zip agrees too.
    const same = key.number ? printed.filter((k) => sameStreet(k, key)) : [];
    if (same.length) score = same.some((k) => k.zip && k.zip === key.zip) ? 0.95 : 0.9;
    const addr = addressTokens(p.address);
    const houseNumber = addr.find((w) => /^\d+[a-z]?$/.test(w));
    if (!(houseNumber && numbers.size > 0 && !numbers.has(houseNumber))) {
      const inText = new Set(text);
      const covered = addr.filter((w) => inText.has(w)).length / Math.max(1, addr.length);
      score = Math.max(score, covered, wordOverlap(addr, text));
    }
    const name = foldText(p.name);
    if (name.length > 3 && score < 0.9 && ` ${foldText(addressText)} `.includes(` ${name} `)) {
      score = 0.9;
      by = 'name';
    }
    if (!best || score > best.score) best = { propertyId: p.id, score: Math.round(score * 100) / 100, by };
  }
  return best && best.score >= PROPERTY_THRESHOLD ? best : null;
}

/** What an invoice says about its vendor, and what a known vendor record holds. */
export interface VendorDetails {
  name?: string | null;
  taxId?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
}

export type VendorLink = {
  vendorId: string;
  score: number;
  by: 'name' | 'taxId' | 'email' | 'phone' | 'address' | 'website' | 'sender';
};

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');
const taxKey = (s: string | null | undefined) => (s ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Two phone numbers agree on their last 10 digits (country codes and formatting vary); 7 at least. */
function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const [x, y] = [digits(a).slice(-10), digits(b).slice(-10)];
  return x.length >= 7 && x === y;
}

/** Share of one address's street words found in the other (abbreviations folded), 0..1. */
function addressScore(a: string, b: string): number {
  const [x, y] = [addressTokens(a), addressTokens(b)];
  if (x.length < 3 || y.length < 3) return 0;
  const houseX = x.find((w) => /^\d+[a-z]?$/.test(w));
  const houseY = y.find((w) => /^\d+[a-z]?$/.test(w));
  if (!houseX || houseX !== houseY) return 0;
  return wordOverlap(x, y);
}

/**
 * Links an invoice to the known vendor it comes from: the same tax id or e-mail (score 1), phone
 * (0.95), a close name (as `matchVendor`), or the same street address (≥ 0.8 word overlap, same
 * house number; scored a little lower, as two businesses can share a building). The best match at
 * 0.8 or more wins; null when none reaches it.
 */
export function linkVendor(
  invoice: VendorDetails,
  vendors: Array<VendorDetails & { id: string; name: string; aliases?: string[] }>,
): VendorLink | null {
  let best: VendorLink | null = null;
  const consider = (link: VendorLink) => {
    if (link.score >= VENDOR_THRESHOLD && (!best || link.score > best.score)) best = link;
  };
  const email = invoice.email?.trim().toLowerCase();
  for (const v of vendors) {
    if (taxKey(invoice.taxId).length >= 5 && taxKey(invoice.taxId) === taxKey(v.taxId))
      consider({ vendorId: v.id, score: 1, by: 'taxId' });
    if (email && email === v.email?.trim().toLowerCase()) consider({ vendorId: v.id, score: 1, by: 'email' });
    if (samePhone(invoice.phone, v.phone)) consider({ vendorId: v.id, score: 0.95, by: 'phone' });
    if (invoice.address && v.address) {
      const score = Math.round(addressScore(invoice.address, v.address) * 0.9 * 100) / 100;
      consider({ vendorId: v.id, score, by: 'address' });
    }
  }
  const byName = matchVendor(invoice.name, vendors);
  if (byName) consider({ ...byName, by: 'name' });
  return best;
}
