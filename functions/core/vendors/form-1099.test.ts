import { describe, expect, it } from 'vitest';
import type { InvoiceItem } from '../invoices/invoice';
import { form1099Rows } from './form-1099';
import type { VendorItem } from './vendor';

const vendor = (id: string, over: Partial<VendorItem> = {}): VendorItem =>
  ({
    id,
    name: `Vendor ${id}`,
    address: '1 Main St',
    taxIdentity: {
      legalName: `${id} Legal LLC`,
      tinType: 'EIN',
      tinSealed: 'enc:v1:x',
      tinLast4: '6789',
      entityType: 'LLC',
      reports1099: true,
      form1099Box: 'NEC',
    },
    ...over,
  }) as VendorItem;

type Counted = Pick<InvoiceItem, 'status' | 'vendorId' | 'paidOn' | 'totalAmount' | 'currency'>;
const invoice = (over: Partial<Counted>): Counted => ({
  status: 'APPROVED',
  vendorId: 'A',
  paidOn: '2026-03-01',
  totalAmount: 100,
  currency: 'USD',
  ...over,
});

describe('form1099Rows', () => {
  it('sums the approved invoices paid in the year per flagged vendor in cents, credits subtracting, against $600', () => {
    const rows = form1099Rows(
      [vendor('A'), vendor('B'), vendor('C', { taxIdentity: null })],
      [
        invoice({ totalAmount: 400.1 }),
        invoice({ totalAmount: 200.2 }),
        invoice({ totalAmount: -0.3 }),
        invoice({ status: 'PROCESSED', totalAmount: 5000 }),
        invoice({ paidOn: '2025-12-31', totalAmount: 5000 }),
        invoice({ paidOn: '2027-01-01', totalAmount: 5000 }),
        // Approved but not paid yet: nothing to report.
        invoice({ paidOn: null, totalAmount: 5000 }),
        invoice({ paidOn: undefined, totalAmount: 5000 }),
        invoice({ currency: 'EUR', totalAmount: 5000 }),
        invoice({ vendorId: 'B', totalAmount: 599.99 }),
        invoice({ vendorId: 'C', totalAmount: 9000 }),
      ],
      2026,
      'USD',
    );
    expect(rows).toEqual([
      {
        vendorId: 'A',
        vendorName: 'Vendor A',
        legalName: 'A Legal LLC',
        tinType: 'EIN',
        tinMasked: '**-***6789',
        address: '1 Main St',
        form1099Box: 'NEC',
        amount: 600,
        invoiceCount: 3,
        reachesThreshold: true,
      },
      expect.objectContaining({ vendorId: 'B', amount: 599.99, invoiceCount: 1, reachesThreshold: false }),
    ]);
  });

  it('lists a flagged vendor paid nothing with 0, and one without a TIN without a TIN type', () => {
    const noTin = vendor('D', {
      taxIdentity: {
        ...vendor('D').taxIdentity!,
        tinSealed: null,
        tinLast4: null,
        form1099Box: 'MISC_RENTS',
      },
    });
    expect(form1099Rows([noTin], [], 2026, 'USD')).toEqual([
      expect.objectContaining({
        tinType: null,
        tinMasked: null,
        form1099Box: 'MISC_RENTS',
        amount: 0,
        reachesThreshold: false,
      }),
    ]);
  });
});
