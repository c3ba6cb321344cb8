import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_RESOURCES } from '../../functions/api/routes';
import { startTestStack, type TestStack } from '../helpers/local-stack';
import { registeredRoutes } from '../helpers/routes';

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
    const registered = registeredRoutes();
    // Guards the reader itself: every resource contributes routes.
    expect(registered.length).toBeGreaterThanOrEqual(API_RESOURCES.length);
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
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
