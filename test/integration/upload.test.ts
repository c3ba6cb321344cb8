import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { until } from '../helpers/until';

let stack: TestStack;
let api: Api;

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  stack = await startTestStack();
  api = (await stack.newUser()).api;
});
afterAll(async () => {
  await stack?.stop();
});

describe('POST /api/invoices/upload', () => {
  it('stores a PDF and creates its invoice as UPLOADED', async () => {
    const response = await api('/api/invoices/upload', { method: 'POST', body: fileForm(pdf, 'acme.pdf') });
    expect(response.status).toBe(201);
    const invoice = invoiceSchema.parse(await response.json());
    expect(invoice.filename).toBe('acme.pdf');
    expect(invoice.fileName).toBe('acme.pdf');
    expect(invoice.contentType).toBe('application/pdf');
    const file = await api(`/api/invoices/${invoice.id}/file`);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
  });

  it('decides the type by the bytes: a renamed text file is 415 and nothing is created', async () => {
    const before = (await (await api('/api/invoices')).json()).total;
    const response = await api('/api/upload', {
      method: 'POST',
      body: fileForm(new TextEncoder().encode('just text'), 'invoice.pdf', 'application/pdf'),
    });
    expect(response.status).toBe(415);
    expect((await response.json()).code).toBe('unsupported_type');
    expect((await (await api('/api/invoices')).json()).total).toBe(before);
  });

  it('answers 400 for an empty file and 413 above 10 MiB', async () => {
    const empty = await api('/api/invoices/upload', {
      method: 'POST',
      body: fileForm(new Uint8Array(), 'a.pdf'),
    });
    expect(empty.status).toBe(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdf);
    const tooLarge = await api('/api/invoices/upload', { method: 'POST', body: fileForm(big, 'big.pdf') });
    expect(tooLarge.status).toBe(413);
  });
});

describe('browser upload through a presigned POST', () => {
  async function presign(size: number) {
    const response = await api('/api/invoices/upload-url', {
      method: 'POST',
      json: { filename: 'scan.pdf', contentType: 'application/pdf', size },
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { invoiceId: string; url: string; fields: Record<string, string> };
  }

  function post(
    target: { url: string; fields: Record<string, string> },
    bytes: Uint8Array,
    override: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...target.fields, ...override })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'scan.pdf');
    return fetch(target.url, { method: 'POST', body: form });
  }

  it('accepts the file under the signed policy', async () => {
    const target = await presign(pdf.length);
    const response = await post(target, pdf);
    expect(response.status, await response.text()).toBe(204);
  });

  it('refuses a tampered signature, another key and another content type', async () => {
    const target = await presign(pdf.length);
    expect((await post(target, pdf, { 'X-Amz-Signature': '0'.repeat(64) })).status).toBe(403);
    expect((await post(target, pdf, { key: target.fields.key.replace('scan', 'other') })).status).toBe(403);
    expect((await post(target, pdf, { 'Content-Type': 'image/png' })).status).toBe(403);
  });

  it('refuses a file over 10 MiB', async () => {
    const target = await presign(1000);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    expect((await post(target, big)).status).toBe(400);
  });
});

describe('uploads with an Idempotency-Key', () => {
  const total = async (client: Api) => (await (await client('/api/invoices')).json()).total as number;
  const send = (client: Api, key: string, bytes = pdf) =>
    client('/api/invoices/upload', {
      method: 'POST',
      headers: { 'idempotency-key': key },
      body: fileForm(bytes, 'retry.pdf'),
    });

  it('answers a repeated key with the first invoice and creates nothing new', async () => {
    const key = `retry-${crypto.randomUUID()}`;
    const before = await total(api);
    const first = await send(api, key);
    expect(first.status).toBe(201);
    const created = invoiceSchema.parse(await first.json());
    const again = await send(api, key);
    expect(again.status).toBe(200);
    expect(invoiceSchema.parse(await again.json()).id).toBe(created.id);
    expect(await total(api)).toBe(before + 1);
    // Another key is another upload.
    expect((await send(api, `${key}-2`)).status).toBe(201);
    expect(await total(api)).toBe(before + 2);
  });

  it('creates one invoice for concurrent requests with one key', async () => {
    const key = `race-${crypto.randomUUID()}`;
    const before = await total(api);
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(api, key)));
    const statuses = answers.map((r) => r.status).sort();
    const ids = new Set(await Promise.all(answers.map(async (r) => invoiceSchema.parse(await r.json()).id)));
    console.log(`concurrent same key: statuses ${statuses.join(',')}, ${ids.size} invoice id(s)`);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    expect(ids.size).toBe(1);
    expect(await total(api)).toBe(before + 1);
  });

  it('keeps each organization’s keys to itself', async () => {
    const other = (await stack.newUser()).api;
    const key = `shared-${crypto.randomUUID()}`;
    const mine = invoiceSchema.parse(await (await send(api, key)).json());
    const theirs = await send(other, key);
    expect(theirs.status).toBe(201);
    const theirInvoice = invoiceSchema.parse(await theirs.json());
    expect(theirInvoice.id).not.toBe(mine.id);
    expect(await total(other)).toBe(1);
    // And the other organization's repeat answers its own invoice, not mine.
    expect(invoiceSchema.parse(await (await send(other, key)).json()).id).toBe(theirInvoice.id);
  });

  it('refuses a key that is empty, too long or not printable (400), creating nothing', async () => {
    const before = await total(api);
    for (const key of ['x'.repeat(256), 'tab\there', 'é-accent'])
      expect((await send(api, key)).status, JSON.stringify(key)).toBe(400);
    const empty = await api('/api/invoices/upload', {
      method: 'POST',
      headers: { 'idempotency-key': '' },
      body: fileForm(pdf, 'retry.pdf'),
    });
    expect(empty.status).toBe(400);
    expect(await total(api)).toBe(before);
  });

  it('answers a repeated presigned-upload key with the same invoice id until the file arrives', async () => {
    const key = `presign-${crypto.randomUUID()}`;
    const announce = () =>
      api('/api/invoices/upload-url', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        json: { filename: 'scan.pdf', contentType: 'application/pdf', size: pdf.length },
      });
    const first = await announce();
    expect(first.status).toBe(201);
    const target = (await first.json()) as { invoiceId: string; url: string; fields: Record<string, string> };
    const again = await announce();
    expect(again.status).toBe(200);
    const repeated = (await again.json()) as typeof target;
    expect(repeated.invoiceId).toBe(target.invoiceId);
    expect(repeated.fields.key).toBe(target.fields.key);
    // The repeated answer's POST stores the file as the first one's would.
    const form = new FormData();
    for (const [k, v] of Object.entries(repeated.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(pdf)]), 'scan.pdf');
    expect((await fetch(repeated.url, { method: 'POST', body: form })).status).toBe(204);
    await until(
      'the browser upload’s invoice',
      async () => (await api(`/api/invoices/${target.invoiceId}`)).ok,
    );
    // Once the file arrived, the key cannot hand out another POST that would overwrite it.
    const late = await announce();
    expect(late.status).toBe(409);
    expect((await late.json()).message).toContain(target.invoiceId);
  });
});
