import { describe, expect, it } from 'vitest';
import { insuranceLapse, insuranceStatus, isoToday } from './insurance';

const today = '2026-12-03';
const cert = (effectiveOn: string, expiresOn: string) => ({ effectiveOn, expiresOn });

describe('insuranceStatus', () => {
  it('is missing without certificates, or with only one not yet in force', () => {
    expect(insuranceStatus([], today)).toEqual({ status: 'missing', expiresOn: null });
    expect(insuranceStatus([cert('2027-01-01', '2027-12-31')], today)).toEqual({
      status: 'missing',
      expiresOn: null,
    });
  });

  it('is valid while a certificate is in force beyond 30 days, expiring within them (both ends included)', () => {
    expect(insuranceStatus([cert('2026-01-01', '2027-01-03')], today)).toEqual({
      status: 'valid',
      expiresOn: '2027-01-03',
    });
    expect(insuranceStatus([cert('2026-01-01', '2027-01-02')], today)).toEqual({
      status: 'expiring',
      expiresOn: '2027-01-02',
    });
    expect(insuranceStatus([cert('2026-01-01', today)], today)).toEqual({
      status: 'expiring',
      expiresOn: today,
    });
    expect(insuranceStatus([cert(today, '2027-06-30')], today).status).toBe('valid');
  });

  it('takes the latest coverage in force, and after the last one ended, says when', () => {
    const renewed = [cert('2025-12-01', '2026-12-10'), cert('2026-12-01', '2027-11-30')];
    expect(insuranceStatus(renewed, today)).toEqual({ status: 'valid', expiresOn: '2027-11-30' });
    const lapsed = [cert('2024-11-01', '2025-10-31'), cert('2025-11-01', '2026-10-31')];
    expect(insuranceStatus(lapsed, today)).toEqual({ status: 'expired', expiresOn: '2026-10-31' });
  });

  it("writes today as the certificates' dates are written", () => {
    expect(isoToday(new Date('2026-12-03T23:59:59Z'))).toBe('2026-12-03');
  });
});

describe('insuranceLapse', () => {
  const expired = [cert('2025-11-01', '2026-10-31')];

  it('is none when a certificate was in force on the invoice date, or is today', () => {
    expect(insuranceLapse('Acme Roofing', expired, { invoiceDate: '2026-10-15', today })).toBeNull();
    const current = [...expired, cert(today, '2027-12-02')];
    expect(insuranceLapse('Acme Roofing', current, { invoiceDate: '2026-11-20', today })).toBeNull();
    expect(insuranceLapse('Acme Roofing', current, { invoiceDate: null, today })).toBeNull();
  });

  it('says when the insurance expired, or that there is none', () => {
    expect(insuranceLapse('Acme Roofing', expired, { invoiceDate: '2026-11-20', today })).toBe(
      "Acme Roofing's insurance expired on Oct 31, 2026",
    );
    expect(insuranceLapse('Acme Roofing', expired, { invoiceDate: null, today })).toBe(
      "Acme Roofing's insurance expired on Oct 31, 2026",
    );
    expect(insuranceLapse('Acme Roofing', [], { invoiceDate: '2026-11-20', today })).toBe(
      'Acme Roofing has no current insurance certificate',
    );
  });
});
