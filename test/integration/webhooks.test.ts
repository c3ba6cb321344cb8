import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  notificationListSchema,
  type WebhookDelivery,
  webhookDeliveryPageSchema,
  webhookSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { until } from '../helpers/until';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/** These waits cover retries with backoff, so they are given longer. */
const untilLong = <T>(
  what: string,
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
) => until(what, read, 45_000);

/**
 * Webhooks against the real local parts: a receiver on loopback verifies every delivery with the
 * `standardwebhooks` package, retries come back through the local SQS queue (delays shortened by
 * WEBHOOK_RETRY_BASE_SECONDS), and the delivery log and Resend are read through the API.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}
const received: Received[] = [];
/** What the receiver answers per path; the default is 200. */
const answers = new Map<string, () => number>();
let receiver: Server;
let base: string;
let stack: TestStack;
let api: Api;

async function upload(invoiceNumber: string): Promise<string> {
  const response = await api('/api/invoices/upload', {
    method: 'POST',
    body: fileForm(await invoicePdf(plumbingInvoice({ invoiceNumber })), `${invoiceNumber}.pdf`),
  });
  return (await body(response, 201, z.object({ id: z.string() }))).id;
}

async function createHook(path: string) {
  const response = await api('/api/webhooks', {
    method: 'POST',
    json: { url: `${base}${path}`, events: ['invoice.uploaded'] },
  });
  const hook = await body(response, 201, webhookSchema);
  return { ...hook, secret: hook.secret ?? '' };
}

const deliveriesTo = (path: string, invoiceId: string) =>
  received.filter((r) => r.path === path && JSON.parse(r.body).invoice?.id === invoiceId);

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { event: string };

