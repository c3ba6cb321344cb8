import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
});
