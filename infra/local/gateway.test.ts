import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './gateway';

let server: Server;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  server = await startGateway({
    port: 0,
    runtimeConfig: () => ({ ok: true }),
    log: (line) => logged.push(line),
    extraRoutes: [
      async (req) => {
        if (req.url === '/crash') throw new Error('handler bug');
        if (req.url === '/crash-later') await Promise.reject(new TypeError('async handler bug'));
        return false;
      },
    ],
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('local gateway', () => {
  it('answers a crashing handler with 500 JSON, logs it, and keeps serving', async () => {
    for (const path of ['/crash', '/crash-later']) {
      const crashed = await fetch(`${base}${path}`);
      expect(crashed.status).toBe(500);
      expect(await crashed.json()).toEqual({ message: 'Internal server error', code: 'internal' });
    }
    expect(logged.some((line) => line.includes('handler bug'))).toBe(true);
    const after = await fetch(`${base}/config.json`);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ ok: true });
  });

  it('answers unknown /api paths with 404 JSON without calling the authorizer', async () => {
    const response = await fetch(`${base}/api/no-such-resource`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'route_not_found' });
  });

  it('answers request bodies over 12 MB with 413 JSON, whether their length is declared or streamed', async () => {
    const tooLarge = new Uint8Array(13 * 1024 * 1024);
    const streamed = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 13; i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    for (const body of [tooLarge, streamed]) {
      const response = await fetch(`${base}/api/invoices/upload`, {
        method: 'POST',
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        message: 'File too large: the limit is 10 MB',
        code: 'too_large',
      });
    }
  });

  it('answers a malformed Host header or request line with 400 and closes the connection', async () => {
    const port = (server.address() as AddressInfo).port;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString('latin1');
        });
        // Resolves only when the gateway closes the connection: a hang fails the test by its timeout.
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
        socket.setTimeout(5_000, () => reject(new Error(`no answer to ${JSON.stringify(request)}`)));
      });
    for (const request of [
      'GET /config.json HTTP/1.1\r\nHost: a b\r\n\r\n',
      'GET /config.json HTTP/1.1\r\nHost: exa mple.com:3000\r\n\r\n',
      'GET /config.json HTTP/1.1\r\nHost: \r\n\r\n',
      'GET /con fig.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      'GARBAGE\r\n\r\n',
      'GET /config.json HTTP/1.1\r\n\r\n',
    ]) {
      const answer = await raw(request);
      expect(answer, request).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.toLowerCase(), request).toContain('connection: close');
    }
  });

  it('answers headers too large with 431, also while a body is still being sent', async () => {
    const response = await fetch(`${base}/api/invoices/upload`, {
      method: 'POST',
      headers: { 'x-padding': 'x'.repeat(20_000) },
      body: new Uint8Array(256 * 1024),
    });
    expect(response.status).toBe(431);
  });

  it('sends the security headers CloudFront sends, on the SPA, the API and error answers alike', async () => {
    for (const path of ['/config.json', '/api/no-such-resource', '/crash', '/invoices']) {
      const response = await fetch(`${base}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
    }
  });

  it('answers a static path that is not validly percent-encoded with 400', async () => {
    for (const path of ['/%', '/%zz', '/assets/%E0%A4%A']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_path' });
    }
  });
});
