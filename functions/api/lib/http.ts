import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import { ZodError } from 'zod';
import { PLAN_MONTHLY_API_QUOTA, PLANS, type Plan } from '../../../shared/constants';
import { type ErrorBody, STATUS_BY_KIND } from '../../../shared/errors';
import { countApiCall } from '../../adapters/dynamodb/usage';
import { coreHandler } from '../../adapters/handler';
import { logError } from '../../adapters/observability/logger';
import { AppError, secondsUntilNextMonth, tooMany } from '../../core/errors/app-error';
import type { Contract, RouteContract, RouteInput, RouteKey } from './contract';
import { type Principal, principalOf, signedInPersonOf } from './principal';
import { authorize, PUBLIC, SIGNED_IN } from './rights';

type Parsed<S, Otherwise> = S extends z.ZodType ? z.output<S> : Otherwise;
/** The declared path parameters; none for a route that declares none; unknown to a helper typed for any route. */
type ParsedParams<P> = [P] extends [Record<string, z.ZodType<string>>]
  ? { [N in keyof P]: z.output<P[N]> }
  : unknown extends P
    ? Record<string, never>
    : Record<string, unknown>;

/**
 * A request as a route sees it. `params`, `query` and `body` are the route's declared input (its contract),
 * checked with the declared schemas; each is checked when the route first reads it, so a route keeps its
 * own order of checks (one that looks its resource up first answers another tenant's id with 404 before
 * judging the body).
 */
export interface ApiRequest<I extends RouteInput = RouteInput> {
  event: APIGatewayProxyEvent;
  method: string;
  path: string;
  /** The declared path parameters, each checked with its schema (a failure is 404). */
  params: ParsedParams<I['params']>;
  /** The query string, checked with the declared schema; as sent when the route declares none. */
  query: Parsed<I['query'], Record<string, string | undefined>>;
  /** The JSON body, checked with the declared schema; undefined when the route declares none. */
  body: Parsed<I['body'], undefined>;
  headers: Record<string, string>;
  /** The declared headers, checked with the declared schema; undefined when the route declares none. */
  declaredHeaders: Parsed<I['headers'], undefined>;
  /** Raw body bytes (base64-decoded when API Gateway says so). */
  rawBody: Buffer;
  principal: () => Principal;
}

/** What a helper loading a route's resource by its `{id}` needs of the request. */
export type IdRequest = Pick<ApiRequest, 'principal'> & { params: { id: string } };

export interface ApiResponse {
  /** Overrides the contract's success status (a redirect, or 200 instead of 201 when nothing was created). */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Binary bodies (files) are passed as a Buffer and sent base64-encoded. */
  binary?: Buffer;
}

export type RouteHandler<I extends RouteInput = RouteInput> = (
  request: ApiRequest<I>,
) => Promise<ApiResponse | unknown>;

/** The implementation of every route a contract declares, and of nothing else, keyed by the same route keys. */
export type Implementations<C extends Contract> = { [K in keyof C]-?: RouteHandler<NonNullable<C[K]>> };

interface CompiledRoute {
  key: RouteKey;
  method: string;
  segments: string[];
  contract: RouteContract;
  handler: RouteHandler;
}

