import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import { ZodError } from 'zod';
import { PLAN_MONTHLY_API_QUOTA, PLANS, type Plan } from '../../../shared/constants';
import { type ErrorBody, STATUS_BY_KIND } from '../../../shared/errors';
import { countApiCall } from '../../adapters/dynamodb/organizations';
import { logError } from '../../adapters/observability/logger';
import { observed } from '../../adapters/observability/middleware';
import { AppError } from '../../core/errors/app-error';
import { type Principal, principalOf } from './principal';
import { authorize, PUBLIC, type Rule, ruleOf } from './rights';

export interface ApiRequest {
  event: APIGatewayProxyEvent;
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  headers: Record<string, string>;
  /** Raw body bytes (base64-decoded when API Gateway says so). */
  rawBody: Buffer;
  principal: () => Principal;
}

export interface ApiResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Binary bodies (files) are passed as a Buffer and sent base64-encoded. */
  binary?: Buffer;
}

export type RouteHandler = (request: ApiRequest) => Promise<ApiResponse | unknown>;

/** Routes of one /api resource: `'GET /api/invoices/{id}'` → handler. */
export type Routes = Record<string, RouteHandler>;

interface CompiledRoute {
  method: string;
  segments: string[];
  handler: RouteHandler;
  rule: Rule | typeof PUBLIC;
}

/** Compiles the routes with their rights; a route without a rule in the rights table throws here, at load. */
function compile(routes: Routes): CompiledRoute[] {
  return Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ');
    return { method, segments: pattern.split('/').filter(Boolean), handler, rule: ruleOf(key) };
  });
}

/**
 * A path segment as the client meant it. API Gateway passes the raw path in both runtimes, so a lone `%`
 * or a broken UTF-8 sequence (`%E0%A4%A`) reaches here and is bad input, not a server error.
 */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError('input', 'invalid_path', 'The request path is not validly percent-encoded');
  }
}

