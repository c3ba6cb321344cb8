import { addressKey, sameStreet } from './address-key';
import { linkVendor, matchVendor, type VendorDetails, type VendorLink } from './match';
import { foldText, normalizeVendorKey } from './text-keys';

/**
 * Who sold: the organization's own world as evidence for the seller. The organization (its name, the
 * legal names it sets, its properties' names and addresses) is the buyer, never the seller: a name
 * of it the reading picked gives way to the reading's next candidate. A known vendor whose tax ID,
 * e-mail, phone, web domain, remit-to address or name is printed on the document (or whose address
 * or domain sent the e-mail) is a seller candidate; when the layout's own candidate is no known
 * vendor, such a vendor wins and the invoice takes its master name, with the link said in words.
 */

/** What the reading offers beyond the invoice fields. */
export interface DocumentEvidence {
  /** The seller names the reading found, best first (its pick first). */
  sellerNames: string[];
  /** The document's text (its lines), where known vendors' details are looked for. */
  text: string;
}

/** The organization as the buyer. */
export interface Buyer {
  names: string[];
  addresses: string[];
}

export type KnownSeller = VendorDetails & {
  id: string;
  name: string;
  aliases?: string[];
  website?: string | null;
};

export interface SellerChoice {
  vendorName: string | null;
  /** 0..1: the reading's own for its pick, lowered for a next candidate; the link's for a vendor found. */
  confidence: number;
  link: VendorLink | null;
  /** How the vendor was linked, for the reviewer ("Linked to Acme Plumbing by its phone number."). */
  note: string | null;
}

const BY_WORDS: Record<VendorLink['by'], string> = {
  name: 'its name',
  taxId: 'its tax ID',
  email: 'its e-mail address',
  phone: 'its phone number',
  address: 'its address',
  website: 'its web domain',
  sender: 'the e-mail it was sent from',
};

export const linkNote = (vendorName: string, by: VendorLink['by']) =>
  `Linked to ${vendorName} by ${BY_WORDS[by]}.`;

/** Free mail and hosting domains say nothing about who sent an invoice. */
const GENERIC_DOMAIN =
  /^(gmail|googlemail|yahoo|ymail|hotmail|outlook|live|msn|icloud|me|mac|aol|gmx|web|t-online|mail|protonmail|proton|zoho|yandex|qq|163|126|comcast|verizon|att|sbcglobal|bellsouth|cox|charter|earthlink|example)\./;

