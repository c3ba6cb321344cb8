import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFUSED_URL_MESSAGE } from './address-policy';
import { createOutboundClient, MAX_RESPONSE_BYTES, type Resolver } from './guarded-client';

/** A third party on loopback that records what reached it; paths choose the answer. */
let server: Server;
let port: number;
let hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/ok` }).end();
    } else if (req.url === '/big') {
      res.writeHead(200).end('x'.repeat(1_000_000));
    } else if (req.url === '/slow') {
      setTimeout(() => res.writeHead(200).end('late'), 2_000);
    } else {
      res.writeHead(req.url === '/teapot' ? 418 : 200).end('answer');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  hits = [];
});

const cloud = { allowLoopback: false, allowHttp: false };
const localNoLoopback = { allowLoopback: false, allowHttp: true };
const local = { allowLoopback: true, allowHttp: true };

/** Every form of an internal address the probe used (and more), each with the fake's port. */
const internalUrls = (p: number) => [
  `http://127.0.0.1:${p}/`,
  `http://127.1:${p}/`,
  `http://0x7f000001:${p}/`,
  `http://2130706433:${p}/`,
  `http://017700000001:${p}/`,
  `http://[::1]:${p}/`,
  `http://[::ffff:127.0.0.1]:${p}/`,
  `http://localhost:${p}/`,
  `http://localhost.:${p}/`,
  `http://LOCALHOST..:${p}/`,
  `http://api.localhost.:${p}/`,
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata.google.internal./',
  'http://printer.local/',
  'http://router.home.arpa/',
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.170.2/v2/credentials',
  'http://[::ffff:169.254.169.254]/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd00:ec2::254]/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://[64:ff9b::a9fe:a9fe]/',
];

describe('the guarded outbound client', () => {
  it('refuses every internal address form before connecting, at creation and at send time', async () => {
    const client = createOutboundClient(localNoLoopback);
    for (const url of internalUrls(port)) {
      await expect(client.assertCallable(url), url).rejects.toThrow(REFUSED_URL_MESSAGE);
      const result = await client.send({ url, method: 'POST', body: '{}', timeoutMs: 2_000 });
      expect(result, url).toMatchObject({ ok: false, status: null, failure: 'refused' });
      expect(result.error).not.toMatch(/127|169\.254|localhost|::1/);
    }
    expect(hits).toEqual([]);
  });

  it('refuses a name that resolves to an internal address at connect time (DNS rebinding)', async () => {
    let answers = 0;
    // The first answer (checked when the URL is stored) is public; later ones point at the loopback fake.
    const rebinding: Resolver = (_host, _options, callback) =>
      callback(null, [{ address: answers++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }]);
    const client = createOutboundClient(localNoLoopback, rebinding);
    const url = `http://rebind.example:${port}/`;
    await expect(client.assertCallable(url)).resolves.toBeUndefined();
    const result = await client.send({ url, method: 'GET', timeoutMs: 2_000 });
    expect(result).toMatchObject({ ok: false, failure: 'refused', error: REFUSED_URL_MESSAGE });
    expect(hits).toEqual([]);
  });

  it('refuses a name if any one of its addresses is internal', async () => {
    const mixed: Resolver = (_host, _options, callback) =>
      callback(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ]);
    await expect(createOutboundClient(cloud, mixed).assertCallable('https://mixed.example/')).rejects.toThrow(
      REFUSED_URL_MESSAGE,
    );
  });

  it('refuses, at creation, a name whose trailing-dot or plain spelling resolves to an internal address', async () => {
    // A resolver that, like many, knows the name only without its trailing dot.
    const answers: Record<string, string[]> = {
      'hooks.corp.example': ['fd12:3456::1'],
      'mapped.example': ['::ffff:10.0.0.7'],
      'six.example': ['::1'],
      'public.example': ['93.184.216.34'],
    };
    const resolver: Resolver = (host, _options, callback) => {
      const found = answers[host];
      if (!found) return callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []);
      callback(
        null,
        found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
    };
    const client = createOutboundClient(cloud, resolver);
    for (const url of [
      'https://hooks.corp.example./x',
      'https://hooks.corp.example/x',
      'https://mapped.example./',
      'https://six.example/',
    ])
      await expect(client.assertCallable(url), url).rejects.toThrow(REFUSED_URL_MESSAGE);
    await expect(client.assertCallable('https://public.example./')).resolves.toBeUndefined();
    // A name that resolves nowhere cannot point inside; the connect-time check runs at send time.
    await expect(client.assertCallable('https://nowhere.example/')).resolves.toBeUndefined();
  });

  it('lets the local runtime reach loopback under any spelling of localhost', async () => {
    const client = createOutboundClient(local);
    await expect(client.assertCallable(`http://localhost.:${port}/`)).resolves.toBeUndefined();
    // Special-use internal names stay refused even where loopback is allowed.
    await expect(client.assertCallable('http://metadata.google.internal/')).rejects.toThrow(
      REFUSED_URL_MESSAGE,
    );
  });

  it('accepts only https in the cloud', async () => {
    const client = createOutboundClient(cloud);
    await expect(client.assertCallable('http://hooks.example/')).rejects.toThrow('https://');
    expect(
      await client.send({ url: 'http://hooks.example/', method: 'GET', timeoutMs: 1_000 }),
    ).toMatchObject({
      ok: false,
      failure: 'refused',
    });
  });

  it('reaches loopback only when the policy allows it', async () => {
    const result = await createOutboundClient(local).send({
      url: `http://127.1:${port}/ok`,
      method: 'POST',
      headers: { 'x-test': '1' },
      body: '{}',
      timeoutMs: 2_000,
    });
    expect(result).toEqual({ ok: true, status: 200, body: 'answer' });
    expect(hits).toEqual(['/ok']);
  });

  it('does not follow redirects: a 3xx is a failure', async () => {
    const result = await createOutboundClient(local).send({
      url: `http://127.0.0.1:${port}/redirect`,
      method: 'GET',
      timeoutMs: 2_000,
    });
    expect(result).toMatchObject({ ok: false, status: 302, failure: 'redirect' });
    expect(hits).toEqual(['/redirect']);
  });

  it('reads at most MAX_RESPONSE_BYTES of an answer', async () => {
    const result = await createOutboundClient(local).send({
      url: `http://127.0.0.1:${port}/big`,
      method: 'GET',
      timeoutMs: 2_000,
    });
    expect(result.ok).toBe(true);
    expect(result.body.length).toBe(MAX_RESPONSE_BYTES);
  });

  it('reports a non-2xx answer and a timeout as failures', async () => {
    const client = createOutboundClient(local);
    expect(
      await client.send({ url: `http://127.0.0.1:${port}/teapot`, method: 'GET', timeoutMs: 2_000 }),
    ).toMatchObject({ ok: false, status: 418, failure: 'status' });
    const started = Date.now();
    expect(
      await client.send({ url: `http://127.0.0.1:${port}/slow`, method: 'GET', timeoutMs: 300 }),
    ).toMatchObject({ ok: false, status: null, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
