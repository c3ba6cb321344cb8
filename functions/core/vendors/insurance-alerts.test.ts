import { describe, expect, it } from 'vitest';
import type { InsuranceCertificate } from '../../../shared/schemas';
import { alertMessage, thresholdOf } from './insurance-alerts';

const certificate = (expiresOn: string): InsuranceCertificate => ({
  id: '01HZY3K8M2Q4R5S6T7V8W9XC01',
  vendorId: '01HZY3K8M2Q4R5S6T7V8W9XV01',
  carrier: 'Hartford',
  policyNumber: 'GL-1',
  coverageType: 'WORKERS_COMPENSATION',
  perOccurrenceLimit: null,
  effectiveOn: '2025-11-01',
  expiresOn,
  file: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

describe('the insurance expiry alert', () => {
  it('is "expiring" up to and on the expiry day, "expired" from the day after', () => {
    expect(thresholdOf('2026-10-31', '2026-10-01')).toBe('expiring');
    expect(thresholdOf('2026-10-31', '2026-10-31')).toBe('expiring');
    expect(thresholdOf('2026-10-31', '2026-11-01')).toBe('expired');
  });

  it('names the vendor, the coverage and the day', () => {
    expect(alertMessage('Acme Roofing', certificate('2026-10-31'), 'expiring')).toBe(
      "Acme Roofing's workers' compensation insurance expires on Oct 31, 2026",
    );
    expect(alertMessage('Acme Roofing', certificate('2026-10-31'), 'expired')).toBe(
      "Acme Roofing's workers' compensation insurance expired on Oct 31, 2026",
    );
  });
});
