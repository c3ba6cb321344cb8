import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OPERATIONS } from '../../functions/api/contracts';
import { apiKeyCreatedSchema } from '../../shared/schemas';
import { fileForm, startTestStack, type TestStack } from '../helpers/local-stack';

/**
 * Sends FUZZ_N (default 2,000) generated requests over every documented route (the OpenAPI operations,
 * which the OpenAPI test holds equal to the handlers' routes) to the real local stack: bad path
 * parameters and encodings, bad and odd JSON, wrong types, huge and odd strings, bad cursors, odd
 * headers and credentials, multipart oddities. No answer may be 5xx, and none may hang past its timeout.
 * FUZZ_SEED replays a run.
 */
const N = Number(process.env.FUZZ_N ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CONCURRENCY = 6;
const REQUEST_TIMEOUT_MS = 20_000;

let stack: TestStack;
let token: string;
let apiKey: string;
/** What the gateway logged of unhandled errors: the causes of any 5xx. */
const gatewayErrors: string[] = [];
/** Ids of real resources, so generated requests also reach the code behind the lookups. */
const real: Record<string, string> = {};

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  // The workflow runs (reprocess needs it; uploads are tiny), the queue workers do not: no outbound calls.
  stack = await startTestStack({
    workflowConcurrency: 1,
    queueWorkers: false,
    log: (line) => {
      if (line.includes('error')) gatewayErrors.push(line);
    },
  });
  const admin = await stack.newUser();
  token = admin.token;
  const api = admin.api;
  const created = async (path: string, init: Parameters<typeof api>[1]) => {
    const response = await api(path, { method: 'POST', ...init });
    return response.ok ? ((await response.json()) as { id: string; key?: string }) : undefined;
  };
  apiKey = apiKeyCreatedSchema.parse(await created('/api/api-keys', { json: { name: 'Fuzz robot' } })).key;
  const unused = await created('/api/api-keys', { json: { name: 'Fuzz spare' } });
  const ids = {
    vendor: await created('/api/vendors', { json: { name: 'Fuzz Vendor' } }),
    property: await created('/api/properties', {
      json: { name: 'Fuzz Property', address: '1 Main St', propertyType: 'SINGLE_FAMILY' },
    }),
    invoice: await created('/api/invoices/upload', { body: fileForm(pdf, 'fuzz.pdf') }),
    webhook: await created('/api/webhooks', {
      json: { url: 'http://127.0.0.1:9/hook', events: ['invoice.uploaded'] },
    }),
    integration: await created('/api/integrations', {
      json: { type: 'ZAPIER', name: 'Fuzz', config: { webhookUrl: 'http://127.0.0.1:9/zap' } },
    }),
  };
  for (const [name, value] of Object.entries(ids)) if (value) real[name] = value.id;
  if (unused) real.apiKey = unused.id;
  await api('/api/organization/invitations', { method: 'POST', json: { email: 'fuzz.invitee@example.com' } });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

// ---------------------------------------------------------------------------------------------------
// Generators

const HUGE = 'A'.repeat(70_000);
const oddStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '\u0000',
    '\uFFFF',
    '\uD800',
    '../../etc/passwd',
    "' OR '1'='1",
    '<script>alert(1)</script>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, meant literally
    '${jndi:ldap://x}',
    '日本語のテキスト',
    '🧾💸',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '0x7f000001',
    'http://127.0.0.1:9/x',
    'http://[::1]:9/',
    'https://127.0.0.1:9/',
    'javascript:alert(1)',
    'a@b',
    'x'.repeat(300),
    'y'.repeat(5_000),
    HUGE,
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const oddValues: fc.Arbitrary<unknown> = fc.oneof(
  oddStrings,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(oddStrings, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), oddStrings, { maxKeys: 3 }),
);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  format?: string;
};