/** The registrable part of a host ("billing.acme-plumbing.com" → "acme-plumbing.com"). */
function domainOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const host = text
    .toLowerCase()
    .replace(/^.*@/, '')
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .split(/[/\s:?#]/)[0];
  const parts = host.split('.').filter(Boolean);
  if (parts.length < 2) return null;
  const domain = parts.slice(-2).join('.');
  return GENERIC_DOMAIN.test(`${domain}`) || domain.length < 5 ? null : domain;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');
const compact = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** What of the document's text the vendor master is compared with, read once. */
interface DocumentFacts {
  folded: string;
  emails: Set<string>;
  domains: Set<string>;
  phones: string[];
  tokens: Set<string>;
  addresses: ReturnType<typeof addressKey>[];
}

function factsOf(text: string): DocumentFacts {
  const emails = new Set([...text.matchAll(/[\w.%+-]+@[\w.-]+\.[a-z]{2,}/gi)].map((m) => m[0].toLowerCase()));
  const domains = new Set<string>();
  for (const m of text.matchAll(
    /(?:@|https?:\/\/|www\.|\b)([a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|biz|info|co|us|io|coop|energy|[a-z]{2}))\b/gi,
  )) {
    const d = domainOf(m[1]);
    if (d) domains.add(d);
  }
  const phones = [...text.matchAll(/\+?\d[\d\s().-]{6,18}\d/g)]
    .map((m) => digitsOf(m[0]).slice(-10))
    .filter((d) => d.length >= 7);
  const words = text.split(/\s+/);
  const tokens = new Set<string>();
  words.forEach((w, i) => {
    tokens.add(compact(w));
    if (i + 1 < words.length) tokens.add(compact(`${w}${words[i + 1]}`));
  });
  const lines = text.split('\n');
  const addresses = lines.map((l, i) => addressKey(`${l} ${lines[i + 1] ?? ''}`)).filter((a) => a.number);
  return { folded: ` ${foldText(text)} `, emails, domains, phones, tokens, addresses };
}

/** The known vendor's details printed on the document, strongest first, with the link's score. */
function evidenceOf(v: KnownSeller, doc: DocumentFacts): VendorLink | null {
  const found: VendorLink[] = [];
  const add = (by: VendorLink['by'], score: number) => found.push({ vendorId: v.id, score, by });
  const tax = compact(v.taxId ?? '');
  if (tax.length >= 6 && doc.tokens.has(tax)) add('taxId', 1);
  const email = v.email?.trim().toLowerCase();
  if (email && doc.emails.has(email)) add('email', 1);
  const phone = digitsOf(v.phone ?? '').slice(-10);
  if (phone.length >= 7 && doc.phones.includes(phone)) add('phone', 0.95);
  for (const d of [domainOf(v.website), domainOf(v.email)])
    if (d && doc.domains.has(d)) {
      add('website', 0.9);
      break;
    }
  const address = v.address ? addressKey(v.address) : null;
  if (address?.number && doc.addresses.some((a) => sameStreet(a, address))) add('address', 0.85);
  for (const name of [v.name, ...(v.aliases ?? [])]) {
    const key = foldText(name);
    // A name of two words or six letters, printed whole: short ones occur by chance.
    if ((key.includes(' ') || key.length >= 6) && doc.folded.includes(` ${key} `)) {
      add('name', 0.85);
      break;
    }
  }
  if (found.length === 0) return null;
  found.sort((a, b) => b.score - a.score);
  // Two details agreeing make the link surer than either.
  return { ...found[0], score: Math.min(1, found[0].score + 0.05 * (found.length - 1)) };
}

/** The vendor whose address or domain the invoice was e-mailed from. */
function senderLink(sender: string | null | undefined, vendors: KnownSeller[]): VendorLink | null {
  const from = sender
    ?.trim()
    .toLowerCase()
    .match(/[\w.%+-]+@[\w.-]+/)?.[0];
  if (!from) return null;
  const exact = vendors.find((v) => v.email?.trim().toLowerCase() === from);
  if (exact) return { vendorId: exact.id, score: 0.95, by: 'sender' };
  const domain = domainOf(from);
  const byDomain = domain
    ? vendors.filter((v) => domainOf(v.email) === domain || domainOf(v.website) === domain)
    : [];
  return byDomain.length === 1 ? { vendorId: byDomain[0].id, score: 0.85, by: 'sender' } : null;
}

/** Whether a name is the buyer's: one of its names (as closely as a vendor name matches), or a property's street. */
export function isBuyerName(name: string, buyer: Buyer): boolean {
  const key = normalizeVendorKey(name);
  if (!key) return false;
  const named = buyer.names.map((n, i) => ({ id: String(i), name: n }));
  if (matchVendor(name, named)) return true;
  if (buyer.names.some((n) => normalizeVendorKey(n) === key)) return true;
  const street = addressKey(name);
  return Boolean(street.number) && buyer.addresses.some((a) => sameStreet(street, addressKey(a)));
}

/** Below this, a known vendor's details on the page do not make it the seller. */
const EVIDENCE_MIN = 0.85;
/** A next candidate is less sure than the reading's pick. */
const NEXT_CANDIDATE = 0.7;

export function chooseSeller(
  invoice: VendorDetails & { confidence: number },
  evidence: DocumentEvidence | null,
  buyer: Buyer,
  vendors: KnownSeller[],
  sender: string | null = null,
): SellerChoice {
  const names = [
    ...new Set([invoice.name, ...(evidence?.sellerNames ?? [])].filter((n): n is string => !!n)),
  ];
  const sellers = names.filter((n) => !isBuyerName(n, buyer));
  const first = sellers[0] ?? null;
  const layout =
    first === null ? null : first === invoice.name ? invoice.confidence : invoice.confidence * NEXT_CANDIDATE;
  const details = { ...invoice, name: first };
  const linked = linkVendor(details, vendors);
  const name = (id: string) => vendors.find((v) => v.id === id)?.name ?? null;
  if (linked) {
    const master = name(linked.vendorId)!;
    // The reading's own pick keeps its text; a next candidate linked by a detail, not its name, is
    // only a stand-in for the vendor: the master name is shown.
    const keep = first === invoice.name || linked.by === 'name';
    // A name printed as one of the organization's vendors is called is as sure as that match: the
    // bill goes to that vendor of record, whatever the layout's doubt about where the name is printed.
    const named = keep && linked.by === 'name' ? Math.max(layout ?? 0, linked.score) : layout;
    return {
      vendorName: keep ? first : master,
      confidence: keep ? (named ?? linked.score) : linked.score,
      link: linked,
      note: linkNote(master, linked.by),
    };
  }
  const doc = evidence ? factsOf(evidence.text) : null;
  const found = [senderLink(sender, vendors), ...(doc ? vendors.map((v) => evidenceOf(v, doc)) : [])].filter(
    (l): l is VendorLink => l !== null && l.score >= EVIDENCE_MIN && !isBuyerName(name(l.vendorId)!, buyer),
  );
  found.sort((a, b) => b.score - a.score);
  const best = found[0];
  // Two vendors found as surely: the page does not say which; the layout's candidate stands.
  const tie = found.some((l) => l !== best && l.vendorId !== best?.vendorId && l.score === best?.score);
  if (best && !tie) {
    const master = name(best.vendorId)!;
    return { vendorName: master, confidence: best.score, link: best, note: linkNote(master, best.by) };
  }
  return { vendorName: first, confidence: layout ?? 0, link: null, note: null };
}
