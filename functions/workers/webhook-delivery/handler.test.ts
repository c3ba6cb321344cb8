import { createHmac } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/schemas';
import type { WebhookItem } from '../../adapters/dynamodb/webhooks';
import type { PostResult } from '../../adapters/http';
import { createWebhookHandler, type WebhookDeps } from './handler';

const webhook = (id: string, url: string, events: string[], secret: string | null = null): WebhookItem => ({
  id,
  url,
  events,
  secret,
  status: 'ACTIVE',
  lastDeliveryAt: null,
  lastDeliveryStatus: null,
  consecutiveFailures: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function sqsEvent(...messages: { id: string; body: unknown }[]): SQSEvent {
  return {
    Records: messages.map(({ id, body }) => ({
      messageId: id,
      receiptHandle: id,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      attributes: {
        ApproximateReceiveCount: '1',
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

/** In-memory stand-ins for the table and the network. */
function fakes(hooks: WebhookItem[], answer: (url: string) => PostResult) {
  const posts: { url: string; body: string; headers: Record<string, string> }[] = [];
  const delivered = new Set<string>();
  const recorded: { id: string; ok: boolean }[] = [];
  const deps: WebhookDeps = {
    findInvoice: async (_org, id) => ({ id, status: 'PROCESSED' }) as Invoice,
    listWebhooks: async () => hooks,
    recordDelivery: async (_org, id, r) => {
      recorded.push({ id, ok: r.ok });
    },
    wasDelivered: async (_o, _i, key) => delivered.has(key),
    markDelivered: async (_o, _i, key) => {
      delivered.add(key);
    },
    // Stands in for the envelope: a stored secret `sealed:<clear>` opens to `<clear>`.
    openSecret: async (_org, stored) => stored.replace(/^sealed:/, ''),
    post: async (url, body, headers) => {
      posts.push({ url, body, headers });
      return answer(url);
    },
  };
  return { deps, posts, recorded };
}

const message = (invoiceId: string, event = 'invoice.processed') => ({
  orgId: 'ORG1',
  invoiceId,
  event,
  at: '2026-11-01T10:00:00.000Z',
});

describe('webhook delivery worker', () => {
  it('posts {event, invoice} signed with the HMAC (under the opened secret) of the exact body to subscribed webhooks only', async () => {
    const { deps, posts } = fakes(
      [
        webhook('w1', 'http://a/hook', ['invoice.processed'], 'sealed:s3cret'),
        webhook('w2', 'http://b/hook', ['invoice.approved']),
      ],
      () => ({ ok: true, status: 200 }),
    );
    const result = await createWebhookHandler(deps)(sqsEvent({ id: 'm1', body: message('INV1') }));
    expect(result.batchItemFailures).toEqual([]);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].body)).toEqual({
      event: 'invoice.processed',
      invoice: { id: 'INV1', status: 'PROCESSED' },
    });
    const expected = createHmac('sha256', 's3cret').update(posts[0].body).digest('hex');
    expect(posts[0].headers['x-signature']).toBe(`sha256=${expected}`);
  });

  it('reports only the failed message of a batch, and a retry skips the webhooks already served', async () => {
    let downFails = true;
    const { deps, posts, recorded } = fakes(
      [
        webhook('ok', 'http://ok/hook', ['invoice.processed']),
        webhook('down', 'http://down/hook', ['invoice.processed']),
      ],
      (url) =>
        url.includes('down') && downFails
          ? { ok: false, status: 503, error: 'HTTP 503' }
          : { ok: true, status: 200 },
    );
    const handler = createWebhookHandler(deps);
    const first = await handler(
      sqsEvent({ id: 'm1', body: message('INV1') }, { id: 'm2', body: message('INV2', 'invoice.approved') }),
    );
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(recorded).toContainEqual({ id: 'down', ok: false });

    downFails = false;
    posts.length = 0;
    const retry = await handler(sqsEvent({ id: 'm1', body: message('INV1') }));
    expect(retry.batchItemFailures).toEqual([]);
    expect(posts.map((p) => p.url)).toEqual(['http://down/hook']);
  });

  it('reports a message whose body is not JSON as failed (it can only dead-letter)', async () => {
    const { deps } = fakes([], () => ({ ok: true, status: 200 }));
    const result = await createWebhookHandler(deps)(sqsEvent({ id: 'bad', body: 'not json' }));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }]);
  });
});
