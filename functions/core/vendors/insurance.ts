import { formatDate } from '../../../shared/format';
import type { InsuranceCertificate, VendorInsurance } from '../../../shared/schemas';

/**
 * A vendor's insurance from its certificates: whether it is covered on a day, and its status as the
 * vendor list shows it. Dates are ISO calendar dates (YYYY-MM-DD), compared as text.
 */

/** Coverage that ends within this many days is shown as expiring, so it can be renewed in time. */
export const EXPIRING_WITHIN_DAYS = 30;

type CertificateDates = Pick<InsuranceCertificate, 'effectiveOn' | 'expiresOn'>;

/** Today's calendar date (UTC), as the certificates' dates are written. */
export const isoToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** The calendar date `days` after `date` (before it when negative). */
export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether a certificate is in force on `date` (both its effective and its expiry date included). */
export const covers = (certificate: CertificateDates, date: string) =>
  certificate.effectiveOn <= date && date <= certificate.expiresOn;

/** The last expiry date (ISO dates sort as text), of certificates there is at least one of. */
const latestExpiry = (certificates: readonly CertificateDates[]) =>
  certificates.map((c) => c.expiresOn).sort()[certificates.length - 1];

/**
 * The vendor's insurance today: valid (or expiring, when the coverage in force ends within 30 days) with
 * the day it ends, expired with the day the last one ended, or missing (no certificate in force yet).
 */
export function insuranceStatus(certificates: readonly CertificateDates[], today: string): VendorInsurance {
  const current = certificates.filter((c) => covers(c, today));
  if (current.length) {
    const expiresOn = latestExpiry(current);
    const ending = expiresOn <= plusDays(today, EXPIRING_WITHIN_DAYS);
    return { status: ending ? 'expiring' : 'valid', expiresOn };
  }
  const ended = certificates.filter((c) => c.expiresOn < today);
  if (ended.length) return { status: 'expired', expiresOn: latestExpiry(ended) };
  return { status: 'missing', expiresOn: null };
}

/**
 * Why a vendor's insurance does not cover an invoice, or null when it does: covered means a certificate
 * in force on the invoice's date (the work was insured) or today (a current certificate was added since).
 * Without an invoice date, today alone decides.
 */
export function insuranceLapse(
  vendorName: string,
  certificates: readonly CertificateDates[],
  dates: { invoiceDate: string | null; today: string },
): string | null {
  const days = [dates.invoiceDate, dates.today].filter((d): d is string => Boolean(d));
  if (certificates.some((c) => days.some((day) => covers(c, day)))) return null;
  const { status, expiresOn } = insuranceStatus(certificates, dates.today);
  if (status === 'expired' && expiresOn)
    return `${vendorName}'s insurance expired on ${formatDate(expiresOn)}`;
  return `${vendorName} has no current insurance certificate`;
}