/** A value of the schema's own type (so the request gets past the first check), roughly. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plausible(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object')
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
  if (type === 'array') return [plausible(schema.items)];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'uri') return 'http://127.0.0.1:9/x';
  return 'Fuzz';
}

const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | undefined => {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  } catch {
    return undefined;
  }
};

interface Spec {
  method: string;
  path: string;
  params: string[];
  body: JsonSchema | undefined;
  query: JsonSchema | undefined;
  multipart: boolean;
}

const SPECS: Spec[] = OPERATIONS.map((op) => {
  const [method, path] = op.route.split(' ') as [string, string];
  return {
    method,
    path,
    params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
    body: jsonSchemaOf(op.body),
    query: jsonSchemaOf(op.query),
    multipart: Boolean(op.rawBody),
  };
});

/** Which seeded id a route's parameter gets. Not the member's own: a fuzzed role change or removal would lock the run out. */
const REAL_BY_ROUTE: [RegExp, string][] = [
  [/^\/api\/vendors/, 'vendor'],
  [/^\/api\/properties/, 'property'],
  [/^\/api\/invoices/, 'invoice'],
  [/^\/api\/webhooks/, 'webhook'],
  [/^\/api\/integrations/, 'integration'],
  [/^\/api\/api-keys/, 'apiKey'],
];

/** Percent-encodes as a client would; a lone surrogate becomes its (invalid) UTF-8 bytes. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const badEncodings = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%ff%fe', 'a%', '%%', '%2', '%u0041');
const paramValue = (spec: Spec, name: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant('REAL') },
    { weight: 2, arbitrary: badEncodings },
    { weight: 2, arbitrary: oddStrings.map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('01JXXXXXXXXXXXXXXXXXXXXXXX', '%2F', '..', '%2e%2e', '.', '%20'),
    },
    {
      weight: 1,
      arbitrary: fc.constant(
        name === 'email' ? encodeURIComponent('fuzz.invitee@example.com') : `${spec.path.length}`,
      ),
    },
  );

const cursors = fc.oneof(
  fc.constantFrom('', '.', '..', 'a.b', '%', 'e30', 'e30.', 'e30.AAAA', 'null', 'W10', 'x'.repeat(3000)),
  fc
    .record({
      PK: fc.oneof(fc.constant('ORG#x'), oddStrings),
      SK: fc.oneof(fc.constant('VENDOR#Z'), oddStrings),
      extra: fc.option(oddStrings),
    })
    .map((key) => `${Buffer.from(JSON.stringify(key)).toString('base64url')}.${'A'.repeat(43)}`),
  fc.string({ unit: 'binary', maxLength: 60 }).map((s) => Buffer.from(s).toString('base64url')),
);

const queryString = (spec: Spec) => {
  const known = Object.keys(spec.query?.properties ?? {});
  const names = fc.oneof(
    { weight: 3, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('limit') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('cursor', 'limit', 'status', 'x', '%', '__proto__', 'constructor'),
    },
  );
  const pair = fc.tuple(
    names,
    fc.oneof(
      oddStrings.map(encode),
      badEncodings,
      cursors.map(encode),
      fc.constantFrom('1', '0', '100', '101', '-5', '2.5', 'ALL', 'UPLOADED', 'month', '2026-01-01'),
    ),
  );
  return fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
};

/** A JSON body: the schema's fields with some swapped for odd values, or a body that is not what it claims. */
const jsonBody = (spec: Spec) => {
  const base = plausible(spec.body ?? { type: 'object' });
  const fields = Object.keys(spec.body?.properties ?? {});
  const mutated = fc
    .array(
      fc.tuple(
        fields.length ? fc.constantFrom(...fields, '__proto__', 'extra') : fc.constant('x'),
        oddValues,
      ),
      {
        maxLength: 4,
      },
    )
    .map((changes) => {
      const out: Record<string, unknown> =
        typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : {};
      for (const [k, v] of changes) out[k] = v;
      return JSON.stringify(out);
    });
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 1, arbitrary: fc.constant(JSON.stringify(base)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        '[]',
        '"string"',
        '42',
        '{"__proto__":{"admin":true}}',
        '\u0000\u0001',
        '\uFEFF{}',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `{"a":"${'z'.repeat(200_000)}"}`,
      ),
    },
    { weight: 1, arbitrary: oddValues.map((v) => JSON.stringify(v) ?? 'undefined') },
  );
};

