import { describe, expect, it } from 'vitest';
import { invoiceUpdateSchema, reasonBodySchema, vendorMatchSchema } from './invoice';

describe('invoiceUpdateSchema', () => {
  it('takes a credit note’s negative amounts, to two decimals and within bounds', () => {
    const credit = invoiceUpdateSchema.parse({
      version: 1,
      subtotal: -100,
      taxAmount: -20.5,
      totalAmount: '-120.50',
    });
    expect(credit).toMatchObject({ subtotal: -100, taxAmount: -20.5, totalAmount: -120.5 });
    const wrong = invoiceUpdateSchema.safeParse({ version: 1, totalAmount: -1.005, subtotal: -2e12 });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => i.path[0]).sort()).toEqual(['subtotal', 'totalAmount']);
    expect(wrong.error?.issues.find((i) => i.path[0] === 'totalAmount')?.message).toBe('At most 2 decimals');
  });

  it('takes a picked vendor by id, and a currency by its ISO 4217 code', () => {
    expect(
      invoiceUpdateSchema.parse({ version: 2, vendorId: '01HZY3K8M2Q4R5S6T7V8W9XACM', currency: 'MYR' }),
    ).toMatchObject({ vendorId: '01HZY3K8M2Q4R5S6T7V8W9XACM', currency: 'MYR' });
    expect(invoiceUpdateSchema.safeParse({ version: 2, vendorId: 'VENDOR#x' }).success).toBe(false);
    expect(invoiceUpdateSchema.safeParse({ version: 2, currency: 'RM' }).success).toBe(false);
  });
});

describe('reasonBodySchema', () => {
  it('asks a reason to reopen or void, trimmed', () => {
    expect(reasonBodySchema.parse({ reason: '  Billed twice ' })).toEqual({ reason: 'Billed twice' });
    expect(reasonBodySchema.safeParse({ reason: '   ' }).error?.issues[0].message).toBe('Reason required');
  });
});

describe('vendorMatchSchema', () => {
  it('says when a person linked the vendor', () => {
    expect(vendorMatchSchema.parse({ vendorId: 'V1', score: 1, by: 'person' }).by).toBe('person');
  });
});
