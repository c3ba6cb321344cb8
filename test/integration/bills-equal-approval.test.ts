import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegration } from '../../functions/adapters/dynamodb/integrations';
import { findInvoice } from '../../functions/adapters/dynamodb/invoices';
import { invoiceSchema, propertySchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { until } from '../helpers/until';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/**
 * The money path end to end: invoices are read, corrected by a person (or not) and approved through the
 * API, and the QuickBooks and Propertyware fakes receive bills whose totals equal the APPROVED totals to the
 * cent, with the tax as its own line, the currency carried (or refused with the reason), a split booked per
 * property and a credit note booked as a vendor credit. Totals are checked against what the person approved,
 * never against the reading.
 */

let stack: TestStack;
let api: Api;
let orgId: string;
let maple: string;
let oak: string;
let qboId: string;
let pwId: string;

const cents = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  stack = await startTestStack({ queueRetryBaseSeconds: 1 });
  api = (await stack.newUser()).api;
  orgId = (await (await api('/api/auth/user')).json()).organization.id;
  const property = async (name: string) =>
    (
      await body(
        await api('/api/properties', {
          method: 'POST',
          json: { name, address: `${name} Way 1`, propertyType: 'APARTMENT' },
        }),
        201,
        propertySchema,
      )
    ).id;
  maple = await property('Maple Court');
  oak = await property('Oak Terrace');
  stack.quickbooks.currency.multiCurrency = true;
  qboId = (
    await createIntegration(orgId, {
      name: 'Books',
      type: 'QUICKBOOKS',
      config: {
        apiUrl: stack.quickbooks.url,
        realmId: '777',
        apiKey: stack.quickbooks.accessToken,
        defaultAccountId: '7',
        taxAccountId: '88',
      },
    })
  ).id;
  pwId = (
    await createIntegration(orgId, {
      name: 'Property books',
      type: 'PROPERTYWARE',
      config: {
        apiUrl: stack.propertyware.url,
        username: stack.propertyware.credentials.clientId,
        password: stack.propertyware.credentials.clientSecret,
        systemId: stack.propertyware.credentials.systemId,
        defaultGlAccountId: '5000',
        defaultPortfolioId: '10',
      },
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** Uploads a generated invoice, lets it be read, applies the person's corrections, approves it: the invoice as approved. */
async function approve(
  invoiceNumber: string,
  lines: { description: string; quantity: number; unitPrice: number }[],
  corrections: Record<string, unknown> = {},
) {
  const spec = plumbingInvoice({
    invoiceNumber,
    vendorName: 'Harbor Mechanical LLC',
    lines,
    taxRate: 0.0825,
  });
  const uploaded = await api('/api/invoices/upload', {
    method: 'POST',
    body: fileForm(await invoicePdf(spec), `${invoiceNumber}.pdf`),
  });
  const { id } = (await uploaded.json()) as { id: string };
  await stack.workflow?.idle();
  if (Object.keys(corrections).length) {
    const read = await body(await api(`/api/invoices/${id}`), 200, invoiceSchema);
    const saved = await api(`/api/invoices/${id}`, {
      method: 'PUT',
      json: { version: read.version, ...corrections },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  const approved = await api(`/api/invoices/${id}/approve`, { method: 'POST' });
  expect(approved.status, await approved.clone().text()).toBeLessThan(300);
  return body(await api(`/api/invoices/${id}`), 200, invoiceSchema);
}

/** Each integration's final outcome for the invoice (SYNCED, or FAILED with its reason). */
const outcomes = (id: string) =>
  until(
    'both outcomes',
    async () => {
      const results = (await findInvoice(orgId, id))?.syncResults ?? [];
      const final = (integrationId: string) =>
        results.find(
          (r) => r.integrationId === integrationId && (r.status === 'SYNCED' || r.status === 'FAILED'),
        );
      const qb = final(qboId);
      const pw = final(pwId);
      return qb && pw ? { qb, pw } : undefined;
    },
    60_000,
  );

const qboDocument = (remoteId: string | null | undefined) =>
  [...stack.quickbooks.bills, ...stack.quickbooks.vendorCredits].find((b) => b.Id === remoteId);
const pwDocument = (remoteId: string | null | undefined) =>
  stack.propertyware.bills.find((b) => String(b.id) === remoteId);

describe('every target books exactly what was approved', () => {
  it('net line items plus tax: the tax is its own line and the bill totals the approved total', async () => {
    const invoice = await approve('NET-1', [
      { description: 'Roof repair', quantity: 1, unitPrice: 3000 },
      { description: 'Gutter cleaning', quantity: 2, unitPrice: 150 },
    ]);
    expect(invoice.totalAmount).toBe(3572.25);
    const { qb, pw } = await outcomes(invoice.id);
    expect([qb.status, pw.status]).toEqual(['SYNCED', 'SYNCED']);
    const bill = qboDocument(qb.remoteId);
    expect(cents(bill?.TotalAmt ?? 0)).toBe(cents(invoice.totalAmount ?? 0));
    expect((bill?.Line as { Amount: number; Description?: string }[] | undefined)?.at(-1)).toMatchObject({
      Amount: invoice.taxAmount,
      Description: 'Tax',
    });
    expect(cents(pwDocument(pw.remoteId)?.amount ?? 0)).toBe(cents(invoice.totalAmount ?? 0));
  }, 120_000);

  it('a total the person corrected wins over line items that no longer add up', async () => {
    const invoice = await approve('CORR-1', [{ description: 'Goods', quantity: 1, unitPrice: 871.4 }], {
      subtotal: 479.4,
      taxAmount: 39.59,
      totalAmount: 518.99,
    });
    const { qb, pw } = await outcomes(invoice.id);
    expect(cents(qboDocument(qb.remoteId)?.TotalAmt ?? 0)).toBe(51899);
    expect(cents(pwDocument(pw.remoteId)?.amount ?? 0)).toBe(51899);
  }, 120_000);

  it('amounts such as 80.90, 19.99 and 1,192.91 are booked to the cent', async () => {
    for (const [i, total] of [80.9, 19.99, 1192.91].entries()) {
      const invoice = await approve(`DEC-${i}`, [{ description: 'Service', quantity: 1, unitPrice: 10 }], {
        subtotal: null,
        taxAmount: null,
        totalAmount: total,
      });
      const { qb, pw } = await outcomes(invoice.id);
      expect([qb.status, pw.status]).toEqual(['SYNCED', 'SYNCED']);
      expect(qboDocument(qb.remoteId)?.TotalAmt).toBe(total);
      expect(pwDocument(pw.remoteId)?.amount).toBe(total);
    }
  }, 180_000);

  it('no line items: one line of the approved amount', async () => {
    const invoice = await approve('EMPTY-1', [], { subtotal: null, taxAmount: null, totalAmount: 250 });
    const { qb, pw } = await outcomes(invoice.id);
    expect(qboDocument(qb.remoteId)?.Line).toEqual([
      expect.objectContaining({ Amount: 250, Description: `Invoice ${invoice.invoiceNumber}` }),
    ]);
    expect(pwDocument(pw.remoteId)?.amount).toBe(250);
  }, 120_000);

  it('a split is booked share by share, each on its property', async () => {
    const invoice = await approve('SPLIT-1', [{ description: 'Landscaping', quantity: 1, unitPrice: 1000 }], {
      subtotal: 1000,
      taxAmount: 82.5,
      totalAmount: 1082.5,
      allocations: [
        { propertyId: maple, amount: 649.5 },
        { propertyId: oak, amount: 433 },
      ],
    });
    const { qb, pw } = await outcomes(invoice.id);
    const lines = (qboDocument(qb.remoteId)?.Line ?? []) as { Amount: number; Description?: string }[];
    expect(lines.map((l) => [l.Description, l.Amount])).toEqual([
      ['Maple Court', 600],
      ['Oak Terrace', 400],
      ['Tax', 82.5],
    ]);
    expect(cents(pwDocument(pw.remoteId)?.amount ?? 0)).toBe(108250);
  }, 120_000);

  it('EUR: QuickBooks (multicurrency) books euros; Propertyware, dollars only, refuses with the reason', async () => {
    const invoice = await approve('EUR-1', [{ description: 'Wartung', quantity: 1, unitPrice: 51.75 }], {
      currency: 'EUR',
    });
    const { qb, pw } = await outcomes(invoice.id);
    expect(qb.status).toBe('SYNCED');
    expect(qboDocument(qb.remoteId)).toMatchObject({ CurrencyRef: { value: 'EUR' } });
    expect(cents(qboDocument(qb.remoteId)?.TotalAmt ?? 0)).toBe(cents(invoice.totalAmount ?? 0));
    expect(pw).toMatchObject({
      status: 'FAILED',
      lastError: "The invoice is in EUR but Propertyware books USD only: correct the invoice's currency",
    });
  }, 120_000);

  it('a credit note is booked as a vendor credit of the approved amount', async () => {
    const invoice = await approve('CN-1', [{ description: 'Returned part', quantity: 1, unitPrice: 5.33 }], {
      subtotal: -5.33,
      taxAmount: -0.44,
      totalAmount: -5.77,
    });
    const { qb, pw } = await outcomes(invoice.id);
    expect([qb.status, pw.status]).toEqual(['SYNCED', 'SYNCED']);
    expect(stack.quickbooks.vendorCredits.find((c) => c.Id === qb.remoteId)?.TotalAmt).toBe(5.77);
    expect(pwDocument(pw.remoteId)).toMatchObject({ credit: true, amount: 5.77 });
  }, 120_000);

  describe('reopening and voiding take the booked bill back', () => {
    it('reopened: the bill leaves both systems; approved again: exactly one new bill each', async () => {
      const invoice = await approve('REOPEN-1', [
        { description: 'Boiler service', quantity: 1, unitPrice: 400 },
      ]);
      const first = await outcomes(invoice.id);
      const reopened = await api(`/api/invoices/${invoice.id}/reopen`, {
        method: 'POST',
        json: { reason: 'Booked on the wrong property' },
      });
      expect(reopened.status, await reopened.clone().text()).toBeLessThan(300);
      await until('both bills taken back', async () => {
        const results = (await findInvoice(orgId, invoice.id))?.syncResults ?? [];
        return results.length === 2 && results.every((r) => r.status === 'REVERSED') ? results : undefined;
      });
      expect(qboDocument(first.qb.remoteId)).toBeUndefined();
      expect(stack.quickbooks.deleted.some((b) => b.Id === first.qb.remoteId)).toBe(true);
      expect(pwDocument(first.pw.remoteId)).toBeUndefined();

      const again = await api(`/api/invoices/${invoice.id}/approve`, { method: 'POST' });
      expect(again.status, await again.clone().text()).toBeLessThan(300);
      const second = await until('the new bills', async () => {
        const results = (await findInvoice(orgId, invoice.id))?.syncResults ?? [];
        return results.length === 2 && results.every((r) => r.status === 'SYNCED') ? results : undefined;
      });
      const mine = (note: string) => stack.quickbooks.bills.filter((b) => b.PrivateNote === note);
      expect(mine(`Invoice Pilot invoice ${invoice.id}`)).toHaveLength(1);
      expect(second.map((r) => r.remoteId)).not.toContain(first.qb.remoteId);
      expect(stack.propertyware.bills.filter((b) => b.refNo === 'REOPEN-1')).toHaveLength(1);
    }, 180_000);

    it('voided: the bill is taken back and the invoice stays rejected', async () => {
      const invoice = await approve('VOID-1', [{ description: 'Gate repair', quantity: 1, unitPrice: 90 }]);
      const { qb } = await outcomes(invoice.id);
      const voided = await api(`/api/invoices/${invoice.id}/void`, {
        method: 'POST',
        json: { reason: 'Vendor billed the wrong building' },
      });
      expect(voided.status, await voided.clone().text()).toBeLessThan(300);
      await until('the bill taken back', async () =>
        stack.quickbooks.deleted.find((b) => b.Id === qb.remoteId),
      );
      const after = await body(await api(`/api/invoices/${invoice.id}`), 200, invoiceSchema);
      expect(after.status).toBe('REJECTED');
      expect(after.rejectionReason).toBe('Voided: Vendor billed the wrong building');
    }, 180_000);
  });
});