function match(route: CompiledRoute, segments: string[]): Record<string, string> | undefined {
  if (route.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const expected = route.segments[i];
    if (expected.startsWith('{') && expected.endsWith('}'))
      params[expected.slice(1, -1)] = decodeSegment(segments[i]);
    else if (expected !== segments[i]) return undefined;
  }
  return params;
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export function errorResult(
  error: unknown,
  log: (message: string, error: unknown) => void,
): APIGatewayProxyResult {
  if (error instanceof AppError) {
    const body: ErrorBody = {
      message: error.message,
      code: error.code,
      ...(error.issues ? { issues: error.issues } : {}),
    };
    return json(STATUS_BY_KIND[error.kind], body);
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    return json(400, { message: summary || 'Invalid request', code: 'validation_failed', issues });
  }
  log('Unhandled error', error);
  return json(500, { message: 'Internal server error', code: 'internal' });
}

function toResult(response: ApiResponse | unknown, method: string): APIGatewayProxyResult {
  // Entities have a `status` too ('ACTIVE', 'UPLOADED'…): only a numeric status marks an ApiResponse.
  const isResponse =
    typeof response === 'object' &&
    response !== null &&
    !Array.isArray(response) &&
    (typeof (response as ApiResponse).status === 'number' || 'binary' in response);
  if (!isResponse) return json(method === 'POST' ? 201 : 200, response ?? null);
  const r = response as ApiResponse;
  if (r.binary) {
    return {
      statusCode: r.status ?? 200,
      headers: { 'cache-control': 'private, no-store', ...r.headers },
      body: r.binary.toString('base64'),
      isBase64Encoded: true,
    };
  }
  if (r.status === 204 || (r.body === undefined && r.status && r.status >= 300 && r.status < 400)) {
    return { statusCode: r.status ?? 204, headers: { ...r.headers }, body: '' };
  }
  return json(r.status ?? 200, r.body ?? null, r.headers);
}

function lowerCaseHeaders(headers: APIGatewayProxyEvent['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

/** Parses a JSON body with a zod schema; bad JSON and schema failures both become 400 with field issues. */
export function parseBody<S extends z.ZodTypeAny>(request: ApiRequest, schema: S): z.output<S> {
  let value: unknown = {};
  if (request.rawBody.length) {
    try {
      value = JSON.parse(request.rawBody.toString('utf8'));
    } catch {
      throw new AppError('input', 'invalid_json', 'The request body is not valid JSON');
    }
  }
  return schema.parse(value);
}

export const parseQuery = <S extends z.ZodTypeAny>(request: ApiRequest, schema: S): z.output<S> =>
  schema.parse(request.query);

export const parseParam = <S extends z.ZodTypeAny>(
  request: ApiRequest,
  name: string,
  schema: S,
): z.output<S> => {
  const result = schema.safeParse(request.params[name]);
  // An id that cannot exist is "not found", like another tenant's id: callers learn nothing either way.
  if (!result.success) throw new AppError('not_found', 'not_found', 'Not found');
  return result.data;
};

/**
 * Meters a call made with an API key against its organization's monthly quota (the plan's
 * PLAN_MONTHLY_API_QUOTA): past it, the call is refused with 429. The app's own calls (people signed in)
 * are not metered: an open dashboard refreshing itself must not use up the integrations' quota or lock
 * people out. A failure to count is logged and never fails the call.
 */
async function meterApiKeyCall(event: APIGatewayProxyEvent): Promise<void> {
  const context = (event.requestContext?.authorizer ?? {}) as Record<string, unknown>;
  if (context.kind !== 'apikey' || typeof context.orgId !== 'string' || !context.orgId) return;
  const plan: Plan = PLANS.includes(context.plan as Plan) ? (context.plan as Plan) : 'STARTER';
  const quota = PLAN_MONTHLY_API_QUOTA[plan];
  const withinQuota = await countApiCall(context.orgId, quota).catch((error) => {
    logError('Counting the API call failed', error);
    return true;
  });
  if (!withinQuota) {
    throw new AppError(
      'quota',
      'quota',
      `Monthly API quota reached: ${quota.toLocaleString('en-US')} calls on the ${plan} plan. It resets on the 1st (UTC).`,
    );
  }
}

/**
 * Builds the Lambda handler of one /api resource: routing by method and path, then the route's own
 * parse → core → answer. Errors are mapped in one place (AppError kind → status, ZodError → 400, anything
 * else → 500 with the cause logged and never sent).
 */
export function resourceHandler(
  routes: Routes,
  options: { onSuccess?: (request: ApiRequest) => Promise<void> } = {},
) {
  const compiled = compile(routes);
  const base = async (event: APIGatewayProxyEvent, _context: Context): Promise<APIGatewayProxyResult> => {
    await meterApiKeyCall(event);
    return route(event);
  };
  const route = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const method = event.httpMethod.toUpperCase();
    const segments = event.path.split('/').filter(Boolean);
    let allowed = false;
    for (const route of compiled) {
      const params = match(route, segments);
      if (!params) continue;
      if (route.method !== method) {
        allowed = true;
        continue;
      }
      const request: ApiRequest = {
        event,
        method,
        path: event.path,
        params,
        query: { ...(event.queryStringParameters ?? {}) },
        headers: lowerCaseHeaders(event.headers),
        rawBody: event.body
          ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8')
          : Buffer.alloc(0),
        principal: () => principalOf(event),
      };
      // Rights first: a refused caller learns nothing from validation or lookups.
      if (route.rule !== PUBLIC) authorize(route.rule, request.principal());
      const response = await route.handler(request);
      if (options.onSuccess) await options.onSuccess(request);
      return toResult(response, method);
    }
    if (allowed)
      throw new AppError('input', 'method_not_allowed', `Method ${method} is not allowed on ${event.path}`);
    throw new AppError('not_found', 'route_not_found', `No route for ${method} ${event.path}`);
  };
  return observed(
    middy<APIGatewayProxyEvent, APIGatewayProxyResult>(base).use({
      onError: async (request) => {
        request.response = errorResult(request.error, logError);
      },
    }),
  );
}
