import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  integrationSchema,
  organizationSchema,
  pageOf,
  propertySchema,
  statsSchema,
  vendorSchema,
} from '../../shared/schemas';
import { type Api, startTestStack, type TestStack } from '../helpers/local-stack';

let stack: TestStack;
let api: Api;
const RUNS = 30;

/** Values of every JSON kind, and some of the shapes the forms send (empty text, numbers as text). */
const jsonValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', ' ', '0', '-1', '1e400', 'NaN', 'a@b.co', 'https://x.test/h', 'ACTIVE', 'APARTMENT'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const bodyOf = (fields: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(fields.map((f) => [f, jsonValue])), { requiredKeys: [] }),
    jsonValue,
    fc.string({ maxLength: 50 }).map((raw) => ({ raw })),
  );
/** Ids that can exist, ids that cannot, and text that needs escaping in a path. */
const idLike = fc.oneof(
  fc.constantFrom('01ARZ3NDEKTSV4RRFFQ69G5FAV', 'not-an-id', '%', '..', 'ORG#x', ' ', 'Ω'),
  // A lone "." is no id a request can carry: the URL resolves the segment away (to the list route).
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s !== '.'),
  fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
);

async function send(method: string, path: string, body: unknown): Promise<Response> {
  const init: RequestInit & { json?: unknown } = { method };
  if (body && typeof body === 'object' && 'raw' in body) {
    init.body = String((body as { raw: unknown }).raw);
    init.headers = { 'content-type': 'application/json' };
  } else if (body !== undefined) init.json = body;
  return api(path, init);
}

/** Every item of a list, walking the cursor. */
async function walk<T>(path: string, schema: import('zod').ZodType<T>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const response = await api(`${path}${sep}limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    const page = pageOf(schema).parse(await response.json());
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** The stored state must agree with the aggregates: a write happened entirely or not at all. */
async function expectConsistent() {
  const vendors = await walk('/api/vendors', vendorSchema);
  const properties = await walk('/api/properties', propertySchema);
  const integrations = pageOf(integrationSchema).parse(await (await api('/api/integrations')).json()).items;
  const org = organizationSchema.parse(await (await api('/api/organization/current')).json());
  const stats = statsSchema.parse(await (await api('/api/stats')).json());
  expect(org.stats.totalVendors).toBe(vendors.length);
  expect(org.stats.totalProperties).toBe(properties.length);
  expect(stats.connectedIntegrations).toBe(integrations.filter((i) => i.status === 'ACTIVE').length);
  // Vendor names are unique once normalized (their guard items moved with every rename).
  const names = vendors.map((v) =>
    v.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim(),
  );
  expect(new Set(names).size).toBe(names.length);
}

let vendorId = '';
let propertyId = '';
let integrationId = '';

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false });
  api = (await stack.newUser()).api;
  vendorId = vendorSchema.parse(
    await (await send('POST', '/api/vendors', { name: 'Seed Vendor' })).json(),
  ).id;
  propertyId = propertySchema.parse(
    await (
      await send('POST', '/api/properties', { name: 'Seed', address: '1 A St', propertyType: 'LAND' })
    ).json(),
  ).id;
  integrationId = integrationSchema.parse(
    await (
      await send('POST', '/api/integrations', {
        name: 'Seed',
        type: 'QUICKBOOKS',
        config: { apiKey: 'seed-key' },
      })
    ).json(),
  ).id;
});
afterAll(async () => {
  await stack?.stop();
});

const writes: [string, string, () => string, string[]][] = [
  ['POST', 'vendors', () => '/api/vendors', ['name', 'email', 'phone', 'address', 'website', 'status']],
  ['PUT', 'vendor', () => `/api/vendors/${vendorId}`, ['name', 'email', 'taxId', 'status', 'version']],
  [
    'POST',
    'properties',
    () => '/api/properties',
    ['name', 'address', 'propertyType', 'units', 'rentAmount', 'marketValue', 'acquisitionDate'],
  ],
  [
    'PUT',
    'property',
    () => `/api/properties/${propertyId}`,
    ['name', 'address', 'propertyType', 'units', 'rentAmount', 'version'],
  ],
  ['POST', 'integrations', () => '/api/integrations', ['name', 'type', 'config']],
  ['PUT', 'integration', () => `/api/integrations/${integrationId}`, ['name', 'status', 'config', 'version']],
  ['POST', 'webhooks', () => '/api/webhooks', ['url', 'events', 'secret']],
  ['POST', 'api-keys', () => '/api/api-keys', ['name']],
  ['POST', 'notifications/read', () => '/api/notifications/read', ['ids']],
  ['PUT', 'profile', () => '/api/user/profile', ['firstName', 'lastName', 'email']],
  ['PUT', 'organization', () => '/api/organization/current', ['name', 'slug', 'plan']],
];

describe('random input to every write route', () => {
  for (const [method, name, path, fields] of writes) {
    it(`${method} ${name}: never a 5xx, and never a partial write`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyOf(fields), async (body) => {
          const response = await send(method, path(), body);
          const text = await response.text();
          expect(response.status, text).toBeLessThan(500);
          if (response.status >= 400) {
            const error = JSON.parse(text);
            expect(typeof error.message).toBe('string');
            expect(typeof error.code).toBe('string');
          }
        }),
        { numRuns: RUNS },
      );
      await expectConsistent();
    });
  }

  it('random ids on every {id} route: 404 (or 400), never a 5xx, nothing changes', async () => {
    const routes: [string, (id: string) => string][] = [
      ['GET', (id) => `/api/vendors/${id}`],
      ['PUT', (id) => `/api/vendors/${id}`],
      ['DELETE', (id) => `/api/vendors/${id}`],
      ['GET', (id) => `/api/properties/${id}`],
      ['DELETE', (id) => `/api/properties/${id}`],
      ['GET', (id) => `/api/integrations/${id}`],
      ['POST', (id) => `/api/integrations/${id}/test`],
      ['DELETE', (id) => `/api/integrations/${id}`],
      ['GET', (id) => `/api/webhooks/${id}`],
      ['DELETE', (id) => `/api/webhooks/${id}`],
      ['DELETE', (id) => `/api/api-keys/${id}`],
      ['GET', (id) => `/api/invoices/${id}`],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), idLike, async ([method, path], id) => {
        const response = await send(
          method,
          path(encodeURIComponent(id)),
          method === 'PUT' ? { name: 'x' } : undefined,
        );
        expect(response.status, `${method} ${path(id)}`).toBeLessThan(500);
        expect([400, 404, 405]).toContain(response.status);
      }),
      { numRuns: RUNS * 2 },
    );
    await expectConsistent();
  });

  it('random queries on the lists: never a 5xx', async () => {
    const query = fc.record(
      {
        search: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('%')),
        cursor: fc.oneof(fc.string({ maxLength: 60 }), fc.base64String({ maxLength: 60 })),
        limit: fc.oneof(fc.integer({ min: -5, max: 500 }).map(String), fc.string({ maxLength: 4 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/vendors', '/api/properties', '/api/invoices'),
        query,
        async (path, q) => {
          const search = new URLSearchParams(q as Record<string, string>).toString();
          const response = await api(`${path}?${search}`);
          expect(response.status, `${path}?${search}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});