/** Compiles the declared routes with their implementations. */
function compile<C extends Contract>(contract: C, routes: Implementations<C>): CompiledRoute[] {
  return (Object.keys(contract) as (keyof C & RouteKey)[]).map((key) => {
    const [method, pattern] = key.split(' ');
    return {
      key,
      method,
      segments: pattern.split('/').filter(Boolean),
      contract: contract[key] as RouteContract,
      handler: routes[key] as RouteHandler,
    };
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
    const status = STATUS_BY_KIND[error.kind];
    // Every 429 says when to try again: the refusal's own wait, or a minute if it names none.
    const retry = status === 429 ? { 'retry-after': String(error.retryAfterSeconds ?? 60) } : undefined;
    return json(status, body, retry);
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    return json(400, { message: summary || 'Invalid request', code: 'validation_failed', issues });
  }
  log('Unhandled error', error);
  return json(500, { message: 'Internal server error', code: 'internal' });
}

function toResult(response: ApiResponse | unknown, success: number): APIGatewayProxyResult {
  // Entities have a `status` too ('ACTIVE', 'UPLOADED'…): only a numeric status marks an ApiResponse.
  const isResponse =
    typeof response === 'object' &&
    response !== null &&
    !Array.isArray(response) &&
    (typeof (response as ApiResponse).status === 'number' || 'binary' in response);
  if (!isResponse) return json(success, response ?? null);
  const r = response as ApiResponse;
  if (r.binary) {
    return {
      statusCode: r.status ?? success,
      headers: { 'cache-control': 'private, no-store', ...r.headers },
      body: r.binary.toString('base64'),
      isBase64Encoded: true,
    };
  }
  if (r.status === 204 || (r.body === undefined && r.status && r.status >= 300 && r.status < 400)) {
    return { statusCode: r.status ?? 204, headers: { ...r.headers }, body: '' };
  }
  return json(r.status ?? success, r.body ?? null, r.headers);
}

function lowerCaseHeaders(headers: APIGatewayProxyEvent['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

/** Parses a JSON body with a zod schema; bad JSON and schema failures both become 400 with field issues. */
function parseBody<S extends z.ZodType>(rawBody: Buffer, schema: S): z.output<S> {
  let value: unknown = {};
  if (rawBody.length) {
    try {
      value = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('input', 'invalid_json', 'The request body is not valid JSON');
    }
  }
  return schema.parse(value);
}

function parseParam<S extends z.ZodType>(value: string | undefined, schema: S): z.output<S> {
  const result = schema.safeParse(value);
  // An id that cannot exist is "not found", like another tenant's id: callers learn nothing either way.
  if (!result.success) throw new AppError('not_found', 'not_found', 'Not found');
  return result.data;
}

/** Defines `name` on `target` as computed on first read and kept; a failure throws at each read. */
function defineChecked(target: object, name: string, read: () => unknown): void {
  Object.defineProperty(target, name, {
    enumerable: true,
    configurable: true,
    get() {
      const value = read();
      Object.defineProperty(target, name, { value, enumerable: true });
      return value;
    },
  });
}

/** The route's request: its declared params, query and body checked with the contract's schemas as read. */
function requestOf(event: APIGatewayProxyEvent, route: CompiledRoute, rawParams: Record<string, string>) {
  const { contract } = route;
  const rawQuery = { ...(event.queryStringParameters ?? {}) };
  const rawBody = event.body
    ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  const params = {};
  for (const [name, schema] of Object.entries(contract.params ?? {}))
    defineChecked(params, name, () => parseParam(rawParams[name], schema));
  const request = {
    event,
    method: route.method,
    path: event.path,
    params,
    headers: lowerCaseHeaders(event.headers),
    rawBody,
    principal: () => principalOf(event),
  } as unknown as ApiRequest;
  defineChecked(request, 'query', () => (contract.query ? contract.query.parse(rawQuery) : rawQuery));
  defineChecked(request, 'body', () => (contract.body ? parseBody(rawBody, contract.body) : undefined));
  defineChecked(request, 'declaredHeaders', () => contract.headers?.parse(request.headers));
  return request;
}

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
    throw tooMany(
      'quota',
      `Monthly API quota reached: ${quota.toLocaleString('en-US')} calls on the ${plan} plan. It resets on the 1st (UTC).`,
      secondsUntilNextMonth(),
    );
  }
}

/**
 * Builds the Lambda handler of one /api resource from its contract and the implementation of each route:
 * routing by method and path, rights, the declared input checked, then the route's own core → answer,
 * answered with the contract's success status. Errors are mapped in one place (AppError kind → status,
 * ZodError → 400, anything else → 500 with the cause logged and never sent). The handler lists the route
 * keys it serves (`routes`), for the tests holding them equal to the OpenAPI document.
 */
export function resourceHandler<C extends Contract>(contract: C, routes: Implementations<C>) {
  const compiled = compile(contract, routes);
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
      const request = requestOf(event, route, params);
      // Rights first: a refused caller learns nothing from validation or lookups.
      if (route.contract.rule === SIGNED_IN) signedInPersonOf(event);
      else if (route.contract.rule !== PUBLIC) authorize(route.contract.rule, request.principal());
      const response = await route.handler(request);
      return toResult(response, route.contract.success);
    }
    if (allowed)
      throw new AppError('input', 'method_not_allowed', `Method ${method} is not allowed on ${event.path}`);
    throw new AppError('not_found', 'route_not_found', `No route for ${method} ${event.path}`);
  };
  // Every resource's one middy stack: shared middlewares go here, before the error mapping.
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>(base).use({
    onError: async (request) => {
      request.response = errorResult(request.error, logError);
    },
  });
  return Object.assign(coreHandler(handler), { routes: compiled.map((r) => r.key) });
}
