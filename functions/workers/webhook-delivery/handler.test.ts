import { createHmac } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { EventInvoice, WebhookDelivery } from '../../../shared/schemas';
import type { WebhookItem } from '../../adapters/dynamodb/webhooks';
import type { PostResult } from '../../adapters/http';
import type { WebhookAttemptMessage } from '../../adapters/sqs/invoice-events';
import { createWebhookHandler, type WebhookDeps } from './handler';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const OLD_SECRET = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;

/** What only an event's invoice carries: its line items and file link. */
const EVENT_PARTS = {
  lineItems: [{ id: 'L1', description: 'Valve', quantity: 1, unitPrice: 40, totalPrice: 40 }],
  file: { filename: 'a.pdf', contentType: 'application/pdf', url: 'https://files/a.pdf', expiresAt: 'x' },
};

const webhook = (id: string, url: string, events: string[], secret: string | null = null): WebhookItem => ({
  id,
  url,
  events,
  secret,
  secretFormat: 'standard',
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

/** In-memory stand-ins for the table, the queue, the clock and the network. */
function fakes(hooks: WebhookItem[], answer: (url: string) => PostResult) {
  const posts: { url: string; body: string; headers: Record<string, string> }[] = [];
  const delivered = new Set<string>();
  const log: Omit<WebhookDelivery, 'id' | 'createdAt'>[] = [];
  const queued: { message: WebhookAttemptMessage; delaySeconds: number }[] = [];
  const disabled: { id: string; reason: string }[] = [];
  const notes: string[] = [];
  const clock = { now: new Date('2026-11-01T10:00:00.000Z') };
  const deps: WebhookDeps = {
    config: () => ({
      retry: { baseSeconds: 60, windowSeconds: 3 * 86_400 },
      disableAfterSeconds: 5 * 86_400,
    }),
    now: () => clock.now,
    findInvoice: async (_org, id) => ({ id, status: 'PROCESSED', ...EVENT_PARTS }) as unknown as EventInvoice,
    listWebhooks: async () => hooks,
    getWebhook: async (_org, id) => hooks.find((h) => h.id === id),
    recordDelivery: async (_org, id, r) => {
      const hook = hooks.find((h) => h.id === id);
      if (!hook || hook.status === 'INACTIVE') return undefined;
      hook.failingSince = r.ok ? null : (hook.failingSince ?? clock.now.toISOString());
      return hook;
    },
    addDelivery: async (_org, d) => log.push(d),
    disableWebhook: async (_org, id, reason) => {
      disabled.push({ id, reason });
    },
    notify: async (_org, message) => notes.push(message),
    wasDelivered: async (_o, invoiceId, key) => delivered.has(`${invoiceId}/${key}`),
    markDelivered: async (_o, invoiceId, key) => {
      delivered.add(`${invoiceId}/${key}`);
    },
    // Stands in for the envelope: a stored secret `sealed:<clear>` opens to `<clear>`.
    openSecret: async (_org, stored) => stored.replace(/^sealed:/, ''),
    post: async (url, body, headers) => {
      posts.push({ url, body, headers });
      return answer(url);
    },
    enqueue: async (message, delaySeconds) => {
      queued.push({ message, delaySeconds });
    },
  };
  return { deps, posts, log, queued, disabled, notes, clock };
}

const message = (invoiceId: string, event = 'invoice.processed') => ({
  orgId: 'ORG1',
  invoiceId,
  event,
  at: '2026-11-01T10:00:00.000Z',
});

describe('webhook delivery worker', () => {
  it('posts the event body to subscribed webhooks only, signed so that standardwebhooks verifies it', async () => {
    const { deps, posts, log } = fakes(
      [
        webhook('w1', 'http://a/hook', ['invoice.processed'], `sealed:${SECRET}`),
        webhook('w2', 'http://b/hook', ['invoice.approved']),
      ],
      () => ({ ok: true, status: 200, response: 'thanks' }),
    );
    deps.now = () => new Date(); // Webhook.verify refuses timestamps more than 5 minutes off.
    const result = await createWebhookHandler(deps)(sqsEvent({ id: 'm1', body: message('INV1') }));
    expect(result.batchItemFailures).toEqual([]);
    expect(posts).toHaveLength(1);
    const [{ body, headers }] = posts;
    expect(new Webhook(SECRET).verify(body, headers)).toEqual({
      id: headers['webhook-id'],
      type: 'invoice.processed',
      event: 'invoice.processed',
      timestamp: message('INV1').at,
      invoice: {
        id: 'INV1',
        status: 'PROCESSED',
        ...EVENT_PARTS,
      },
    });
    expect(headers['webhook-id']).toMatch(/^msg_/);
    expect(headers['x-signature']).toBeUndefined();
    expect(log).toMatchObject([
      { webhookId: 'w1', attempt: 1, ok: true, statusCode: 200, response: 'thanks' },
    ]);
  });

  it('retries a failure later through the queue with the same webhook-id, and stops after a success', async () => {
    let down = true;
    const hooks = [webhook('w1', 'http://a/hook', ['invoice.processed'], `sealed:${SECRET}`)];
    const { deps, posts, log, queued, clock } = fakes(hooks, () =>
      down ? { ok: false, status: 503, error: 'The endpoint answered 503' } : { ok: true, status: 204 },
    );
    const handler = createWebhookHandler(deps);
    expect((await handler(sqsEvent({ id: 'm1', body: message('INV1') }))).batchItemFailures).toEqual([]);
    expect(queued).toHaveLength(1);
    const [{ message: retry, delaySeconds }] = queued;
    expect(retry).toMatchObject({ kind: 'attempt', webhookId: 'w1', attempt: 2, resend: false });
    expect(delaySeconds).toBeGreaterThanOrEqual(48); // 60 s ± 20 %
    expect(delaySeconds).toBeLessThanOrEqual(72);
    expect(log[0]).toMatchObject({ ok: false, statusCode: 503, nextRetryAt: retry.dueAt });

    // Received before it is due (an early redelivery): put back, nothing posted.
    await handler(sqsEvent({ id: 'm2', body: retry }));
    expect(posts).toHaveLength(1);
    expect(queued[1].message).toEqual(retry);

    down = false;
    clock.now = new Date(Date.parse(retry.dueAt) + 1000);
    await handler(sqsEvent({ id: 'm3', body: retry }));
    expect(posts).toHaveLength(2);
    expect(posts[1].headers['webhook-id']).toBe(posts[0].headers['webhook-id']);
    expect(queued).toHaveLength(2);
    expect(log[1]).toMatchObject({ attempt: 2, ok: true, nextRetryAt: null });
  });

  it('waits longer than SQS allows in 900-second steps, and gives up after the retry window', async () => {
    const hooks = [webhook('w1', 'http://a/hook', ['invoice.processed'])];
    const { deps, queued, log, clock } = fakes(hooks, () => ({ ok: false, status: 500 }));
    const handler = createWebhookHandler(deps);
    const late: WebhookAttemptMessage = {
      ...message('INV1'),
      event: 'invoice.processed',
      kind: 'attempt',
      webhookId: 'w1',
      attempt: 12,
      firstAttemptAt: '2026-10-29T12:00:00.000Z',
      dueAt: clock.now.toISOString(),
      resend: false,
    };
    await handler(sqsEvent({ id: 'm1', body: late }));
    expect(log[0]).toMatchObject({ attempt: 12, nextRetryAt: null }); // 12 h more would pass 3 days
    expect(queued).toEqual([]);

    await handler(sqsEvent({ id: 'm2', body: { ...late, dueAt: '2026-11-01T12:00:00.000Z' } }));
    expect(queued.map((q) => q.delaySeconds)).toEqual([900]);
  });

  it('disables the endpoint at once on 410, with a notification and no retry', async () => {
    const hooks = [webhook('w1', 'http://gone/hook', ['invoice.processed'])];
    const { deps, queued, disabled, notes } = fakes(hooks, () => ({ ok: false, status: 410 }));
    await createWebhookHandler(deps)(sqsEvent({ id: 'm1', body: message('INV1') }));
    expect(disabled).toEqual([{ id: 'w1', reason: 'The endpoint answered 410 Gone' }]);
    expect(notes).toEqual(['Webhook http://gone/hook was disabled: The endpoint answered 410 Gone']);
    expect(queued).toEqual([]);
  });

  it('disables an endpoint whose deliveries have failed for 5 days', async () => {
    const hooks = [
      {
        ...webhook('w1', 'http://down/hook', ['invoice.processed']),
        failingSince: '2026-10-27T09:00:00.000Z',
      },
    ];
    const { deps, queued, disabled } = fakes(hooks, () => ({ ok: false, status: null, error: 'timeout' }));
    await createWebhookHandler(deps)(sqsEvent({ id: 'm1', body: message('INV1') }));
    expect(disabled).toEqual([{ id: 'w1', reason: 'Every delivery failed for 5 days' }]);
    expect(queued).toEqual([]);
  });

  it('signs with both secrets during a rotation overlap, and only the new one after it', async () => {
    const hooks = [
      {
        ...webhook('w1', 'http://a/hook', ['invoice.processed'], SECRET),
        previousSecret: OLD_SECRET,
        previousSecretFormat: 'standard' as const,
        previousSecretExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
      },
    ];
    const { deps, posts } = fakes(hooks, () => ({ ok: true, status: 200 }));
    deps.now = () => new Date();
    const handler = createWebhookHandler(deps);
    await handler(sqsEvent({ id: 'm1', body: message('INV1') }));
    const [first] = posts;
    expect(first.headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [SECRET, OLD_SECRET])
      expect(new Webhook(secret).verify(first.body, first.headers)).toBeTruthy();

    hooks[0].previousSecretExpiresAt = new Date(Date.now() - 1000).toISOString();
    await handler(sqsEvent({ id: 'm2', body: message('INV2') }));
    expect(() => new Webhook(OLD_SECRET).verify(posts[1].body, posts[1].headers)).toThrow();
    expect(new Webhook(SECRET).verify(posts[1].body, posts[1].headers)).toBeTruthy();
  });

  it('keeps a secret stored before Standard Webhooks working: raw-key Standard Webhooks signature and the old x-signature', async () => {
    // Hex happens to be valid base64 too: only the stored format tells a legacy secret apart.
    const legacy = 'whsec_0123456789abcdef0123456789abcdef';
    const stored = {
      ...webhook('w1', 'http://a/hook', ['invoice.processed'], legacy),
      secretFormat: undefined,
    };
    const { deps, posts } = fakes([stored], () => ({ ok: true, status: 200 }));
    deps.now = () => new Date();
    await createWebhookHandler(deps)(sqsEvent({ id: 'm1', body: message('INV1') }));
    const [{ body, headers }] = posts;
    expect(new Webhook(legacy, { format: 'raw' }).verify(body, headers)).toBeTruthy();
    expect(headers['x-signature']).toBe(`sha256=${createHmac('sha256', legacy).update(body).digest('hex')}`);
  });

  it('does not deliver twice when the event message is received again', async () => {
    const { deps, posts } = fakes([webhook('w1', 'http://a/hook', ['invoice.processed'])], () => ({
      ok: true,
      status: 200,
    }));
    const handler = createWebhookHandler(deps);
    await handler(sqsEvent({ id: 'm1', body: message('INV1') }));
    await handler(sqsEvent({ id: 'm1', body: message('INV1') }));
    expect(posts).toHaveLength(1);
  });

  it('reports a message whose body is not JSON as failed (it can only dead-letter)', async () => {
    const { deps } = fakes([], () => ({ ok: true, status: 200 }));
    const result = await createWebhookHandler(deps)(sqsEvent({ id: 'bad', body: 'not json' }));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }]);
  });
});