const BOUNDARY = 'fuzzboundary';
const multipartBody = fc.oneof(
  fc.constant({ type: 'valid' as const }),
  fc.record({
    type: fc.constant('raw' as const),
    contentType: fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      `multipart/form-data; boundary=${BOUNDARY}`,
      `multipart/form-data; boundary=${'b'.repeat(200)}`,
      'multipart/form-data; boundary=a; boundary=b',
      'multipart/mixed; boundary=x',
      'application/json',
      'text/plain',
      '',
    ),
    body: fc.oneof(
      fc.constantFrom(
        '',
        `--${BOUNDARY}\r\n`,
        `--${BOUNDARY}--\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--${BOUNDARY}--\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--${BOUNDARY}--\r\n`,
        `--${BOUNDARY}\r\nno header here\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"; filename="a.pdf"\r\n\r\n%PDF\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\n\r\n%PDF\r\n--${BOUNDARY}--\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${'n'.repeat(5000)}.pdf"\r\n\r\n%PDF-1.4\r\n--${BOUNDARY}--\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="../../x.pdf"\r\nContent-Type: application/pdf\r\n\r\n\r\n--${BOUNDARY}--\r\n`,
      ),
      fc.string({ unit: 'binary', maxLength: 200 }),
    ),
  }),
);

// Mostly real credentials, so most requests get past the authorizer to the handlers (unbiased: fast-check's
// bias would favour some choices beyond their weights).
const auth = fc.noBias(
  fc.oneof(
    { weight: 8, arbitrary: fc.constant('token') },
    { weight: 4, arbitrary: fc.constant('apikey') },
    { weight: 1, arbitrary: fc.constantFrom('none', 'garbage', 'huge', 'fakekey', 'basic') },
  ),
);
const oddHeaders = fc.dictionary(
  fc.constantFrom(
    'accept',
    'accept-language',
    'x-forwarded-for',
    'origin',
    'referer',
    'user-agent',
    'x-amz-date',
    'cookie',
  ),
  fc.oneof(
    fc.constantFrom('*/*', 'text/html', '', 'x'.repeat(4000), '127.0.0.1, 10.0.0.1', 'null', '\t'),
    fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  ),
  { maxKeys: 3 },
);

interface Generated {
  spec: Spec;
  auth: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

function requestArbitrary(spec: Spec): fc.Arbitrary<Generated> {
  const params = fc.tuple(...spec.params.map((name) => paramValue(spec, name)));
  const body = spec.multipart
    ? multipartBody.map((m) => m as unknown)
    : fc.oneof({ weight: 4, arbitrary: jsonBody(spec) }, { weight: 1, arbitrary: fc.constant(undefined) });
  return fc
    .record({
      params,
      query: fc.option(queryString(spec), { freq: 2 }),
      body,
      auth,
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'text/plain',
        '',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
      ),
      headers: oddHeaders,
      // A different method now and then: a route's other methods answer 405 or 404, never 500.
      method: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), {
        freq: 10,
      }),
    })
    .map((r): Generated => {
      const method = r.method ?? spec.method;
      let path = spec.path;
      spec.params.forEach((name, i) => {
        let value = r.params[i] as string;
        if (value === 'REAL') {
          const kind = REAL_BY_ROUTE.find(([pattern]) => pattern.test(spec.path))?.[1];
          // Deleting the seeded resources would leave the rest of the run with nothing real to reach.
          value = kind && real[kind] && method !== 'DELETE' ? real[kind] : '01JZZZZZZZZZZZZZZZZZZZZZZZ';
        }
        path = path.replace(`{${name}}`, value);
      });
      if (r.query) path += `?${r.query}`;
      const headers: Record<string, string> = { ...r.headers };
      if (r.auth === 'token') headers.authorization = `Bearer ${token}`;
      else if (r.auth === 'apikey') headers.authorization = `Bearer ${apiKey}`;
      else if (r.auth === 'garbage') headers.authorization = 'Bearer not.a.jwt';
      else if (r.auth === 'huge') headers.authorization = `Bearer ${'e'.repeat(7000)}`;
      else if (r.auth === 'fakekey') headers.authorization = `Bearer ipk_${'A'.repeat(40)}`;
      else if (r.auth === 'basic') headers.authorization = 'Basic dXNlcjpwYXNz';
      let payload: string | FormData | undefined;
      if (spec.multipart) {
        const m = r.body as { type: 'valid' } | { type: 'raw'; contentType: string; body: string };
        if (m.type === 'valid') payload = fileForm(pdf, 'fuzz.pdf');
        else {
          payload = m.body;
          if (m.contentType) headers['content-type'] = m.contentType;
        }
      } else if (typeof r.body === 'string') {
        payload = r.body;
        if (r.contentType) headers['content-type'] = r.contentType;
      }
      if (method === 'GET' || method === 'HEAD') payload = undefined;
      return { spec, auth: r.auth, method, path, headers, body: payload };
    });
}

