import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { notFound } from '../../core/errors/app-error';
import { defineContract } from './contract';
import { resourceHandler } from './http';
import { PUBLIC } from './rights';

// Public routes: no principal is needed to reach them.
const contract = defineContract({
  'GET /api/invitations/{token}': {
    rule: PUBLIC,
    tag: 'Test',
    summary: 'Reads a checked parameter and body',
    params: { token: z.string().regex(/^[a-z]+$/) },
    query: z.object({ limit: z.coerce.number().int().max(10).optional() }),
    body: z.object({ name: z.string().min(1) }),
    success: 201,
  },
  'GET /api/openapi.json': {
    rule: PUBLIC,
    tag: 'Test',
    summary: 'Answers 202 unless it says otherwise',
    success: 202,
  },
});

const seen: unknown[] = [];
const handler = resourceHandler(contract, {
  'GET /api/invitations/{token}': async (request) => {
    // Looks the resource up before reading the body: an unknown token is 404 whatever the body holds.
    if (request.params.token === 'missing') throw notFound('Invitation');
    seen.push({ token: request.params.token, query: request.query, body: request.body });
    return { name: request.body.name };
  },
  'GET /api/openapi.json': async (request) =>
    request.query.redirect ? { status: 302, headers: { location: '/' } } : { ok: true },
});

function call(path: string, init: { body?: string; query?: Record<string, string> } = {}) {
  const event = {
    httpMethod: 'GET',
    path,
    headers: {},
    queryStringParameters: init.query ?? null,
    body: init.body ?? null,
    isBase64Encoded: false,
    requestContext: {},
  } as unknown as APIGatewayProxyEvent;
  return handler(event, {} as Context);
}

describe('resourceHandler built from a contract', () => {
  it('lists the routes it serves', () => {
    expect(handler.routes).toEqual(['GET /api/invitations/{token}', 'GET /api/openapi.json']);
  });

  it('hands the route its declared input parsed, and answers with the declared success status', async () => {
    seen.length = 0;
    const result = await call('/api/invitations/abc', { body: '{"name":"Ann"}', query: { limit: '3' } });
    expect(result.statusCode).toBe(201);
    expect(JSON.parse(result.body)).toEqual({ name: 'Ann' });
    expect(seen).toEqual([{ token: 'abc', query: { limit: 3 }, body: { name: 'Ann' } }]);
    expect((await call('/api/openapi.json')).statusCode).toBe(202);
    const redirect = await call('/api/openapi.json', { query: { redirect: '1' } });
    expect([redirect.statusCode, redirect.headers?.location]).toEqual([302, '/']);
  });

  it('answers bad input as before: 404 for a parameter, 400 with the fields for query and body', async () => {
    const badParam = await call('/api/invitations/ABC', { body: '{"name":"Ann"}' });
    expect([badParam.statusCode, JSON.parse(badParam.body).code]).toEqual([404, 'not_found']);
    const badQuery = await call('/api/invitations/abc', { body: '{"name":"Ann"}', query: { limit: '99' } });
    expect(badQuery.statusCode).toBe(400);
    expect(JSON.parse(badQuery.body)).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'limit' }],
    });
    const badJson = await call('/api/invitations/abc', { body: '{"name":' });
    expect([badJson.statusCode, JSON.parse(badJson.body).code]).toEqual([400, 'invalid_json']);
    const badBody = await call('/api/invitations/abc', { body: '{"name":""}' });
    expect(JSON.parse(badBody.body)).toMatchObject({ code: 'validation_failed', issues: [{ path: 'name' }] });
  });

  it('checks each part when the route reads it, so the route keeps its order of checks', async () => {
    const missing = await call('/api/invitations/missing', { body: 'not json' });
    expect([missing.statusCode, JSON.parse(missing.body).code]).toEqual([404, 'not_found']);
  });
});
