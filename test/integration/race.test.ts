import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema, vendorSchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';

let stack: TestStack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false });
  api = (await stack.newUser()).api;
});
afterAll(async () => {
  await stack?.stop();
});

const put = (path: string, json: unknown) => api(path, { method: 'PUT', json });

describe('optimistic locking under concurrent edits', () => {
  it('lets exactly one of two concurrent vendor PUTs with the same version win; the other is 409', async () => {
    for (let round = 0; round < 5; round++) {
      const vendor = vendorSchema.parse(
        await (await api('/api/vendors', { method: 'POST', json: { name: `Racer ${round}` } })).json(),
      );
      const [a, b] = await Promise.all([
        put(`/api/vendors/${vendor.id}`, { name: `Racer ${round} A`, version: vendor.version }),
        put(`/api/vendors/${vendor.id}`, { name: `Racer ${round} B`, version: vendor.version }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = vendorSchema.parse(await (a.status === 200 ? a : b).json());
      const stored = vendorSchema.parse(await (await api(`/api/vendors/${vendor.id}`)).json());
      expect(stored).toMatchObject({ name: winner.name, version: vendor.version + 1 });
      // The loser's name guard was not left behind: its name is still free.
      const loserName = winner.name.endsWith('A') ? `Racer ${round} B` : `Racer ${round} A`;
      const again = await api('/api/vendors', { method: 'POST', json: { name: loserName } });
      expect(again.status).toBe(201);
    }
  });

  it('lets exactly one of two concurrent invoice PUTs with the same version win; the other is 409', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    for (let round = 0; round < 5; round++) {
      const invoice = invoiceSchema.parse(
        await (await api('/api/invoices/upload', { method: 'POST', body: fileForm(pdf, 'race.pdf') })).json(),
      );
      const [a, b] = await Promise.all([
        put(`/api/invoices/${invoice.id}`, { version: invoice.version, totalAmount: 10 }),
        put(`/api/invoices/${invoice.id}`, { version: invoice.version, totalAmount: 20 }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = invoiceSchema.parse(await (a.status === 200 ? a : b).json());
      const stored = invoiceSchema.parse(await (await api(`/api/invoices/${invoice.id}`)).json());
      expect(stored).toMatchObject({ totalAmount: winner.totalAmount, version: invoice.version + 1 });
    }
    // The aggregates saw only the winners: 5 invoices, each counted with its winning amount once.
    const stats = await (await api('/api/stats')).json();
    expect(stats.totalInvoices).toBe(5);
  });
});