// ---------------------------------------------------------------------------------------------------

describe(`API fuzz (${N} requests, seed ${SEED})`, () => {
  it('answers every generated request below 500, and none hangs', async () => {
    // Every route in turn, so each gets its share whatever N is.
    const perRoute = SPECS.map((spec, i) =>
      fc.sample(requestArbitrary(spec), { numRuns: Math.ceil(N / SPECS.length), seed: SEED + i }),
    );
    const requests: Generated[] = [];
    for (let i = 0; requests.length < N; i++) {
      const spec = perRoute[i % SPECS.length] as Generated[];
      const next = spec[Math.floor(i / SPECS.length)];
      if (next) requests.push(next);
    }

    const byStatus = new Map<number, number>();
    const serverErrors: string[] = [];
    const hangs: string[] = [];
    /** Requests with valid credentials answered 401: they never reached a handler. */
    const refusedCredentials: string[] = [];
    const routesReached = new Set<string>();
    let slowest = 0;
    const started = Date.now();
    let index = 0;
    const worker = async () => {
      while (index < requests.length) {
        const request = requests[index++] as Generated;
        const label = `${request.method} ${request.path.slice(0, 160)}`;
        const t0 = Date.now();
        try {
          const response = await fetch(`${stack.url}${request.path}`, {
            method: request.method,
            headers: request.headers,
            body: request.body,
            redirect: 'manual',
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          const text = await response.text();
          byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
          routesReached.add(`${request.spec.method} ${request.spec.path}`);
          if (response.status === 401 && (request.auth === 'token' || request.auth === 'apikey'))
            refusedCredentials.push(`${request.auth} ${label} → ${text.slice(0, 100)}`);
          if (response.status >= 500)
            serverErrors.push(
              `${response.status} ${label} [${request.headers['content-type'] ?? ''}] → ${text.slice(0, 200)}`,
            );
        } catch (error) {
          if ((error as Error).name === 'TimeoutError') hangs.push(label);
          else
            serverErrors.push(
              `network error on ${label}: ${String(error)} (${String((error as Error).cause ?? 'no cause')})`,
            );
        }
        slowest = Math.max(slowest, Date.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (Date.now() - started) / 1000;

    const statuses = Object.fromEntries([...byStatus.entries()].sort(([a], [b]) => a - b));
    console.log(
      JSON.stringify(
        {
          fuzz: {
            seed: SEED,
            requests: requests.length,
            routes: `${routesReached.size}/${SPECS.length}`,
            answersAtOrAbove500: serverErrors.length,
            hangs: hangs.length,
            validCredentialsRefused: refusedCredentials.length,
            seconds,
            slowestMs: slowest,
            statuses,
          },
        },
        null,
        1,
      ),
    );
    console.log(refusedCredentials.slice(0, 15).join('\n'));
    if (serverErrors.length) console.log([...new Set(gatewayErrors)].slice(0, 10).join('\n'));
    expect(requests.length).toBeGreaterThanOrEqual(N);
    expect(routesReached.size).toBe(SPECS.length);
    expect(serverErrors.slice(0, 30)).toEqual([]);
    expect(hangs).toEqual([]);
  }, 1_800_000);
});
