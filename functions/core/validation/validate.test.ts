import { describe, expect, it } from 'vitest';
import { SKIP_REVIEW_CONFIDENCE } from '../../../shared/constants';
import { type ExtractedInvoice, NO_ACCOUNT_FIELDS } from '../extraction/types';
import { aiConfidenceOf, decide, LOW_CONFIDENCE, readSurely, validateInvoice } from './validate';

function invoice(overrides: Partial<ExtractedInvoice> = {}): ExtractedInvoice {
  return {
    ...NO_ACCOUNT_FIELDS,
    vendorName: 'Acme Plumbing',
    vendorAddress: null,
    vendorEmail: null,
    vendorPhone: null,
    invoiceNumber: 'INV-100',
    invoiceDate: '2024-03-01',
    dueDate: '2024-03-31',
    subtotal: 150,
    taxAmount: 12,
    totalAmount: 162,
    currency: 'USD',
    locations: {},
    lineItems: [
      { description: 'Drain cleaning', quantity: 1, unitPrice: 100, totalPrice: 100 },
      { description: 'Parts', quantity: 2, unitPrice: 25, totalPrice: 50 },
    ],
    confidence: {
      vendorName: 0.95,
      vendorAddress: 0,
      vendorEmail: 0,
      vendorPhone: 0,
      invoiceNumber: 0.95,
      invoiceDate: 0.95,
      dueDate: 0.9,
      subtotal: 0.95,
      taxAmount: 0.95,
      totalAmount: 0.97,
      currency: 0.9,
      lineItems: 0.9,
    },
    ...overrides,
  };
}
const today = '2024-04-01';

describe('validateInvoice', () => {
  it('finds nothing wrong with a consistent invoice, which is then PROCESSED', () => {
    const inv = invoice();
    const reasons = validateInvoice(inv, { today });
    expect(reasons).toEqual([]);
    expect(decide(reasons, aiConfidenceOf(inv))).toBe('PROCESSED');
  });

  it('flags line items that do not add up to the subtotal', () => {
    const reasons = validateInvoice(invoice({ subtotal: 160, totalAmount: 172 }), { today });
    expect(reasons).toEqual(['The line items add up to 150.00, but the subtotal is 160.00.']);
  });

  it('accepts line items priced with the tax in them, which add up to the total instead', () => {
    // The same 150.00 of items, now on a receipt whose prices include the 12.00 of tax.
    expect(validateInvoice(invoice({ subtotal: 138, taxAmount: 12, totalAmount: 150 }), { today })).toEqual(
      [],
    );
    // Without a tax there is no gross price: the items must make the subtotal.
    expect(
      validateInvoice(invoice({ subtotal: 140, taxAmount: null, totalAmount: 150 }), { today }),
    ).toContain('The line items add up to 150.00, but the subtotal is 140.00.');
  });

  it('flags subtotal plus tax that misses the total by more than a cent, and accepts one cent', () => {
    expect(validateInvoice(invoice({ totalAmount: 162.01 }), { today })).toEqual([]);
    expect(validateInvoice(invoice({ totalAmount: 170 }), { today })).toEqual([
      'Subtotal 150.00 plus tax 12.00 is 162.00, not the total 170.00.',
    ]);
  });

  it('flags a due date before the invoice date and absurd dates', () => {
    expect(validateInvoice(invoice({ dueDate: '2024-02-01' }), { today })).toEqual([
      'The due date 2024-02-01 is before the invoice date 2024-03-01.',
    ]);
    const reasons = validateInvoice(invoice({ invoiceDate: '1999-12-31', dueDate: '2025-06-01' }), { today });
    expect(reasons).toContain('The invoice date 1999-12-31 is before 2000.');
    expect(reasons).toContain('The due date 2025-06-01 is more than a year in the future.');
  });

  it('flags a missing vendor and total', () => {
    const reasons = validateInvoice(
      invoice({ vendorName: null, totalAmount: null, subtotal: null, lineItems: [] }),
      { today },
    );
    expect(reasons).toEqual(['The vendor name could not be read.', 'The total amount could not be read.']);
  });

  it('sends a credit note (a negative total) to review, and passes a zero total', () => {
    const credit = invoice({ subtotal: -150, taxAmount: -12, totalAmount: -162, lineItems: [] });
    const reasons = validateInvoice(credit, { today });
    expect(reasons).toEqual([
      'The total -162.00 is negative: this looks like a credit note, not a bill to pay.',
    ]);
    expect(decide(reasons, aiConfidenceOf(credit))).toBe('REVIEW_REQUIRED');
    expect(
      validateInvoice(invoice({ subtotal: 0, taxAmount: 0, totalAmount: 0, lineItems: [] }), { today }),
    ).toEqual([]);
  });

  it('flags fields read with low confidence', () => {
    const inv = invoice();
    inv.confidence.totalAmount = 0.4;
    expect(validateInvoice(inv, { today })).toEqual(['Low confidence in the total amount (40%).']);
  });

  it('names the other invoice when the same vendor sent the same number', () => {
    const reasons = validateInvoice(invoice(), {
      today,
      duplicates: [
        {
          id: '01HXYZABCDEF',
          invoiceNumber: 'inv-100',
          vendorName: 'ACME PLUMBING',
          totalAmount: 99,
          invoiceDate: null,
        },
      ],
    });
    expect(reasons).toEqual(['Possible duplicate of invoice inv-100: same vendor and invoice number.']);
  });

  it('says once that it duplicates a number two earlier invoices carry', () => {
    const earlier = (id: string) => ({
      id,
      invoiceNumber: 'INV-100',
      vendorName: 'Acme Plumbing',
      totalAmount: 162,
      invoiceDate: null,
    });
    const reasons = validateInvoice(invoice(), { today, duplicates: [earlier('a1'), earlier('a2')] });
    expect(reasons).toEqual(['Possible duplicate of invoice INV-100: same vendor and invoice number.']);
  });

  it('catches a duplicate by vendor, total and date, naming it by short id when it has no number', () => {
    const reasons = validateInvoice(invoice({ invoiceNumber: null }), {
      today,
      duplicates: [
        {
          id: '01HXYZABCDEF00001',
          invoiceNumber: null,
          vendorName: 'Acme Plumbing',
          totalAmount: 162,
          invoiceDate: '2024-03-01',
        },
      ],
    });
    expect(reasons).toEqual(['Possible duplicate of invoice #DEF00001: same vendor, total and date.']);
  });

  it('ignores a similar invoice from another vendor', () => {
    const reasons = validateInvoice(invoice(), {
      today,
      duplicates: [
        {
          id: 'x',
          invoiceNumber: 'INV-100',
          vendorName: 'Other Co',
          totalAmount: 162,
          invoiceDate: '2024-03-01',
        },
      ],
    });
    expect(reasons).toEqual([]);
  });
});

