import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIntegration, listIntegrations } from '../../functions/adapters/dynamodb/integrations';
import { getInvoice } from '../../functions/adapters/dynamodb/invoices';
import { createWebhook, listWebhooks } from '../../functions/adapters/dynamodb/webhooks';
import { REFUSED_URL_MESSAGE } from '../../functions/adapters/http';
import { sendMessage } from '../../functions/adapters/sqs/queues';
import { CONNECTION_REFUSED } from '../../functions/core/integrations/test-connection';
import { saveInvoice } from '../../functions/core/invoices/commit';
import { integrationTestResultSchema, webhookSchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { until } from '../helpers/until';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/**
 * SSRF: with loopback NOT allowed (as in the cloud), no user-given URL may reach an internal address,
 * whether it is stored through the API (400) or was stored before the check existed (refused at send).
 * A receiver on this machine's loopback (IPv4 and IPv6) counts every request that gets through: none may.
 */
let receiver: Server;
let port: number;
let hits = 0;
let stack: TestStack;
let api: Api;
let orgId: string;

/**
 * The internal URL forms of both probes, aimed at the receiver where a port applies: literals, the
 * trailing-dot and special-use names, IPv6 loopback, unique-local and IPv4-mapped addresses.
 */
const internalUrls = () => [
  `http://127.0.0.1:${port}/hook`,
  `http://127.1:${port}/hook`,
  `http://0x7f000001:${port}/hook`,
  `http://2130706433:${port}/hook`,
  `http://[::1]:${port}/hook`,
  `http://[::ffff:127.0.0.1]:${port}/hook`,
  `http://localhost:${port}/hook`,
  `http://localhost.:${port}/hook`,
  `http://LocalHost..:${port}/hook`,
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata.google.internal./',
  'http://[fd00::1]/hook',
  'http://[::ffff:10.0.0.1]/hook',
  'http://[::ffff:7f00:1]/hook',
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://169.254.170.2/v2/credentials',
  'http://10.0.0.1/hook',
  'http://192.168.0.1/hook',
  'http://172.16.0.1/hook',
  'http://100.64.0.1/hook',
  'http://[fe80::1]/hook',
];

const errorSchema = z.object({ message: z.string(), issues: z.array(z.object({ path: z.string() })) });

async function upload(invoiceNumber: string): Promise<string> {
  const response = await api('/api/invoices/upload', {
    method: 'POST',
    body: fileForm(await invoicePdf(plumbingInvoice({ invoiceNumber })), `${invoiceNumber}.pdf`),
  });
  return (await body(response, 201, z.object({ id: z.string() }))).id;
}

beforeAll(async () => {
  receiver = createServer((_req, res) => {
    hits++;
    res.statusCode = 418;
    res.end('internal secrets');
  });
  // `::` also takes IPv4 (as ::ffff:127.0.0.1), so every loopback form would land here if let through.
  await new Promise<void>((r) => receiver.listen(0, '::', () => r()));
  port = (receiver.address() as AddressInfo).port;
  stack = await startTestStack({ allowLoopbackOutbound: false, workflow: false, queueRetryBaseSeconds: 1 });
  api = (await stack.newUser()).api;
  orgId = (await (await api('/api/auth/user')).json()).organization.id;
});
afterAll(async () => {
  await stack?.stop();
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe('user-given URLs at creation', () => {
  it('refuses every internal address form as a webhook URL with 400', async () => {
    for (const url of internalUrls()) {
      const response = await api('/api/webhooks', {
        method: 'POST',
        json: { url, events: ['invoice.uploaded'] },
      });
      const error = await body(response, 400, errorSchema);
      expect(error.message, url).toBe(REFUSED_URL_MESSAGE);
      expect(error.issues.map((i) => i.path)).toEqual(['url']);
    }
    expect((await listWebhooks(orgId)).length).toBe(0);
  });

  it('refuses every internal address form as an integration URL with 400, on create and on edit', async () => {
    for (const url of internalUrls()) {
      const response = await api('/api/integrations', {
        method: 'POST',
        json: { name: 'Scenario', type: 'MAKE_COM', config: { apiUrl: url } },
      });
      expect(
        (await body(response, 400, errorSchema)).issues.map((i) => i.path),
        url,
      ).toEqual(['config.apiUrl']);
    }
    const created = await api('/api/integrations', {
      method: 'POST',
      json: { name: 'Public', type: 'MAKE_COM', config: { apiUrl: 'https://hook.eu1.make.com/abc' } },
    });
    const { id } = await body(created, 201, z.object({ id: z.string() }));
    const edit = await api(`/api/integrations/${id}`, {
      method: 'PUT',
      json: { config: { apiUrl: 'http://169.254.169.254/latest/meta-data/' } },
    });
    expect((await body(edit, 400, errorSchema)).message).toBe(REFUSED_URL_MESSAGE);
  });

  it('accepts a public https URL', async () => {
    const ok = await api('/api/webhooks', {
      method: 'POST',
      json: { url: 'https://hooks.example.com/invoices', events: ['invoice.processed'] },
    });
    expect((await body(ok, 201, webhookSchema)).url).toBe('https://hooks.example.com/invoices');
  });
});

describe('user-given URLs stored before the check (refused at send time)', () => {
  it('test-connection refuses each one with a generic answer and calls nothing', async () => {
    for (const url of internalUrls()) {
      const item = await createIntegration(orgId, {
        name: 'Legacy',
        type: 'PROPERTYWARE',
        config: { apiUrl: url, username: 'u', password: 'p' },
      });
      const response = await api(`/api/integrations/${item.id}/test`, { method: 'POST' });
      const result = await body(response, 200, integrationTestResultSchema);
      expect(result).toMatchObject({ ok: false, status: null, message: CONNECTION_REFUSED });
      expect(result.integration.lastError).toBe(CONNECTION_REFUSED);
    }
    expect(hits).toBe(0);
  });

  it('the webhook worker refuses to deliver to each one', async () => {
    const ids: string[] = [];
    for (const url of internalUrls())
      ids.push((await createWebhook(orgId, { url, events: ['invoice.uploaded'], secret: null })).id);
    await upload('SSRF-1');
    await until(
      'a delivery attempt on every webhook',
      async () =>
        (await listWebhooks(orgId)).filter((w) => ids.includes(w.id) && w.lastDeliveryAt).length ===
        ids.length,
    );
    const hooks = (await listWebhooks(orgId)).filter((w) => ids.includes(w.id));
    expect(hooks.map((w) => [w.status, w.lastDeliveryStatus])).toEqual(ids.map(() => ['FAILING', null]));
    expect(hits).toBe(0);
  });

  it('the integration sync worker refuses to push to each one', async () => {
    const legacy: string[] = [];
    for (const url of internalUrls())
      legacy.push(
        (await createIntegration(orgId, { name: 'Legacy sync', type: 'MAKE_COM', config: { apiUrl: url } }))
          .id,
      );
    // An approved invoice and its sync message, as approval would publish them.
    const invoiceId = await upload('SSRF-SYNC-1');
    await saveInvoice(await getInvoice(orgId, invoiceId), { status: 'APPROVED' }, null);
    await sendMessage(stack.queues.sync, { orgId, invoiceId, at: new Date().toISOString() });
    const refused = async () =>
      (await listIntegrations(orgId)).filter(
        (i) => legacy.includes(i.id) && i.lastError === REFUSED_URL_MESSAGE,
      );
    await until(
      'a refused sync on every integration',
      async () => (await refused()).length === legacy.length,
    );
    expect((await refused()).map((i) => i.status)).toEqual(legacy.map(() => 'ERROR'));
    expect(hits).toBe(0);
  });
});