async function log(webhookId: string, query = ''): Promise<WebhookDelivery[]> {
  return (
    await body(await api(`/api/webhooks/${webhookId}/deliveries${query}`), 200, webhookDeliveryPageSchema)
  ).items;
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = answers.get(req.url ?? '')?.() ?? 200;
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        answered,
      });
      res.statusCode = answered;
      res.end(answered === 200 ? 'received' : 'not now');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Retries after about 1 s, 2 s, 4 s… instead of 30 s, 1 min, 2 min…
  process.env.WEBHOOK_RETRY_BASE_SECONDS = '1';
  stack = await startTestStack({ allowLoopbackOutbound: true, workflow: false });
  api = (await stack.newUser()).api;
});
afterAll(async () => {
  await stack?.stop();
  delete process.env.WEBHOOK_RETRY_BASE_SECONDS;
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe('webhook deliveries', () => {
  it('are signed so that standardwebhooks verifies them with the secret answered at creation', async () => {
    const hook = await createHook('/signed');
    expect(hook.secret).toMatch(/^whsec_/);
    const invoiceId = await upload('WH-SIGNED');
    const delivery = await untilLong('the delivery', () => deliveriesTo('/signed', invoiceId)[0]);
    expect(verify(hook.secret, delivery)).toMatchObject({
      event: 'invoice.uploaded',
      invoice: { id: invoiceId },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        delivery.body,
        delivery.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it('reach a receiver that was down for a while exactly once, every attempt with the same webhook-id; the log shows each', async () => {
    let failuresLeft = 2;
    answers.set('/flaky', () => (failuresLeft-- > 0 ? 503 : 200));
    const hook = await createHook('/flaky');
    const invoiceId = await upload('WH-FLAKY');
    await untilLong('a successful delivery', () =>
      deliveriesTo('/flaky', invoiceId).find((r) => r.answered === 200),
    );
    await new Promise((r) => setTimeout(r, 4000)); // Nothing more may come.
    const attempts = deliveriesTo('/flaky', invoiceId);
    expect(attempts.map((r) => r.answered)).toEqual([503, 503, 200]);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const attempt of attempts)
      expect(verify(hook.secret, attempt)).toMatchObject({ event: 'invoice.uploaded' });

    const entries = await log(hook.id);
    expect(entries.map((e) => [e.attempt, e.ok, e.statusCode])).toEqual([
      [3, true, 200],
      [2, false, 503],
      [1, false, 503],
    ]);
    expect(entries.map((e) => e.messageId)).toEqual(attempts.map((r) => r.headers['webhook-id']));
    expect(entries[0]).toMatchObject({
      response: 'received',
      nextRetryAt: null,
      event: 'invoice.uploaded',
      invoiceId,
    });
    expect(entries[1].nextRetryAt).not.toBeNull();
    expect(Date.parse(entries[1].nextRetryAt ?? '')).toBeGreaterThan(Date.parse(entries[1].createdAt));

    // Paged, newest first.
    const first = await body(
      await api(`/api/webhooks/${hook.id}/deliveries?limit=2`),
      200,
      webhookDeliveryPageSchema,
    );
    expect(first.items.map((e) => e.attempt)).toEqual([3, 2]);
    expect(first.nextCursor).not.toBeNull();
    expect((await log(hook.id, `?limit=2&cursor=${first.nextCursor}`)).map((e) => e.attempt)).toEqual([1]);

    // Resend: one more attempt with the same webhook-id, logged as a resend.
    const resend = await api(`/api/webhooks/${hook.id}/deliveries/${entries[0].id}/resend`, {
      method: 'POST',
    });
    expect(resend.status).toBe(202);
    const again = await untilLong('the resent delivery', () => deliveriesTo('/flaky', invoiceId)[3]);
    expect(again.headers['webhook-id']).toBe(attempts[0].headers['webhook-id']);
    expect(verify(hook.secret, again)).toMatchObject({ invoice: { id: invoiceId } });
    const logged = await untilLong('the resend in the log', async () =>
      (await log(hook.id)).find((e) => e.resend),
    );
    expect(logged).toMatchObject({ attempt: 4, ok: true, statusCode: 200 });
  });

  it('disable the endpoint at once when it answers 410, with a notification, and stop', async () => {
    answers.set('/gone', () => 410);
    const hook = await createHook('/gone');
    const invoiceId = await upload('WH-GONE');
    await untilLong('the 410 attempt', () => deliveriesTo('/gone', invoiceId)[0]);
    const disabled = await untilLong('the endpoint disabled', async () => {
      const now = await body(await api(`/api/webhooks/${hook.id}`), 200, webhookSchema);
      return now.status === 'INACTIVE' ? now : undefined;
    });
    expect(disabled.disabledReason).toBe('The endpoint answered 410 Gone');
    const notes = await body(await api('/api/notifications'), 200, notificationListSchema);
    expect(notes.items.map((n) => n.message)).toContain(
      `Webhook ${base}/gone was disabled: The endpoint answered 410 Gone`,
    );
    const second = await upload('WH-GONE-2');
    await untilLong('the next event elsewhere', () => deliveriesTo('/signed', second)[0]);
    await new Promise((r) => setTimeout(r, 3000));
    expect(received.filter((r) => r.path === '/gone')).toHaveLength(1);
    const entries = await log(hook.id);
    expect(entries.map((e) => [e.attempt, e.statusCode, e.nextRetryAt])).toEqual([[1, 410, null]]);
    const refused = await api(`/api/webhooks/${hook.id}/deliveries/${entries[0].id}/resend`, {
      method: 'POST',
    });
    expect(refused.status).toBe(409);
  });

  it('answer 404 for the log and resend of an unknown webhook or delivery', async () => {
    const hook = await createHook('/signed-too');
    expect((await api('/api/webhooks/01JAAAAAAAAAAAAAAAAAAAAAAA/deliveries')).status).toBe(404);
    const missing = await api(`/api/webhooks/${hook.id}/deliveries/01JAAAAAAAAAAAAAAAAAAAAAAA/resend`, {
      method: 'POST',
    });
    expect(missing.status).toBe(404);
    expect((await api(`/api/webhooks/${hook.id}/deliveries?cursor=forged`)).status).toBe(400);
  });
});
