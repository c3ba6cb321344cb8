import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { IntegrationItem } from '../../adapters/dynamodb/integrations';
import type { InvoiceItem, SyncResult } from '../../adapters/dynamodb/invoices';
import { syncIdempotencyKey } from '../../services/invoice-events';
import {
  createSyncHandler,
  type InvoicePayload,
  mergeSyncResult,
  type PushOutcome,
  requestFor,
  type SyncDeps,
} from './handler';

const APPROVED_AT = '2026-11-01T10:00:00.000Z';
const NOW = new Date('2026-11-01T10:00:05.000Z');

const integration = <T extends IntegrationItem['type']>(
  id: string,
  type: T,
  config: Record<string, string>,
): IntegrationItem & { type: T } => ({
  id,
  name: `${type} ${id}`,
  type,
  status: 'ACTIVE',
  config,
  lastSyncAt: null,
  lastError: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

/** One SQS record per (invoice, integration), as fanOutSync queues them. */
function sqsEvent(receiveCount: number, ...targets: [invoiceId: string, integrationId: string][]): SQSEvent {
  return {
    Records: targets.map(([invoiceId, integrationId]) => ({
      messageId: `${invoiceId}/${integrationId}`,
      receiptHandle: invoiceId,
      body: JSON.stringify({
        orgId: 'ORG1',
        invoiceId,
        integrationId,
        at: APPROVED_AT,
        idempotencyKey: syncIdempotencyKey(invoiceId, integrationId, APPROVED_AT),
      }),
      attributes: {
        ApproximateReceiveCount: String(receiveCount),
        SentTimestamp: '0',
        SenderId: 'x',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn',
      awsRegion: 'us-east-1',
    })),
  };
}

function fakes(integrations: IntegrationItem[], answer: (integrationId: string) => PushOutcome) {
  const invoices = new Map<string, InvoiceItem>();
  const pushes: { integrationId: string; config: Record<string, string>; key: string }[] = [];
  const notified: string[] = [];
  const synced: string[] = [];
  const fannedOut: string[] = [];
  const documents: { filename: string; contentType: string; text: string }[] = [];
  const deps: SyncDeps = {
    findInvoice: async (_o, id) => invoices.get(id),
    payloadOf: async (invoice) => ({ id: invoice.id }) as InvoicePayload,
    findIntegration: async (_o, id) => integrations.find((i) => i.id === id),
    listIntegrations: async () => integrations,
    fanOut: async (_o, invoiceId) => {
      fannedOut.push(invoiceId);
    },
    recordIntegrationResult: async () => undefined,
    saveSyncResult: async (_o, id, result) => {
      const invoice = invoices.get(id) as InvoiceItem;
      const syncResults = mergeSyncResult(invoice.syncResults, result);
      invoices.set(id, { ...invoice, syncResults });
      return syncResults;
    },
    notifySyncFailed: async (_o, invoice, failure) => {
      notified.push(`${invoice.id}: ${failure}`);
    },
    publishSynced: async (_o, id) => {
      synced.push(id);
    },
    // Stands in for the envelope: a stored value `sealed:<clear>` opens to `<clear>`.
    openConfig: async (_o, config) =>
      Object.fromEntries(Object.entries(config).map(([k, v]) => [k, v.replace(/^sealed:/, '')])),
    push: async (target, _invoice, key, document) => {
      pushes.push({ integrationId: target.id, config: target.config, key });
      const text = new TextDecoder().decode(await document.read());
      documents.push({ filename: document.filename, contentType: document.contentType, text });
      return answer(target.id);
    },
    readObject: async (key) => new TextEncoder().encode(`the file at ${key}`),
    retryDelayMs: () => 10_000,
    now: () => NOW,
  };
  const approved = (id: string, syncResults: SyncResult[] = []) =>
    invoices.set(id, {
      id,
      status: 'APPROVED',
      filename: `${id}.pdf`,
      contentType: 'application/pdf',
      objectKey: `uploads/ORG/${id}/${id}.pdf`,
      invoiceNumber: null,
      syncResults,
    } as unknown as InvoiceItem);
  const resultOf = (invoiceId: string, integrationId: string) =>
    invoices.get(invoiceId)?.syncResults.find((r) => r.integrationId === integrationId);
  return { deps, invoices, pushes, documents, notified, synced, fannedOut, approved, resultOf };
}

describe('integration sync worker', () => {
  it("calls a Make.com webhook at its URL, with Make's API key header when one is set", () => {
    expect(requestFor(integration('1', 'MAKE_COM', { apiUrl: 'https://hook.make.com/x' }))).toEqual({
      url: 'https://hook.make.com/x',
      headers: {},
    });
    expect(
      requestFor(integration('2', 'MAKE_COM', { apiUrl: 'https://hook.make.com/y', apiKey: 'k' })),
    ).toEqual({
      url: 'https://hook.make.com/y',
      headers: { 'x-make-apikey': 'k' },
    });
    expect(requestFor(integration('3', 'MAKE_COM', { apiKey: 'k' }))).toEqual({
      error: 'No API URL is configured for MAKE_COM 3',
    });
  });

  it('pushes with the opened credentials and the idempotency key of (invoice, integration, approval)', async () => {
    const { deps, approved, pushes, documents } = fakes(
      [integration('p', 'PROPERTYWARE', { apiUrl: 'https://pw/api', username: 'u', password: 'sealed:pw' })],
      () => ({ ok: true, remoteId: null }),
    );
    approved('INV1');
    await createSyncHandler(deps)(sqsEvent(1, ['INV1', 'p']));
    expect(pushes).toEqual([
      {
        integrationId: 'p',
        config: { apiUrl: 'https://pw/api', username: 'u', password: 'pw' },
        key: syncIdempotencyKey('INV1', 'p', APPROVED_AT),
      },
    ]);
    // The invoice's stored file goes along, for the systems that attach it.
    expect(documents).toEqual([
      { filename: 'INV1.pdf', contentType: 'application/pdf', text: 'the file at uploads/ORG/INV1/INV1.pdf' },
    ]);
    expect(syncIdempotencyKey('INV1', 'p', APPROVED_AT)).toMatch(/^[0-9a-f]{32}$/);
    expect(syncIdempotencyKey('INV1', 'p', '2026-11-02T00:00:00.000Z')).not.toBe(
      syncIdempotencyKey('INV1', 'p', APPROVED_AT),
    );
  });

  it('fan-out isolation: a failing integration is retried alone and never re-sends to the others', async () => {
    let bDown = true;
    const { deps, approved, pushes, synced, resultOf } = fakes(
      [
        integration('a', 'MAKE_COM', { apiUrl: 'http://a' }),
        integration('b', 'MAKE_COM', { apiUrl: 'http://b' }),
      ],
      (id) => (id === 'b' && bDown ? { ok: false, error: 'HTTP 500' } : { ok: true, remoteId: `R-${id}` }),
    );
    approved('INV1');
    const handler = createSyncHandler(deps);
    const first = await handler(sqsEvent(1, ['INV1', 'a'], ['INV1', 'b']));
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'INV1/b' }]);
    expect(resultOf('INV1', 'a')).toMatchObject({ status: 'SYNCED', remoteId: 'R-a', attempts: 1 });
    expect(resultOf('INV1', 'b')).toMatchObject({
      status: 'RETRYING',
      lastError: 'HTTP 500',
      attempts: 1,
      nextAttemptAt: '2026-11-01T10:00:15.000Z',
    });
    expect(synced).toEqual([]);

    bDown = false;
    // SQS redelivers only b's message; a redelivery of a's (at-least-once) is dropped too.
    expect((await handler(sqsEvent(2, ['INV1', 'b'], ['INV1', 'a']))).batchItemFailures).toEqual([]);
    expect(pushes.map((p) => p.integrationId)).toEqual(['a', 'b', 'b']);
    expect(resultOf('INV1', 'b')).toMatchObject({
      status: 'SYNCED',
      remoteId: 'R-b',
      attempts: 2,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(synced).toEqual(['INV1']);
  });

  it('a new approval syncs again, counting attempts afresh', async () => {
    const { deps, approved, pushes, resultOf } = fakes(
      [integration('a', 'MAKE_COM', { apiUrl: 'http://a' })],
      () => ({ ok: true, remoteId: 'R2' }),
    );
    approved('INV1', [
      {
        integrationId: 'a',
        integrationName: 'old',
        type: 'MAKE_COM',
        status: 'SYNCED',
        attempts: 3,
        approvedAt: '2026-10-01T00:00:00.000Z',
        updatedAt: '2026-10-01T00:00:00.000Z',
      },
    ]);
    await createSyncHandler(deps)(sqsEvent(1, ['INV1', 'a']));
    expect(pushes).toHaveLength(1);
    expect(resultOf('INV1', 'a')).toMatchObject({ status: 'SYNCED', attempts: 1, approvedAt: APPROVED_AT });
  });

  it('on the attempt after which SQS dead-letters the message: FAILED and sync_failed', async () => {
    const { deps, approved, notified, resultOf } = fakes(
      [integration('a', 'MAKE_COM', { apiUrl: 'http://a' })],
      () => ({ ok: false, error: 'refused' }),
    );
    approved('INV1');
    const handler = createSyncHandler(deps);
    await handler(sqsEvent(4, ['INV1', 'a']));
    expect(notified).toEqual([]);
    expect(resultOf('INV1', 'a')?.status).toBe('RETRYING');
    const last = await handler(sqsEvent(5, ['INV1', 'a']));
    expect(last.batchItemFailures).toEqual([{ itemIdentifier: 'INV1/a' }]);
    expect(notified).toEqual(['INV1: MAKE_COM a: refused']);
    expect(resultOf('INV1', 'a')).toMatchObject({ status: 'FAILED', nextAttemptAt: null, attempts: 2 });
  });

  it('a permanent failure ends FAILED at once, notifies, and is not retried', async () => {
    const { deps, approved, notified, resultOf } = fakes(
      [integration('q', 'QUICKBOOKS', { apiKey: 'k' })],
      () => ({ ok: false, error: 'Reconnect QuickBooks', permanent: true }),
    );
    approved('INV1');
    const result = await createSyncHandler(deps)(sqsEvent(1, ['INV1', 'q']));
    expect(result.batchItemFailures).toEqual([]);
    expect(resultOf('INV1', 'q')).toMatchObject({ status: 'FAILED', lastError: 'Reconnect QuickBooks' });
    expect(notified).toEqual(['INV1: QUICKBOOKS q: Reconnect QuickBooks']);
  });

  it('skips invoices no longer approved and integrations switched off; fans out a message of the older shape', async () => {
    const off = { ...integration('x', 'MAKE_COM', { apiUrl: 'http://x' }), status: 'INACTIVE' as const };
    const { deps, approved, pushes, fannedOut } = fakes([off], () => ({ ok: true, remoteId: null }));
    approved('INV1');
    const handler = createSyncHandler(deps);
    await handler(sqsEvent(1, ['INV1', 'x'], ['GONE', 'x']));
    expect(pushes).toEqual([]);
    const legacy = sqsEvent(1, ['INV1', 'x']);
    legacy.Records[0].body = JSON.stringify({ orgId: 'ORG1', invoiceId: 'INV1', at: APPROVED_AT });
    expect((await handler(legacy)).batchItemFailures).toEqual([]);
    expect(fannedOut).toEqual(['INV1']);
  });
});
