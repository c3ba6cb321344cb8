import { createHash } from 'node:crypto';

/**
 * The bank accounts an invoice asks to be paid to, as printed on it: IBANs (checked by their ISO 13616
 * mod-97 digits) and US bank details (an ABA routing number, checked by its checksum, with the account
 * number printed beside it). A vendor's approved invoices remember theirs (core/vendors/history.ts), so a
 * later invoice that asks for payment to an account none of them used is sent to a person: a changed
 * bank account is how vendor-impersonation fraud takes a payment.
 *
 * Only fingerprints and the last four characters are kept: an account number is not needed to tell two
 * apart, and the table should not hold a second copy of it in clear. The fingerprint is salted with the
 * organization so that the same account has unrelated fingerprints in two tenants.
 */
export interface PaymentAccount {
  kind: 'iban' | 'us-bank';
  /** IBAN: the whole IBAN's; US: the routing number's (the bank). */
  fingerprint: string;
  /** US: the account number's, when one is printed beside the routing number. */
  accountFingerprint?: string | null;
  /** What the reviewer is shown: the account's last four characters. */
  last4: string;
}

/** Accounts kept per document; a remittance slip rarely prints more than a couple. */
const MAX_ACCOUNTS = 3;

const IBAN = /(?<![A-Z0-9])([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)(?![A-Z0-9])/g;

/** ISO 7064 MOD 97-10 over the IBAN moved: country and check digits to the end, letters as 10..35. */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/ /g, '');
  if (compact.length < 15 || compact.length > 34) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of moved) {
    const value = ch >= 'A' && ch <= 'Z' ? ch.charCodeAt(0) - 55 : Number(ch);
    if (Number.isNaN(value)) return false;
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder === 1;
}

/** The ABA routing number's check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || digits === '000000000') return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

const ROUTING_LABEL = /\b(?:routing|aba|rtn|transit)\b/i;
const ROUTING_NUMBER = /(?<!\d)(\d{9})(?!\d)/g;
const ACCOUNT_NUMBER = /\b(?:account|acct|a\/c)\b[^\d\n]{0,20}(\d[\d -]{2,20}\d)/i;

const fingerprintOf = (orgId: string, value: string) =>
  createHash('sha256').update(`${orgId}\u0000${value}`).digest('base64url').slice(0, 22);

/** A US account printed beside a labelled routing number: on its line, or the line before or after. */
function usBankAccounts(orgId: string, lines: readonly string[]): PaymentAccount[] {
  const found: PaymentAccount[] = [];
  lines.forEach((line, i) => {
    const near = [lines[i - 1] ?? '', line, lines[i + 1] ?? ''];
    if (!ROUTING_LABEL.test(line) && !ROUTING_LABEL.test(near[0])) return;
    for (const [, routing] of line.matchAll(ROUTING_NUMBER)) {
      if (!isValidRoutingNumber(routing)) continue;
      const account = near
        .map((l) => l.replace(routing, ' ').match(ACCOUNT_NUMBER)?.[1]?.replace(/[ -]/g, ''))
        .find((a) => a && a.length >= 4 && a.length <= 17);
      found.push({
        kind: 'us-bank',
        fingerprint: fingerprintOf(orgId, routing),
        accountFingerprint: account ? fingerprintOf(orgId, `${routing}:${account}`) : null,
        last4: (account ?? routing).slice(-4),
      });
    }
  });
  return found;
}

/** The payment accounts printed on a document (its lines, in reading order), at most MAX_ACCOUNTS. */
export function paymentAccountsIn(orgId: string, lines: readonly string[]): PaymentAccount[] {
  const accounts: PaymentAccount[] = [];
  for (const line of lines)
    for (const [, printed] of line.toUpperCase().matchAll(IBAN)) {
      const iban = printed.replace(/ /g, '');
      if (isValidIban(iban))
        accounts.push({ kind: 'iban', fingerprint: fingerprintOf(orgId, iban), last4: iban.slice(-4) });
    }
  accounts.push(...usBankAccounts(orgId, lines));
  const unique = new Map(accounts.map((a) => [`${a.fingerprint}|${a.accountFingerprint ?? ''}`, a]));
  return [...unique.values()].slice(0, MAX_ACCOUNTS);
}

/**
 * The same account: the same IBAN, or the same bank and (when both print one) the same account
 * number. A routing number printed without its account is not a change of account.
 */
export function sameAccount(a: PaymentAccount, b: PaymentAccount): boolean {
  if (a.kind !== b.kind || a.fingerprint !== b.fingerprint) return false;
  if (a.kind === 'iban') return true;
  return !a.accountFingerprint || !b.accountFingerprint || a.accountFingerprint === b.accountFingerprint;
}
