import { describe, expect, it } from 'vitest';
import type { InsuranceCertificate } from '../../../shared/schemas';
import { approvalRuleFixture as rule } from '../../../shared/schemas/approval-rule.fixture';
import { adapterPorts } from '../../adapters/ports';
import type { InvoiceItem } from '../invoices/invoice';
import { providePorts } from '../ports';
import type { VendorItem } from '../vendors/vendor';
import { assertInsuranceAllowsApproval, vendorInsuranceLapse } from './insurance-hold';
import { assertRuleCanComplete, type InvoiceFacts, stepsFor } from './steps';

const certificates: Record<string, Pick<InsuranceCertificate, 'effectiveOn' | 'expiresOn'>[]> = {
  EXPIRED: [{ effectiveOn: '2025-11-01', expiresOn: '2026-10-31' }],
  CURRENT: [{ effectiveOn: '2026-11-01', expiresOn: '2027-10-31' }],
};
// The vendor store faked: two vendors, one whose insurance expired and one insured now.
providePorts({
  ...adapterPorts,
  findVendor: async (_org, id) =>
    (({ EXPIRED: { id, name: 'Acme Roofing' }, CURRENT: { id, name: 'Bright Electric' } }) as never)[id] as
      | VendorItem
      | undefined,
  listVendorCertificates: async (_org, id) => (certificates[id] ?? []) as InsuranceCertificate[],
});

const now = new Date('2026-12-03T12:00:00Z');
const invoice = (vendorId: string | null, over: Partial<InvoiceItem> = {}) =>
  ({ orgId: 'o1', vendorId, vendorName: 'Roofer Joe', invoiceDate: '2026-11-20', ...over }) as InvoiceItem;

const facts = (insuranceLapse: string | null): InvoiceFacts => ({
  totalAmount: 100,
  currency: 'USD',
  ruleCurrency: 'USD',
  propertyId: null,
  vendorId: 'V1',
  categoryId: null,
  newVendor: false,
  insuranceLapse,
});

describe('the insurance condition of a rule', () => {
  const uninsured = rule({
    id: 'INS',
    name: 'Uninsured vendors',
    insuranceLapsed: true,
    approverRole: 'ADMIN',
  });

  it('is met only by an invoice whose vendor is not insured for it, and says why on its steps', () => {
    const steps = stepsFor([uninsured], facts("Acme Roofing's insurance expired on Oct 31, 2026"));
    expect(steps).toMatchObject({
      ruleId: 'INS',
      approverRole: 'ADMIN',
      insuranceHold: { reason: "Acme Roofing's insurance expired on Oct 31, 2026", blocksApproval: false },
    });
    expect(stepsFor([uninsured], facts(null)).ruleId).toBeNull();
    expect(stepsFor([uninsured], { ...facts(null), insuranceLapse: undefined }).ruleId).toBeNull();
    // A rule without the condition says nothing of insurance.
    expect(stepsFor([rule()], facts('lapsed'))).not.toHaveProperty('insuranceHold');
  });

  it('carries blockApproval onto the steps, and refuses blockApproval on a rule without the condition', () => {
    const blocking = rule({ insuranceLapsed: true, blockApproval: true });
    expect(stepsFor([blocking], facts('lapsed')).insuranceHold).toEqual({
      reason: 'lapsed',
      blocksApproval: true,
    });
    expect(() => assertRuleCanComplete({ approvalsRequired: 1, blockApproval: true }, [])).toThrow(
      'Only a rule on lapsed vendor insurance can block approval',
    );
  });
});

describe('vendorInsuranceLapse', () => {
  it("reads the vendor's certificates: lapsed, covered, or (no vendor linked) held", async () => {
    expect(await vendorInsuranceLapse(invoice('EXPIRED'), now)).toBe(
      "Acme Roofing's insurance expired on Oct 31, 2026",
    );
    expect(await vendorInsuranceLapse(invoice('EXPIRED', { invoiceDate: '2026-10-01' }), now)).toBeNull();
    expect(await vendorInsuranceLapse(invoice('CURRENT'), now)).toBeNull();
    expect(await vendorInsuranceLapse(invoice(null), now)).toBe(
      'Roofer Joe has no current insurance certificate',
    );
  });
});

describe('assertInsuranceAllowsApproval', () => {
  const steps = stepsFor([rule({ insuranceLapsed: true, blockApproval: true })], facts('lapsed'));

  it('refuses (409) while the vendor stays uninsured, and lets it through once covered', async () => {
    await expect(assertInsuranceAllowsApproval(invoice('EXPIRED'), steps, now)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'insurance_lapsed',
      message: "Acme Roofing's insurance expired on Oct 31, 2026: add a current certificate before approving",
    });
    await expect(assertInsuranceAllowsApproval(invoice('CURRENT'), steps, now)).resolves.toBeUndefined();
    // A rule that only routes (no block) never refuses.
    const routed = { ...steps, insuranceHold: { reason: 'lapsed', blocksApproval: false } };
    await expect(assertInsuranceAllowsApproval(invoice('EXPIRED'), routed, now)).resolves.toBeUndefined();
  });
});
