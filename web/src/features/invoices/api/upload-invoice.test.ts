import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/render';
import { uploadInvoiceFile } from './upload-invoice';

/** A stand-in for the browser's XMLHttpRequest: answers each storage POST with the next status given. */
function fakeStorage(statuses: number[]) {
  const sent: string[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send() {
      sent.push(this.url);
      const status = statuses.shift() ?? 204;
      setTimeout(() => {
        if (status === 0) return this.onerror?.();
        this.status = status;
        this.statusText = status < 300 ? 'No Content' : 'Error';
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const pdf = () =>
  new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'invoice.pdf', { type: 'application/pdf' });
const target = {
  invoiceId: '01HZY3K8M2Q4R5S6T7V8W9XABC',
  url: 'http://localhost/storage',
  fields: { key: 'k' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadInvoiceFile', () => {
  it('sends the file again after a lost answer under the same Idempotency-Key', async () => {
    const keys: (string | null)[] = [];
    mockApi({
      'POST /api/invoices/upload-url': (_url, init) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        return { status: 201, body: target };
      },
    });
    const sent = fakeStorage([0, 204]);
    const result = await uploadInvoiceFile(pdf(), () => {}, undefined, undefined, [0, 0]);
    expect(result).toEqual({ invoiceId: target.invoiceId });
    expect(sent).toHaveLength(2);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives each file its own key', async () => {
    const keys: (string | null)[] = [];
    mockApi({
      'POST /api/invoices/upload-url': (_url, init) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        return { status: 201, body: target };
      },
    });
    fakeStorage([204, 204]);
    await uploadInvoiceFile(pdf(), () => {});
    await uploadInvoiceFile(pdf(), () => {});
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('does not send again a file the server refused, and stops after the last retry', async () => {
    const refused = mockApi({
      'POST /api/invoices/upload-url': { status: 413, body: { message: 'The file is larger than 10 MB' } },
    });
    await expect(uploadInvoiceFile(pdf(), () => {}, undefined, undefined, [0, 0])).rejects.toMatchObject({
      status: 413,
    });
    expect(refused.calls).toHaveLength(1);

    const down = mockApi({
      'POST /api/invoices/upload-url': { status: 503, body: { message: 'Try later' } },
    });
    await expect(uploadInvoiceFile(pdf(), () => {}, undefined, undefined, [0, 0])).rejects.toMatchObject({
      status: 503,
    });
    expect(down.calls).toHaveLength(3);
  });
});