describe('decide', () => {
  it('requires review when there are reasons or the confidence is below the threshold', () => {
    expect(decide(['x'], 0.99)).toBe('REVIEW_REQUIRED');
    expect(decide([], 0.79)).toBe('REVIEW_REQUIRED');
    expect(decide([], 0.8)).toBe('PROCESSED');
  });

  it('computes the overall confidence from the key fields, a missing total weighing most', () => {
    const inv = invoice();
    const full = aiConfidenceOf(inv);
    inv.confidence.totalAmount = 0;
    expect(aiConfidenceOf(inv)).toBeLessThan(full - 0.3);
  });
});

describe('readSurely', () => {
  it('needs every field read at or over the threshold, and ignores the fields not read', () => {
    const inv = invoice();
    const sure = { ...inv.confidence, dueDate: 0.95, currency: 0.93 };
    expect(readSurely(inv, sure)).toBe(true);
    expect(readSurely(inv, { ...sure, taxAmount: SKIP_REVIEW_CONFIDENCE - 0.01 })).toBe(false);
    // A due date not read (null, confidence 0): nothing to be unsure of. No invoice date: a person adds it.
    expect(readSurely({ ...inv, dueDate: null }, { ...sure, dueDate: 0 })).toBe(true);
    expect(readSurely({ ...inv, invoiceDate: null }, { ...sure, invoiceDate: 0 })).toBe(false);
    expect(readSurely(inv, sure, 0.96)).toBe(false);
  });

  it('lets the contact details be less than sure, but not in doubt: the vendor may be linked by them', () => {
    const sure = { ...invoice().confidence, dueDate: 0.95, currency: 0.93 };
    const withAddress = invoice({ vendorAddress: '1 Main St', vendorPhone: '555-0100' });
    // A known vendor's bill goes out with its address of record, so the page's need not be sure…
    expect(readSurely(withAddress, { ...sure, vendorAddress: 0.7, vendorPhone: 0.8 })).toBe(true);
    // …but one the reader doubts (below the low-confidence mark) is seen by a person first.
    expect(readSurely(withAddress, { ...sure, vendorAddress: LOW_CONFIDENCE - 0.01, vendorPhone: 0.8 })).toBe(
      false,
    );
    expect(readSurely(withAddress, { ...sure, vendorAddress: 0.7, vendorPhone: 0.2 })).toBe(false);
    // Not read at all: nothing to doubt.
    expect(readSurely(invoice(), { ...sure, vendorAddress: 0, vendorEmail: 0, vendorPhone: 0 })).toBe(true);
  });
});
