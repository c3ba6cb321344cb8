import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceLineItems } from '../../functions/adapters/dynamodb/invoice-children';
import { createInvoice } from '../../functions/adapters/dynamodb/invoices';
import { objectKeyFor } from '../../functions/adapters/s3/storage';
import { newInvoiceItem } from '../../functions/core/invoices/invoice';
import { errorBodySchema } from '../../shared/errors';
import {
  analyticsSchema,
  categorySchema,
  invoiceEventSchema,
  invoiceSchema,
  lineItemSchema,
  pageOf,
  propertySchema,
  userSchema,
} from '../../shared/schemas';
import { type Api, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';

/**
 * Split coding against the real local parts: a split is refused unless it adds up to the cent and names the
 * organization's own properties; a good split is stored, shown in History and booked per property and
 * category in analytics.
 */
let stack: TestStack;
let api: Api;
let orgId: string;
let maple: string;
let oak: string;
let foreignProperty: string;
let landscaping: string;
let invoiceId: string;
let version: number;

const createProperty = async (as: Api, name: string) =>
  (
    await body(
      await as('/api/properties', {
        method: 'POST',
        json: { name, address: `${name} Way 1`, propertyType: 'APARTMENT' },
      }),
      201,
      propertySchema,
    )
  ).id;

const put = (json: Record<string, unknown>) =>
  api(`/api/invoices/${invoiceId}`, { method: 'PUT', json: { version, ...json } });

async function saved(response: Response) {
  const invoice = await body(response, 200, invoiceSchema);
  version = invoice.version;
  return invoice;
}

const analytics = async () => body(await api('/api/analytics/invoice-analytics'), 200, analyticsSchema);

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false, seedDemo: false });
  ({ api } = await stack.newUser({ firstName: 'Ada', lastName: 'Split' }));
  orgId = (await body(await api('/api/auth/user'), 200, userSchema)).organization.id;
  const outsider = (await stack.newUser()).api;
  [maple, oak, foreignProperty] = await Promise.all([
    createProperty(api, 'Maple Court'),
    createProperty(api, 'Oak Terrace'),
    createProperty(outsider, 'Not Yours'),
  ]);
  const categories = await body(await api('/api/categories'), 200, pageOf(categorySchema));
  landscaping = categories.items[0].id;

  invoiceId = ulid();
  await createInvoice(
    {
      ...newInvoiceItem({
        orgId,
        invoiceId,
        objectKey: objectKeyFor(orgId, invoiceId, 'landscaping.pdf'),
        filename: 'landscaping.pdf',
        contentType: 'application/pdf',
        size: 100,
        uploadedBy: 'test',
        createdAt: new Date().toISOString(),
      }),
      vendorName: 'Green Acres Landscaping',
      totalAmount: 1000,
      currency: 'USD',
      // Ready for approval: analytics count the money of approved and ready invoices only.
      status: 'PROCESSED',
      processingStage: null,
    },
    { monthlyLimit: null, event: { type: 'UPLOADED', actor: 'test' } },
  );
  await replaceLineItems(orgId, invoiceId, [
    { description: 'Mowing', quantity: 1, unitPrice: 250, totalPrice: 250 },
    { description: 'Hedges', quantity: 1, unitPrice: 750, totalPrice: 750 },
  ]);
  version = (await body(await api(`/api/invoices/${invoiceId}`), 200, invoiceSchema)).version;
}, 120_000);

afterAll(() => stack?.stop());

