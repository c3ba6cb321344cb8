import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { CONNECTION_FAILED } from '../../functions/core/integrations/test-connection';
import { LOCAL_TABLE } from '../../infra/local/local-config';
import { integrationSchema, integrationTestResultSchema, webhookSchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { until } from '../helpers/until';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/** A third party on loopback (allowed here, as under npm start): records requests; `/teapot` answers 418. */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
let receiver: Server;
let base: string;
const received: Received[] = [];
let stack: TestStack;
let api: Api;
let orgId: string;
let table: DynamoDBDocumentClient;

const SECRETS = {
  apiKey: 'mk_live_5f1e0c9a7b3d2e81',
  password: 'correct-horse-battery-staple',
  webhook: 'whsec_OWQ4YzdiNmE1ZjRlM2QyYzFiMGE5ZDhjN2I2YQ==',
  legacyPassword: 'legacy-clear-password-1234',
  legacyWebhook: 'legacy-clear-webhook-secret-5678',
};

/** Every item of the table as its stored JSON (what a scan, a backup or a leaked export shows). */
async function scanTable(): Promise<string[]> {
  const out: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.send(new ScanCommand({ TableName: LOCAL_TABLE, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) out.push(JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Any part of a secret an answer or a stored item may show (also its last 4 characters). */
const showsAnyOf = (text: string, secrets: string[]) =>
  secrets.filter((s) => text.includes(s) || text.includes(s.slice(-4)));

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.statusCode = req.url?.startsWith('/teapot') ? 418 : 200;
      res.end('I am a teapot at an internal address');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  stack = await startTestStack({ workflow: false, queueRetryBaseSeconds: 1 });
  api = (await stack.newUser()).api;
  orgId = (await (await api('/api/auth/user')).json()).organization.id;
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
});
afterAll(async () => {
  table?.destroy();
  await stack?.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe('secrets at rest', () => {
  let propertyware: string;

  it('stores integration credentials and webhook secrets sealed: a table scan shows none of them', async () => {
    const make = await api('/api/integrations', {
      method: 'POST',
      json: {
        name: 'Scenario',
        type: 'MAKE_COM',
        config: { apiUrl: `${base}/make`, apiKey: SECRETS.apiKey },
      },
    });
    const pw = await api('/api/integrations', {
      method: 'POST',
      json: {
        name: 'Books',
        type: 'PROPERTYWARE',
        config: { apiUrl: `${base}/teapot`, username: 'ops', password: SECRETS.password },
      },
    });
    const hook = await api('/api/webhooks', {
      method: 'POST',
      json: { url: `${base}/hook`, events: ['invoice.uploaded'], secret: SECRETS.webhook },
    });
    const answers = [
      await body(make, 201, integrationSchema),
      await body(pw, 201, integrationSchema),
      await body(hook, 201, webhookSchema),
    ];
    propertyware = answers[1].id;
    // A webhook's secret is answered once, when it is set (Standard Webhooks receivers need it); nothing else is.
    expect((answers[2] as { secret: string | null }).secret).toBe(SECRETS.webhook);
    expect(showsAnyOf(JSON.stringify(answers.slice(0, 2)), Object.values(SECRETS))).toEqual([]);
    const items = await scanTable();
    expect(items.filter((i) => i.includes('"enc:v1:')).length).toBeGreaterThanOrEqual(3);
    expect(showsAnyOf(items.join('\n'), [SECRETS.apiKey, SECRETS.password, SECRETS.webhook])).toEqual([]);
  });

  it('never answers a stored secret, not even its last characters', async () => {
    const list = await body(
      await api('/api/integrations'),
      200,
      z.object({ items: z.array(integrationSchema) }),
    );
    expect(list.items.map((i) => [i.name, i.config.apiKey ?? i.config.password])).toEqual([
      ['Scenario', '****'],
      ['Books', '****'],
    ]);
    const one = await body(await api(`/api/integrations/${propertyware}`), 200, integrationSchema);
    const hooks = await body(await api('/api/webhooks'), 200, z.object({ items: z.array(webhookSchema) }));
    expect(hooks.items.map((h) => [h.hasSecret, h.secret])).toEqual([[true, '****']]);
    expect(showsAnyOf(JSON.stringify([list, one, hooks]), Object.values(SECRETS))).toEqual([]);
  });

  it('keeps a secret sent back masked on edit, and the sender still opens it', async () => {
    const edit = await api(`/api/integrations/${propertyware}`, {
      method: 'PUT',
      json: { name: 'Books (edited)', config: { password: '****', username: 'ops2' } },
    });
    expect((await body(edit, 200, integrationSchema)).config).toEqual({
      apiUrl: `${base}/teapot`,
      username: 'ops2',
      password: '****',
    });
    const test = await api(`/api/integrations/${propertyware}/test`, { method: 'POST' });
    await body(test, 200, integrationTestResultSchema);
    expect(received.at(-1)?.headers).toMatchObject({
      'x-propertyware-client-id': 'ops2',
      'x-propertyware-client-secret': SECRETS.password,
    });
  });

  it('answers test-connection with ok or failed and a generic reason, never what answered', async () => {
    const test = await api(`/api/integrations/${propertyware}/test`, { method: 'POST' });
    const result = await body(test, 200, integrationTestResultSchema);
    expect(received.at(-1)?.path).toBe('/teapot/vendors');
    expect(result).toMatchObject({ ok: false, status: null, message: CONNECTION_FAILED });
    // What the endpoint said (418, its body) and where it is appear nowhere but in the stored URL itself.
    const said = JSON.stringify({ ...result, integration: { ...result.integration, config: undefined } });
    expect(said).not.toMatch(/418|teapot|127\.0\.0\.1|internal address/i);
  });

  it('migrates a legacy clear-text integration and webhook on first read, and both still work', async () => {
    const now = new Date().toISOString();
    const legacyIntegration = ulid();
    const legacyHook = ulid();
    // Written as the code before sealing stored them: secrets in clear.
    await table.send(
      new PutCommand({
        TableName: LOCAL_TABLE,
        Item: {
          ...keys.entity(orgId, 'INTEGRATION', legacyIntegration),
          entity: 'Integration',
          id: legacyIntegration,
          name: 'Legacy books',
          type: 'PROPERTYWARE',
          status: 'INACTIVE',
          config: { apiUrl: `${base}/legacy-pw`, username: 'old', password: SECRETS.legacyPassword },
          lastSyncAt: null,
          lastError: null,
          createdAt: now,
          updatedAt: now,
          version: 1,
        },
      }),
    );
    await table.send(
      new PutCommand({
        TableName: LOCAL_TABLE,
        Item: {
          ...keys.entity(orgId, 'WEBHOOK', legacyHook),
          entity: 'Webhook',
          id: legacyHook,
          url: `${base}/legacy-hook`,
          events: ['invoice.uploaded'],
          secret: SECRETS.legacyWebhook,
          status: 'ACTIVE',
          lastDeliveryAt: null,
          lastDeliveryStatus: null,
          consecutiveFailures: 0,
          createdAt: now,
          updatedAt: now,
        },
      }),
    );
    expect(showsAnyOf((await scanTable()).join('\n'), [SECRETS.legacyPassword])).toEqual([
      SECRETS.legacyPassword,
    ]);

    const listed = [await (await api('/api/integrations')).text(), await (await api('/api/webhooks')).text()];
    expect(showsAnyOf(listed.join('\n'), [SECRETS.legacyPassword, SECRETS.legacyWebhook])).toEqual([]);
    expect(showsAnyOf((await scanTable()).join('\n'), Object.values(SECRETS))).toEqual([]);

    const test = await api(`/api/integrations/${legacyIntegration}/test`, { method: 'POST' });
    expect((await body(test, 200, integrationTestResultSchema)).ok).toBe(true);
    expect(received.at(-1)).toMatchObject({
      path: '/legacy-pw/vendors',
      headers: { 'x-propertyware-client-id': 'old', 'x-propertyware-client-secret': SECRETS.legacyPassword },
    });

    // The delivery worker opens both secrets (the migrated one and the one sealed at creation) to sign.
    const upload = await api('/api/invoices/upload', {
      method: 'POST',
      body: fileForm(await invoicePdf(plumbingInvoice({ invoiceNumber: 'SEAL-1' })), 'seal.pdf'),
    });
    const { id } = await body(upload, 201, z.object({ id: z.string() }));
    const deliveryTo = (path: string) =>
      until(`the ${path} delivery`, () =>
        received.find((r) => r.path === path && JSON.parse(r.body).invoice?.id === id),
      );
    // The legacy secret signs with its raw bytes, and the old x-signature header is still sent.
    const legacy = await deliveryTo('/legacy-hook');
    const hmac = createHmac('sha256', SECRETS.legacyWebhook).update(legacy.body).digest('hex');
    expect(legacy.headers['x-signature']).toBe(`sha256=${hmac}`);
    expect(
      new Webhook(SECRETS.legacyWebhook, { format: 'raw' }).verify(
        legacy.body,
        legacy.headers as Record<string, string>,
      ),
    ).toBeTruthy();
    const standard = await deliveryTo('/hook');
    expect(
      new Webhook(SECRETS.webhook).verify(standard.body, standard.headers as Record<string, string>),
    ).toBeTruthy();
  });
});
