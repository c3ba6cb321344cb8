import { MAX_BULK_INVOICES } from '@shared/schemas/bulk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/render';
import { runBulkAction, type SelectedInvoice } from './bulk-actions';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** `n` selected invoices, each seen at version 2. */
const selectionOf = (n: number) =>
  new Map<string, SelectedInvoice>(
    Array.from({ length: n }, (_, i) => [
      `01HZY3K8M2Q4R5S6T7V8W9${String(i).padStart(4, '0')}`,
      { version: 2, invoiceNumber: `INV-${i}`, vendorName: 'Acme' },
    ]),
  );

/** The server's answer: every id it was sent deleted. */
const deletedAll = (_url: URL, init: RequestInit) => {
  const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
  const items = ids.map((id) => ({
    id,
    invoiceNumber: null,
    vendorName: null,
    outcome: 'done',
    message: 'Deleted',
    status: null,
  }));
  return { body: { items, done: items.length, waiting: 0, skipped: 0 } };
};

describe('runBulkAction', () => {
  it(`sends a big selection ${MAX_BULK_INVOICES} at a time, each id with its version, and merges the reports`, async () => {
    const { calls } = mockApi({ 'POST /api/invoices/bulk/delete': deletedAll });
    const selection = selectionOf(250);
    const result = await runBulkAction({ kind: 'delete' }, selection);
    const bodies = calls.map((c) => c.body as { ids: string[]; versions: Record<string, number> });
    expect(bodies.map((b) => b.ids.length)).toEqual([100, 100, 50]);
    expect(bodies.flatMap((b) => b.ids)).toEqual([...selection.keys()]);
    expect(Object.values(bodies[2].versions)).toEqual(Array(50).fill(2));
    expect([result.done, result.waiting, result.skipped, result.items.length]).toEqual([250, 0, 0, 250]);
  });

  it('reports the invoices of a part refused after others were done as not tried, with the reason', async () => {
    let call = 0;
    mockApi({
      'POST /api/invoices/bulk/delete': (url, init) =>
        ++call === 1
          ? deletedAll(url, init)
          : {
              status: 429,
              body: { message: 'Too many bulk actions: try again in 40 seconds', code: 'bulk_rate_limited' },
            },
    });
    const result = await runBulkAction({ kind: 'delete' }, selectionOf(150));
    expect([result.done, result.skipped]).toEqual([100, 50]);
    expect(result.items[100]).toEqual({
      id: '01HZY3K8M2Q4R5S6T7V8W90100',
      invoiceNumber: 'INV-100',
      vendorName: 'Acme',
      outcome: 'skipped',
      message: 'Not tried: Too many bulk actions: try again in 40 seconds',
      status: null,
    });
  });

  it('throws when the first part is refused: nothing was done', async () => {
    mockApi({
      'POST /api/invoices/bulk/approve': {
        status: 403,
        body: { message: 'You are not an approver for this invoice', code: 'forbidden' },
      },
    });
    await expect(runBulkAction({ kind: 'approve' }, selectionOf(3))).rejects.toThrow(
      '403: You are not an approver for this invoice',
    );
  });
});
