import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { IntegrationItem } from '../../adapters/dynamodb/integrations';
import type { InvoiceItem, SyncResult } from '../../adapters/dynamodb/invoices';
import type { PostResult } from '../../adapters/http';
import { createSyncHandler, mergeSyncResults, requestFor, type SyncDeps } from './handler';

const integration = (
  id: string,
  type: IntegrationItem['type'],
  config: Record<string, string>,
): IntegrationItem => ({
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

function sqsEvent(receiveCount: number, ...ids: string[]): SQSEvent {
  return {
    Records: ids.map((id) => ({
      messageId: id,
      receiptHandle: id,
      body: JSON.stringify({ orgId: 'ORG1', invoiceId: id, at: '2026-11-01T10:00:00.000Z' }),
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

function fakes(integrations: IntegrationItem[], answer: (url: string) => PostResult) {
  const invoices = new Map<string, InvoiceItem>();
  const posts: { url: string; headers: Record<string, string> }[] = [];
  const notified: string[] = [];
  const synced: string[] = [];
  const deps: SyncDeps = {
    findInvoice: async (_o, id) => invoices.get(id),
    payloadOf: async (invoice) => ({ id: invoice.id }),
    listIntegrations: async () => integrations,
    recordIntegrationResult: async () => undefined,
    saveSyncResults: async (_o, id, results) => {
      const invoice = invoices.get(id) as InvoiceItem;
      invoices.set(id, { ...invoice, syncResults: mergeSyncResults(invoice.syncResults, results) });
    },
    notifySyncFailed: async (_o, invoice) => {
      notified.push(invoice.id);
    },
    publishSynced: async (_o, id) => {
      synced.push(id);
    },
    // Stands in for the envelope: a stored value `sealed:<clear>` opens to `<clear>`.
    openConfig: async (_o, config) =>
      Object.fromEntries(Object.entries(config).map(([k, v]) => [k, v.replace(/^sealed:/, '')])),
    post: async (url, _body, headers) => {
      posts.push({ url, headers });
      return answer(url);
    },
  };
  const approved = (id: string, syncResults: SyncResult[] = []) =>
    invoices.set(id, {
      id,
      status: 'APPROVED',
      filename: `${id}.pdf`,
      invoiceNumber: null,
      syncResults,
    } as unknown as InvoiceItem);
  return { deps, invoices, posts, notified, synced, approved };
}

describe('integration sync worker', () => {
  it('calls each integration with its credentials: Make.com webhook, Propertyware basic auth, QuickBooks bearer', () => {
    expect(requestFor(integration('1', 'MAKE_COM', { apiUrl: 'https://hook.make.com/x' }))).toEqual({
      url: 'https://hook.make.com/x',
      headers: {},
    });
    expect(
      requestFor(
        integration('2', 'PROPERTYWARE', { apiUrl: 'https://pw/api', username: 'u', password: 'p' }),
      ),
    ).toEqual({
      url: 'https://pw/api',
      headers: { authorization: `Basic ${Buffer.from('u:p').toString('base64')}` },
    });
    expect(requestFor(integration('3', 'QUICKBOOKS', { apiKey: 'k' }))).toEqual({
      error: 'No API URL is configured for QUICKBOOKS 3',
    });
  });

  it('sends the opened credentials, never the stored (sealed) form', async () => {
    const { deps, approved, posts } = fakes(
      [integration('p', 'PROPERTYWARE', { apiUrl: 'https://pw/api', username: 'u', password: 'sealed:pw' })],
      () => ({ ok: true, status: 200 }),
    );
    approved('INV1');
    await createSyncHandler(deps)(sqsEvent(1, 'INV1'));
    expect(posts.map((p) => p.headers.authorization)).toEqual([
      `Basic ${Buffer.from('u:pw').toString('base64')}`,
    ]);
  });

  it('records SYNCED per integration and reports no failure when all succeed', async () => {
    const { deps, invoices, approved, synced } = fakes(
      [
        integration('a', 'MAKE_COM', { apiUrl: 'http://a' }),
        integration('b', 'MAKE_COM', { apiUrl: 'http://b' }),
      ],
      () => ({ ok: true, status: 200 }),
    );
    approved('INV1');
    const result = await createSyncHandler(deps)(sqsEvent(1, 'INV1'));
    expect(result.batchItemFailures).toEqual([]);
    expect(invoices.get('INV1')?.syncResults.map((r) => [r.integrationId, r.status, r.attempts])).toEqual([
      ['a', 'SYNCED', 1],
      ['b', 'SYNCED', 1],
    ]);
    expect(synced).toEqual(['INV1']);
  });

  it('fails only the message whose push failed; the retry calls only the failed integration', async () => {
    let bDown = true;
    const { deps, invoices, approved, posts } = fakes(
      [
        integration('a', 'MAKE_COM', { apiUrl: 'http://a' }),
        integration('b', 'MAKE_COM', { apiUrl: 'http://b' }),
      ],
      (url) =>
        url === 'http://b' && bDown
          ? { ok: false, status: 500, error: 'HTTP 500' }
          : { ok: true, status: 200 },
    );
    approved('INV1');
    const handler = createSyncHandler(deps);
    const first = await handler(sqsEvent(1, 'INV1', 'NOT-APPROVED'));
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'INV1' }]);
    expect(invoices.get('INV1')?.syncResults.find((r) => r.integrationId === 'b')).toMatchObject({
      status: 'FAILED',
      lastError: 'HTTP 500',
    });
    bDown = false;
    posts.length = 0;
    expect((await handler(sqsEvent(2, 'INV1'))).batchItemFailures).toEqual([]);
    expect(posts.map((p) => p.url)).toEqual(['http://b']);
    expect(invoices.get('INV1')?.syncResults.find((r) => r.integrationId === 'b')).toMatchObject({
      status: 'SYNCED',
      attempts: 2,
    });
  });

  it('notifies sync_failed only on the attempt after which SQS dead-letters the message', async () => {
    const { deps, approved, notified } = fakes(
      [integration('a', 'MAKE_COM', { apiUrl: 'http://a' })],
      () => ({
        ok: false,
        status: null,
        error: 'refused',
      }),
    );
    approved('INV1');
    const handler = createSyncHandler(deps);
    await handler(sqsEvent(4, 'INV1'));
    expect(notified).toEqual([]);
    const last = await handler(sqsEvent(5, 'INV1'));
    expect(last.batchItemFailures).toEqual([{ itemIdentifier: 'INV1' }]);
    expect(notified).toEqual(['INV1']);
  });
});
