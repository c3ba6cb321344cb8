import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { OPERATIONS } from '../contracts';
import * as named from '../lib/components';
import type { RouteContract, RouteKey } from '../lib/contract';
import { PUBLIC, type Rule } from '../lib/rights';
import { registerWebhookEvents } from './webhook-events';

/** What each path parameter holds; a path's `{name}`s become its documented parameters. */
const PATH_PARAMETERS: Record<string, string> = {
  id: 'The resource id (a ULID)',
  userId: 'The member’s user id',
  email: 'The invited e-mail address, URL-encoded',
  deliveryId: 'The delivery log entry’s id (a ULID)',
  token: 'The token of an invitation e-mail’s link',
};
const pathParams = (path: string) => {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  if (!names.length) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((name) => [name, z.string().meta({ description: PATH_PARAMETERS[name] ?? name })]),
    ),
  );
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input; `issues` lists the fields',
  401: 'Missing or invalid bearer token',
  403: 'Not allowed',
  404: 'Not found (also for another organization’s ids)',
  409: 'Conflict: changed by someone else, or already taken',
  413: 'File too large',
  415: 'Unsupported file type',
  429: 'Too many: the per-minute upload limit (per organization, and per API key), the monthly invoice limit, or an API key’s monthly API quota. `Retry-After` says when to try again',
  410: 'No longer usable (an expired, revoked or replaced invitation link)',
};

/** Every 429 carries it (functions/api/lib/http.ts). */
const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'integer' as const, minimum: 1 },
  },
};

/** A raw answer's schema: a JSON one (this document) is an object, anything else a string of bytes. */
const rawSchema = (contentType: string) =>
  contentType.includes('json') ? { type: 'object' as const } : { type: 'string' as const };

/**
 * zod-to-openapi writes a nullable literal as `type: [T, "null"]` with `enum: [value]`, an enum that null
 * fails, so a declared nullable field would refuse the null it answers; null is added where the type allows it.
 */
function allowDeclaredNulls(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowDeclaredNulls(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as { type?: unknown; enum?: unknown[] };
  if (Array.isArray(schema.type) && schema.type.includes('null') && Array.isArray(schema.enum)) {
    if (!schema.enum.includes(null)) schema.enum.push(null);
  }
  for (const value of Object.values(node)) allowDeclaredNulls(value);
}

/** Who may call a route, from the rights table. */
const whoMay = (rule: Rule) =>
  `Allowed for ${rule.roles.join(', ')}; ${rule.scope ? `API keys need the \`${rule.scope}\` scope` : 'never for API keys'}.`;

function toRouteConfig(op: RouteContract & { route: RouteKey }): RouteConfig {
  const [method, path] = op.route.split(' ') as [string, string];
  const params = pathParams(path);
  const hasId = params !== undefined;
  const request: RouteConfig['request'] = {
    ...(op.rawBody ?? {}),
    ...(op.body ? { body: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    ...(op.query ? { query: op.query } : {}),
    ...(op.headers ? { headers: op.headers } : {}),
    ...(params ? { params } : {}),
  };
  const responses: RouteConfig['responses'] = {
    [op.success]: op.response
      ? { description: 'Success', content: { 'application/json': { schema: op.response } } }
      : op.rawResponse
        ? {
            description: op.rawResponse.description,
            ...(op.rawResponse.contentType
              ? {
                  content: {
                    [op.rawResponse.contentType]: { schema: rawSchema(op.rawResponse.contentType) },
                  },
                }
              : {}),
          }
        : { description: 'No content' },
  };
  for (const status of op.alsoSuccess ?? []) responses[status] = responses[op.success];
  const { rule } = op;
  const isPublic = rule === PUBLIC;
  // Every protected route may refuse a role or a key's scope (functions/api/lib/rights.ts), and a route an
  // API key may call is metered against the plan's monthly API quota (429, functions/api/lib/http.ts).
  const errors = new Set([
    ...(isPublic ? [] : [401, 403]),
    // Declared input is checked with zod: anything else is 400 with the field issues; a path that is not
    // validly percent-encoded is 400 before its parameters are read.
    ...(op.query || op.body || op.rawBody || op.headers || hasId ? [400] : []),
    ...(hasId ? [404] : []),
    ...(!isPublic && rule.scope ? [429] : []),
    ...(op.errors ?? []),
  ]);
  for (const status of [...errors].sort()) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      ...(status === 429 ? { headers: RETRY_AFTER } : {}),
      content: { 'application/json': { schema: named.ErrorBody } },
    };
  }
  return {
    method: method.toLowerCase() as RouteConfig['method'],
    path,
    tags: [op.tag],
    summary: op.summary,
    ...(isPublic ? { security: [] } : { description: whoMay(rule) }),
    request,
    responses,
  };
}

let cached: unknown;

/**
 * The OpenAPI 3.1 document of the whole API, generated once per process from the route contracts
 * (functions/api/<resource>/contract.ts), the same declarations the handlers are built from.
 */
export function openApiDocument(): unknown {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A Cognito ID token for people, or an API key (`ipk_` and 40 characters) for API clients: `Authorization: Bearer <token>`.',
  });
  for (const op of OPERATIONS) registry.registerPath(toRouteConfig(op));
  registerWebhookEvents(registry, named.Invoice);
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Invoice Pilot API',
      version: '1.0.0',
      description:
        'AI invoice processing for property management companies. Every call is scoped to the caller’s organization. Errors answer `{ message, code, issues? }`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
  });
  allowDeclaredNulls(cached);
  return cached;
}
