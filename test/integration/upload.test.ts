import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';

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
