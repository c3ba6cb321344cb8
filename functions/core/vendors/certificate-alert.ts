/**
 * What the insurance expiry alerts (insurance-alerts.ts) read and mark, in core's terms: its own module so
 * the ports can name them without importing the use-case that calls the ports.
 */

/** One certificate in the expiry index (adapters/dynamodb/vendor-certificates.ts). */
export interface CertificateExpiryEntry {
  orgId: string;
  vendorId: string;
  certificateId: string;
  expiresOn: string;
}

export type ExpiryThreshold = 'expiring' | 'expired';

/** One alert: a certificate, the threshold it crossed, and the expiry date it was about (a renewal moves it). */
export interface CertificateAlert {
  certificateId: string;
  threshold: ExpiryThreshold;
  expiresOn: string;
}
