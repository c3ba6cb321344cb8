import { describe, expect, it } from 'vitest';
import { normalizedTin, vendorTaxIdentityInputSchema } from '../../../shared/schemas';
import { adapterPorts } from '../../adapters/ports';
import { providePorts } from '../ports';
import { clearTin, formattedTin, maskedTin, storedTaxIdentity, taxIdentityView } from './tax-identity';

// Sealing faked as a reversible wrapper, so the test sees what would be stored and what opens again.
providePorts({
  ...adapterPorts,
  sealSecret: async (orgId, value) => `sealed(${orgId}:${[...value].reverse().join('')})`,
  openFields: async (orgId, record, fields) =>
    Object.fromEntries(
      Object.entries(record).map(([k, v]) => [
        k,
        fields.includes(k) ? [...v.replace(`sealed(${orgId}:`, '').slice(0, -1)].reverse().join('') : v,
      ]),
    ),
});

const parse = (input: object) => vendorTaxIdentityInputSchema.safeParse(input);

describe('the TIN as sent', () => {
  it('accepts an EIN as 12-3456789 or 9 digits, an SSN as 123-45-6789 or 9 digits, and keeps the 9 digits', () => {
    expect(parse({ tinType: 'EIN', tin: '12-3456789' }).data?.tin).toBe('123456789');
    expect(parse({ tinType: 'EIN', tin: ' 123456789 ' }).data?.tin).toBe('123456789');
    expect(parse({ tinType: 'SSN', tin: '123-45-6789' }).data?.tin).toBe('123456789');
    expect(parse({ tinType: 'SSN', tin: '123456789' }).data?.tin).toBe('123456789');
  });

  it("refuses another type's layout, wrong lengths and letters, naming the field and the format", () => {
    for (const [tinType, tin] of [
      ['EIN', '123-45-6789'],
      ['SSN', '12-3456789'],
      ['EIN', '12345678'],
      ['SSN', '1234567890'],
      ['EIN', '12-345678X'],
    ]) {
      const result = parse({ tinType, tin });
      expect(result.success, `${tinType} ${tin}`).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['tin'],
        message:
          tinType === 'EIN'
            ? 'Enter the EIN as 12-3456789 or 9 digits'
            : 'Enter the SSN as 123-45-6789 or 9 digits',
      });
    }
    expect(normalizedTin('12-3456789', 'SSN')).toBeNull();
  });

  it('reads an empty TIN as none (a PUT without one keeps the stored TIN) and defaults the 1099 to NEC', () => {
    expect(parse({ tin: '' }).data).toEqual({
      legalName: null,
      tinType: 'EIN',
      tin: undefined,
      entityType: null,
      reports1099: false,
      form1099Box: 'NEC',
    });
    expect(parse({ form1099Box: 'MISC_RENTS', reports1099: true }).data).toMatchObject({
      form1099Box: 'MISC_RENTS',
      reports1099: true,
    });
    expect(parse({ form1099Box: 'MISC_OTHER' }).success).toBe(false);
    expect(parse({ entityType: 'TRUST' }).success).toBe(false);
  });
});

describe('masking', () => {
  it('shows the last 4 digits only, in the layout of the type', () => {
    expect(maskedTin('SSN', '6789')).toBe('***-**-6789');
    expect(maskedTin('EIN', '6789')).toBe('**-***6789');
    expect(formattedTin('SSN', '123456789')).toBe('123-45-6789');
    expect(formattedTin('EIN', '123456789')).toBe('12-3456789');
  });
});

describe('storedTaxIdentity', () => {
  const input = (over: object = {}) =>
    vendorTaxIdentityInputSchema.parse({
      legalName: 'Acme Roofing LLC',
      tinType: 'EIN',
      tin: '12-3456789',
      entityType: 'LLC',
      reports1099: true,
      ...over,
    });

  it('seals a new TIN and keeps only its last 4 digits beside it; the view is masked', async () => {
    const stored = await storedTaxIdentity('org1', input(), null);
    expect(stored).toEqual({
      legalName: 'Acme Roofing LLC',
      tinType: 'EIN',
      tinSealed: 'sealed(org1:987654321)',
      tinLast4: '6789',
      entityType: 'LLC',
      reports1099: true,
      form1099Box: 'NEC',
    });
    expect(JSON.stringify(stored)).not.toContain('123456789');
    expect(taxIdentityView(stored)).toEqual({
      legalName: 'Acme Roofing LLC',
      tinType: 'EIN',
      tinMasked: '**-***6789',
      entityType: 'LLC',
      reports1099: true,
      form1099Box: 'NEC',
    });
    expect(await clearTin('org1', stored)).toBe('12-3456789');
  });

  it('keeps the stored TIN when none is sent, keeps everything when no identity is sent, removes it on null', async () => {
    const before = await storedTaxIdentity('org1', input(), null);
    const renamed = await storedTaxIdentity(
      'org1',
      input({ tin: undefined, legalName: 'Acme Roofing Inc' }),
      before,
    );
    expect(renamed).toMatchObject({
      legalName: 'Acme Roofing Inc',
      tinSealed: before?.tinSealed,
      tinLast4: '6789',
    });
    expect(await storedTaxIdentity('org1', undefined, before)).toBe(before);
    expect(await storedTaxIdentity('org1', null, before)).toBeNull();
    // The form's untouched section says nothing: no identity is stored.
    expect(await storedTaxIdentity('org1', vendorTaxIdentityInputSchema.parse({}), null)).toBeNull();
    expect(taxIdentityView(null)).toBeNull();
  });
});