describe('split validation', () => {
  it('refuses a split one cent short of the total with 400 naming the difference', async () => {
    const refused = await body(
      await put({
        allocations: [
          { propertyId: maple, amount: 600 },
          { propertyId: oak, amount: 399.99 },
        ],
      }),
      400,
      errorBodySchema,
    );
    expect(refused.message).toBe('Allocations add up to 999.99, 0.01 short of the total 1,000.00');
    expect(refused.issues?.map((i) => i.path)).toEqual(['allocations']);
  });

  it('refuses a split one cent over the total', async () => {
    const refused = await body(
      await put({ allocations: [{ propertyId: maple, amount: 1000.01 }] }),
      400,
      errorBodySchema,
    );
    expect(refused.message).toBe('Allocations add up to 1,000.01, 0.01 more than the total 1,000.00');
  });

  it('refuses a split naming another organization’s property, and stores nothing', async () => {
    const refused = await body(
      await put({
        allocations: [
          { propertyId: maple, amount: 500 },
          { propertyId: foreignProperty, amount: 500 },
        ],
      }),
      400,
      errorBodySchema,
    );
    expect(refused.message).toBe('The property of a split does not exist in your organization');
    const invoice = await body(await api(`/api/invoices/${invoiceId}`), 200, invoiceSchema);
    expect(invoice.allocations).toEqual([]);
    expect(invoice.version).toBe(version);
  });

  it('refuses a line item split that does not add up to the line', async () => {
    const refused = await body(
      await put({
        lineItems: [{ id: `${invoiceId.slice(-8)}-001`, allocations: [{ propertyId: oak, amount: 200 }] }],
      }),
      400,
      errorBodySchema,
    );
    expect(refused.message).toBe('Allocations add up to 200.00, 50.00 short of line item "Mowing" 250.00');
  });
});

describe('a good split', () => {
  it('is saved with the names, listed in History and booked per property in analytics', async () => {
    const before = await analytics();
    expect(before.propertyBreakdown.map((p) => p.propertyName)).toEqual(['No property']);

    const invoice = await saved(
      await put({
        allocations: [
          { propertyId: maple, categoryId: landscaping, amount: 333.33 },
          { propertyId: oak, amount: 666.67 },
        ],
      }),
    );
    expect(invoice.allocations).toEqual([
      {
        propertyId: maple,
        propertyName: 'Maple Court',
        categoryId: landscaping,
        categoryName: expect.any(String),
        amount: 333.33,
      },
      { propertyId: oak, propertyName: 'Oak Terrace', categoryId: null, categoryName: null, amount: 666.67 },
    ]);

    const events = await body(
      await api(`/api/invoices/${invoiceId}/events`),
      200,
      pageOf(invoiceEventSchema),
    );
    const split = events.items[0].changes.find((c) => c.field === 'allocations');
    expect(split).toMatchObject({ label: 'Split', beforeText: null });
    expect(split?.afterText).toMatch(/^Maple Court \(.+\) \$333\.33; Oak Terrace \$666\.67$/);

    const after = await analytics();
    expect(after.propertyBreakdown.map((p) => [p.propertyName, p.totalAmount, p.percentage])).toEqual([
      ['Oak Terrace', 666.67, 66.7],
      ['Maple Court', 333.33, 33.3],
    ]);
    expect(after.totalAmount).toBe(1000);
    const landscapingName = invoice.allocations[0].categoryName;
    expect(after.categoryBreakdown.find((c) => c.categoryName === landscapingName)?.totalAmount).toBe(333.33);
    expect(after.categoryBreakdown.find((c) => c.categoryName === 'Uncategorized')?.totalAmount).toBe(666.67);
  });

  it('refuses a new total that the split no longer adds up to', async () => {
    const refused = await body(await put({ totalAmount: 1100 }), 400, errorBodySchema);
    expect(refused.message).toBe('Allocations add up to 1,000.00, 100.00 short of the total 1,100.00');
  });

  it('splits a line item, shown on the line, and removing the invoice split books the rest on the invoice', async () => {
    const lineId = `${invoiceId.slice(-8)}-001`;
    await saved(
      await put({
        allocations: [],
        propertyId: oak,
        lineItems: [
          {
            id: lineId,
            allocations: [
              { propertyId: maple, amount: 100 },
              { propertyId: oak, amount: 150 },
            ],
          },
        ],
      }),
    );
    const lines = await body(await api(`/api/invoices/${invoiceId}/line-items`), 200, pageOf(lineItemSchema));
    expect(
      lines.items.find((l) => l.id === lineId)?.allocations?.map((a) => [a.propertyName, a.amount]),
    ).toEqual([
      ['Maple Court', 100],
      ['Oak Terrace', 150],
    ]);
    const after = await analytics();
    // Oak gets its 150 of the mowing and the 750 of the unsplit hedges (the invoice's property).
    expect(after.propertyBreakdown.map((p) => [p.propertyName, p.totalAmount])).toEqual([
      ['Oak Terrace', 900],
      ['Maple Court', 100],
    ]);
  });
});
