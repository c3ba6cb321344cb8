import { formatDate } from '../../../shared/format';
import { COVERAGE_TYPE_LABELS, type InsuranceCertificate } from '../../../shared/schemas';
import { notificationEffect } from '../outbox/effects';
import { ports } from '../ports';
import type { CertificateAlert, ExpiryThreshold } from './certificate-alert';
import { EXPIRING_WITHIN_DAYS, isoToday, plusDays } from './insurance';

export type { CertificateAlert, CertificateExpiryEntry, ExpiryThreshold } from './certificate-alert';

/**
 * The daily insurance expiry alert: each administrator of the organization gets one in-app notification and
 * one e-mail when a vendor's certificate comes within 30 days of its expiry, and again when it has expired,
 * once per certificate and threshold however often the job runs. It reads the expiry index (one range of
 * dates across organizations), never an organization's certificates it has no reason to look at.
 */

/**
 * Certificates that expired up to this many days ago still get their "expired" alert: a job that did not
 * run for a few days (an outage) catches up; one that expired longer ago was alerted then.
 */
export const EXPIRED_LOOKBACK_DAYS = 7;

/** Which alert a certificate expiring on `expiresOn` is due today: expired once the day has passed. */
export const thresholdOf = (expiresOn: string, today: string): ExpiryThreshold =>
  expiresOn < today ? 'expired' : 'expiring';

/** Whether another certificate of the same coverage runs past this one (it was renewed): no alert then. */
const renewed = (certificate: InsuranceCertificate, all: readonly InsuranceCertificate[]) =>
  all.some(
    (other) =>
      other.id !== certificate.id &&
      other.coverageType === certificate.coverageType &&
      other.expiresOn > certificate.expiresOn,
  );

/** The alert's sentence: the bell shows it, and the e-mail's subject is made of it. */
export function alertMessage(
  vendorName: string,
  certificate: InsuranceCertificate,
  threshold: ExpiryThreshold,
) {
  const coverage = COVERAGE_TYPE_LABELS[certificate.coverageType].toLowerCase();
  const on = formatDate(certificate.expiresOn);
  return threshold === 'expired'
    ? `${vendorName}'s ${coverage} insurance expired on ${on}`
    : `${vendorName}'s ${coverage} insurance expires on ${on}`;
}

function alertEmail(
  message: string,
  certificate: InsuranceCertificate,
  threshold: ExpiryThreshold,
  origin: string | undefined,
) {
  const link = origin ? `${origin.replace(/\/+$/, '')}/vendors` : undefined;
  const consequence =
    threshold === 'expired'
      ? 'Its invoices are held by the approval rules that check insurance until a current certificate is added.'
      : 'Ask the vendor for a renewed certificate and add it before then, so its invoices are not held.';
  const text = [
    `${message} (policy ${certificate.policyNumber}, ${certificate.carrier}).`,
    '',
    consequence,
    ...(link ? ['', `Open the vendor's insurance certificates: ${link}`] : []),
  ].join('\n');
  return { subject: message, text };
}

/** A Message-ID fixed by the alert and the person: a resent alert is dropped as a duplicate by receivers. */
function messageIdOf(alert: CertificateAlert, userId: string, origin: string | undefined) {
  const host = origin ? new URL(origin).hostname : 'invoice-pilot.local';
  return `<insurance-${alert.certificateId}-${alert.threshold}-${alert.expiresOn}-${userId}@${host}>`;
}

/**
 * Sends the alerts due on `now`'s day. Each alert's mark is written with its notification (the outbox) in one
 * transaction; its e-mails go out after, and the mark records it: a run that died before the e-mails sends
 * them on the next one, and an alert whose mark says sent is never sent again.
 */
export async function sendInsuranceExpiryAlerts(now = new Date()) {
  const today = isoToday(now);
  const entries = await ports().certificatesExpiringBetween(
    plusDays(today, -EXPIRED_LOOKBACK_DAYS),
    plusDays(today, EXPIRING_WITHIN_DAYS),
  );
  const result = { checked: entries.length, notified: 0, emailed: 0 };
  const origin = ports().publicUrl();
  for (const entry of entries) {
    try {
      const vendor = await ports().findVendor(entry.orgId, entry.vendorId);
      const all = vendor ? await ports().listVendorCertificates(entry.orgId, entry.vendorId) : [];
      const certificate = all.find((c) => c.id === entry.certificateId);
      if (!vendor || !certificate || renewed(certificate, all)) continue;
      const threshold = thresholdOf(certificate.expiresOn, today);
      const alert: CertificateAlert = {
        certificateId: certificate.id,
        threshold,
        expiresOn: certificate.expiresOn,
      };
      const admins = (await ports().listMembers(entry.orgId)).filter((m) => m.role === 'ADMIN');
      if (admins.length === 0) continue;
      const message = alertMessage(vendor.name, certificate, threshold);
      const state = await ports().claimCertificateAlert(entry.orgId, alert, [
        notificationEffect({
          kind: 'insurance_expiring',
          invoiceId: null,
          message,
          recipients: admins.map((a) => a.id),
        }),
      ]);
      if (state === 'sent') continue;
      if (state === 'claimed') result.notified++;
      const email = alertEmail(message, certificate, threshold, origin);
      for (const admin of admins) {
        await ports().sendEmail({
          to: admin.email,
          ...email,
          messageId: messageIdOf(alert, admin.id, origin),
        });
        result.emailed++;
      }
      await ports().markCertificateAlertSent(entry.orgId, alert);
    } catch (error) {
      // One organization's failure (its mail refused) leaves its alert unsent for tomorrow, not the others'.
      ports().logError('An insurance expiry alert failed', error, {
        orgId: entry.orgId,
        certificateId: entry.certificateId,
      });
    }
  }
  return result;
}
