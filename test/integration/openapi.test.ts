import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../functions/api/contracts';
import { PUBLIC } from '../../functions/api/lib/rights';
import { API_RESOURCES, resourceFor } from '../../functions/api/routes';
import { startTestStack, type TestStack } from '../helpers/local-stack';
import { registeredRoutes, routesByResource } from '../helpers/routes';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false });
});
afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/openapi.json', () => {
  it('is public and documents the bearer scheme', async () => {
    const response = await fetch(`${stack.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents every route of every handler, with its method', async () => {
    const doc = await (await fetch(`${stack.url}/api/openapi.json`)).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = await registeredRoutes();
    // Guards the reader itself: every resource contributes routes.
    expect(registered.length).toBeGreaterThanOrEqual(API_RESOURCES.length);
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('documents only routes that reach their own function in both runtimes', async () => {
    // Both runtimes route by routes.ts: the CDK API stack makes an API Gateway resource of each path, the
    // local gateway matches them with resourceFor. A route must match the paths of exactly one resource,
    // the one whose function declares it, and be public exactly where that resource skips the authorizer.
    const matches = (pattern: string, path: string) => {
      const [parts, segments] = [pattern, path].map((p) => p.split('/').filter(Boolean));
      const proxy = parts.at(-1) === '{proxy+}';
      const fixed = proxy ? parts.slice(0, -1) : parts;
      if (proxy ? segments.length <= fixed.length : segments.length !== fixed.length) return false;
      return fixed.every((part, i) => part.startsWith('{') || part === segments[i]);
    };
    for (const [handler, routes] of await routesByResource()) {
      for (const route of routes) {
        const path = route.split(' ')[1].replace(/\{(\w+)\}/g, 'x');
        const cloud = API_RESOURCES.filter((r) => r.paths.some((pattern) => matches(pattern, path)));
        expect(
          cloud.map((r) => r.handler),
          route,
        ).toEqual([handler]);
        expect(resourceFor(path)?.resource.handler, route).toBe(handler);
        expect(Boolean(cloud[0].public), route).toBe(RIGHTS[route] === PUBLIC);
      }
    }
  });

  it('serves every documented route on the local gateway, with its method', async () => {
    const doc = await (await fetch(`${stack.url}/api/openapi.json`)).json();
    const { api } = await stack.newUser();
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(operations)) {
        // Placeholder ids are "not found" at the route's own check, never at the router.
        const response = await api(path.replace(/\{(\w+)\}/g, 'x'), { method: method.toUpperCase() });
        const text = await response.text();
        expect(text, `${method} ${path}`).not.toMatch(/"code":"(route_not_found|method_not_allowed)"/);
      }
    }
  });

  it('documents request bodies and error answers from the shared schemas', async () => {
    const doc = await (await fetch(`${stack.url}/api/openapi.json`)).json();
    const createVendor = doc.paths['/api/vendors'].post;
    expect(createVendor.requestBody.content['application/json'].schema.required).toContain('name');
    expect(createVendor.responses['201'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Vendor',
    );
    expect(createVendor.responses['400'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Error',
    );
    expect(doc.paths['/api/vendors/{id}'].get.responses).toHaveProperty('404');
    expect(doc.paths['/api/openapi.json'].get.security).toEqual([]);
  });
});
