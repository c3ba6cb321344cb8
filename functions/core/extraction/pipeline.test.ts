import { describe, expect, it } from 'vitest';
import { normalizeVendorKey } from '../classification/text-keys';
import { UNREADABLE_REASON } from '../validation/validate';
import { expenseAnswer, type FieldSpec } from './analysis.fixture';
import { type ExtractionContext, type KnownVendor, processAnalysis } from './pipeline';

const TODAY = '2026-06-01';
const plumbingFields: FieldSpec[] = [
  ['VENDOR_NAME', 'Aqua Flow Plumbing LLC'],
  ['VENDOR_EMAIL', 'billing@aquaflow.test'],
  ['INVOICE_RECEIPT_ID', 'AF-1001'],
  ['INVOICE_RECEIPT_DATE', '03/04/2026'],
  ['SUBTOTAL', '$400.00'],
  ['TAX', '$32.00'],
  ['TOTAL', '$432.00'],
  ['RECEIVER_ADDRESS', 'Maple Court, 12 Maple Street, Springfield'],
];
const heaterLine = [{ item: 'Replace water heater valve and fittings', price: '$400.00' }];
const categories = [
  { id: 'c-plumb', code: 'plumbing', name: 'Plumbing', description: '' },
  { id: 'c-land', code: 'landscaping', name: 'Landscaping', description: '' },
  { id: 'c-util', code: 'utilities-water-sewer', name: 'Water & Sewer', description: '' },
];
const aquaFlow: KnownVendor = {
  id: 'v-aqua',
  name: 'AquaFlow Services',
  email: 'billing@aquaflow.test',
  status: 'ACTIVE',
};

const run = (fields: FieldSpec[], ctx: ExtractionContext, lines = heaterLine) =>
  processAnalysis(expenseAnswer(fields, lines), { today: TODAY, categories, ...ctx });

describe('processAnalysis: the Classify rules the workflow runs too', () => {
  it('links the vendor by e-mail when its name differs, and matches the property from the bill-to address', async () => {
    const r = await run(plumbingFields, {
      vendors: [aquaFlow],
      properties: [{ id: 'p-maple', name: 'Maple Court', address: '12 Maple St, Springfield' }],
    });

    expect(r.vendorMatch).toEqual({ vendorId: 'v-aqua', score: 1, by: 'email' });
    expect(r.propertyMatch).toEqual({ propertyId: 'p-maple', score: 1, by: 'address' });
    expect(r.category?.id).toBe('c-plumb');
    expect(r.status).toBe('PROCESSED');
  });

  it('never matches an INACTIVE vendor or property', async () => {
    const r = await run(plumbingFields, {
      vendors: [{ ...aquaFlow, status: 'INACTIVE' }],
      properties: [
        { id: 'p-maple', name: 'Maple Court', address: '12 Maple St, Springfield', status: 'INACTIVE' },
      ],
    });

    expect(r.vendorMatch).toBeNull();
    expect(r.propertyMatch).toBeNull();
  });

  it('makes a suggested vendor when none matches, and takes its currency for an invoice that states none', async () => {
    const made: string[] = [];
    const r = await run(
      plumbingFields.map(([t, v]) => [t, v.replace('$', '')] as FieldSpec),
      {
        suggestVendor: async (invoice) => {
          made.push(invoice.vendorName ?? '');
          return { id: 'v-new', name: invoice.vendorName ?? '', currency: 'CAD' };
        },
        defaultCurrency: 'EUR',
      },
    );

    expect(made).toEqual(['Aqua Flow Plumbing LLC']);
    expect(r.vendorMatch).toEqual({ vendorId: 'v-new', score: 1, by: 'created' });
    expect(r.currency).toBe('CAD');
  });

  it("takes the linked vendor's default category over the model, and the reviewers' memory over both", async () => {
    const vendors = [{ ...aquaFlow, defaultCategoryId: 'c-util' }];
    const byDefault = await run(plumbingFields, { vendors });
    const remembered = await run(plumbingFields, {
      vendors,
      orgMemory: { vendorCategory: { [normalizeVendorKey('Aqua Flow Plumbing LLC')]: 'landscaping' } },
    });

    expect(byDefault.category?.id).toBe('c-util');
    expect(byDefault.classification).toMatchObject({ source: 'org-memory', confidence: 0.95 });
    expect(remembered.category?.id).toBe('c-land');
  });

  it('leaves the category for a person when the model is unsure', async () => {
    const r = await processAnalysis(
      expenseAnswer(
        [['VENDOR_NAME', 'Northside Co'], ...plumbingFields.slice(1)],
        [{ item: 'Service call', price: '$400.00' }],
      ),
      { today: TODAY },
    );

    expect(r.category).toBeNull();
    expect(r.classification).toMatchObject({ categoryCode: null, confidence: 0, source: 'none' });
  });
});

describe('processAnalysis: the Validate and Decide rules the workflow runs too', () => {
  it('says a file with nothing of an invoice on it could not be read', async () => {
    const r = await run([['VENDOR_NAME', 'Letterhead Ltd']], {}, []);

    expect(r).toMatchObject({
      status: 'REVIEW_REQUIRED',
      reviewReasons: [UNREADABLE_REASON],
      readFailure: UNREADABLE_REASON,
    });
  });

  it('puts the same-file duplicate first, before the fuzzy ones, and names it', async () => {
    const r = await run(plumbingFields, {
      identicalFile: async () => ({ id: 'inv-earlier', invoiceNumber: 'AF-1001', match: 'identical_file' }),
      duplicatesFinder: async () => [
        {
          id: 'inv-other',
          invoiceNumber: 'AF-1001',
          vendorName: 'Aqua Flow Plumbing LLC',
          totalAmount: 432,
          invoiceDate: '2026-03-04',
        },
      ],
    });

    expect(r.reviewReasons).toEqual([
      'Possible duplicate of invoice AF-1001: the same file was uploaded before.',
      'Possible duplicate of invoice AF-1001: same vendor and invoice number.',
    ]);
    expect(r.duplicateOf).toEqual({ id: 'inv-earlier', invoiceNumber: 'AF-1001', match: 'identical_file' });
  });

  it('gives the low overall confidence as the reason when no check failed', async () => {
    const unsure = plumbingFields.map(([t, v]) => [t, v, t === 'TOTAL' ? 70 : 75] as FieldSpec);
    const r = await run(unsure, {});

    expect(r.status).toBe('REVIEW_REQUIRED');
    expect(r.reviewReasons).toEqual([
      `The AI is ${Math.round(r.aiConfidence * 100)}% sure of what it read, below the 80% needed to process it without review.`,
    ]);
  });
});
