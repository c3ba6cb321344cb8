import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../adapters/dynamodb/outbox';
import { createRelay, type RelayDeps } from './relay';

function fakeDeps(items: OutboxItem[], failing = new Set<string>()) {
  const calls: string[] = [];
  const store = [...items];
  const deps: RelayDeps = {
    async deliverInvoiceEvent(orgId, invoiceId, event, at) {
      if (failing.has(invoiceId)) throw new Error('queue down');
      calls.push(`event ${orgId} ${invoiceId} ${event} ${at}`);
    },
    async queueSync(orgId, invoiceId, integrationId, at) {
      calls.push(`sync ${orgId} ${invoiceId} ${integrationId} ${at}`);
    },
    async addNotification(orgId, id, notification) {
      calls.push(`notification ${orgId} ${id} ${notification.message}`);
    },
    async activateSuggestedVendor(orgId, vendorId) {
      calls.push(`vendor ${orgId} ${vendorId}`);
    },
    async startProcessing(orgId, invoiceId, objectKey, reason) {
      calls.push(`processing ${orgId} ${invoiceId} ${objectKey} ${reason}`);
    },
    async remove(id) {
      calls.push(`remove ${id}`);
      store.splice(
        store.findIndex((i) => i.id === id),
        1,
      );
    },
    async pending({ limit }) {
      return store.slice(0, limit);
    },
    logError: () => undefined,
  };
  return { deps, calls, store };
}

const item = (id: string, effect: OutboxItem['effect']): OutboxItem => ({
  id,
  orgId: 'org',
  effect,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('the outbox relay', () => {
  it('hands each effect to its carrier and only then removes the item', async () => {
    const at = '2026-01-02T03:04:05.000Z';
    const { deps, calls } = fakeDeps([]);
    const relay = createRelay(deps);
    await relay.relay(
      item('01A', { kind: 'invoice_event', invoiceId: 'inv', event: 'invoice.approved', at }),
    );
    await relay.relay(item('01B', { kind: 'sync', invoiceId: 'inv', integrationId: 'qb', at }));
    await relay.relay(
      item('01C', {
        kind: 'notification',
        notification: { kind: 'approved', invoiceId: 'inv', message: 'hi' },
      }),
    );
    await relay.relay(item('01D', { kind: 'vendor_activation', vendorId: 'v1' }));
    await relay.relay(
      item('01E', {
        kind: 'processing_start',
        invoiceId: 'inv',
        objectKey: 'uploads/org/inv/a.pdf',
        reason: 'reprocess',
      }),
    );
    expect(calls).toEqual([
      `event org inv invoice.approved ${at}`,
      'remove 01A',
      `sync org inv qb ${at}`,
      'remove 01B',
      // The notification is written under the item's id: a second delivery writes nothing new.
      'notification org 01C hi',
      'remove 01C',
      'vendor org v1',
      'remove 01D',
      'processing org inv uploads/org/inv/a.pdf reprocess',
      'remove 01E',
    ]);
  });

  it('keeps an item whose carrier failed, relays the others, and reports it', async () => {
    const at = '2026-01-02T03:04:05.000Z';
    const { deps, calls, store } = fakeDeps(
      ['a', 'b', 'c'].map((id) =>
        item(`01${id}`, { kind: 'invoice_event', invoiceId: id, event: 'invoice.approved', at }),
      ),
      new Set(['b']),
    );
    expect(await createRelay(deps).relayPending({ batchSize: 1 })).toEqual({ relayed: 2, failed: 1 });
    expect(store.map((i) => i.id)).toEqual(['01b']);
    expect(calls.filter((c) => c.startsWith('remove'))).toEqual(['remove 01a', 'remove 01c']);
  });
});
