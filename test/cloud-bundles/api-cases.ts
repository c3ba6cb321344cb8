import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { API_RESOURCES, type ApiResource, resourceFor } from '../../functions/api/routes';

/** One request to the API, made afresh for each runtime (a create must not collide with the other's). */
export interface ApiRequest {
  method: string;
  path: string;
  json?: unknown;
  /** A raw body (multipart uploads), with its content type. */
  body?: { bytes: Buffer; contentType: string };
}

export interface ApiCase {
  label: string;
  resource: ApiResource;
  /** The API Gateway resource path the request matches (`/api/invoices/{proxy+}`). */
  pattern: string;
  make: (runtime: 'source' | 'bundle') => ApiRequest;
}

/** Ids the GET cases address: real ones where the fixture has them, otherwise ids that exist nowhere. */
export interface Fixture {
  invoiceId: string;
  pdf: Buffer;
  /** A local receiver the created webhook endpoint points at. */
  webhookUrl: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

const MISSING = '01JZZZZZZZZZZZZZZZZZZZZZZZ';

/**
 * Every GET of the served OpenAPI document (path parameters filled from the fixture, or with ids that
 * match nothing: both runtimes must answer the same 404), the writes that exercise each function's
 * grants (storage, queues, the workflow, the secrets key, mail), and for a route no GET reaches, a
 * request under it — so every API_RESOURCES path gets at least one case.
 */
export function apiCases(doc: OpenApiDocument, fixture: Fixture): ApiCase[] {
  const cases: ApiCase[] = [];
  const add = (label: string, make: ApiCase['make']) => {
    const { path } = make('source');
    const match = resourceFor(path);
    if (!match) throw new Error(`${label}: ${path} matches no API resource`);
    cases.push({ label, resource: match.resource, pattern: match.pattern, make });
  };
  const fill = (path: string) =>
    path
      .replace('/api/invoices/{id}', `/api/invoices/${fixture.invoiceId}`)
      .replace(/\{email\}/g, 'nobody%40example.com')
      .replace(/\{[A-Za-z]+\}/g, MISSING);
  for (const [path, operations] of Object.entries(doc.paths)) {
    if ('get' in operations) add(`GET ${path}`, () => ({ method: 'GET', path: fill(path) }));
  }
  const unique = (runtime: string) => `${runtime}-${randomUUID().slice(0, 8)}`;
  const upload = (path: string) => (runtime: string) => ({
    method: 'POST',
    path,
    body: multipart(fixture.pdf, `invoice-${unique(runtime)}.pdf`),
  });
  add('POST /api/invoices/upload', upload('/api/invoices/upload'));
  add('POST /api/upload', upload('/api/upload'));
  add('POST /api/invoices/upload-url', () => ({
    method: 'POST',
    path: '/api/invoices/upload-url',
    json: { filename: 'scan.pdf', contentType: 'application/pdf', size: fixture.pdf.length },
  }));
  add('POST /api/invoices/{id}/reprocess', () => ({
    method: 'POST',
    path: `/api/invoices/${fixture.invoiceId}/reprocess`,
  }));
  add('POST /api/vendors', (r) => ({
    method: 'POST',
    path: '/api/vendors',
    json: { name: `Vendor ${unique(r)}` },
  }));
  add('POST /api/properties', (r) => ({
    method: 'POST',
    path: '/api/properties',
    json: { name: `Property ${unique(r)}`, address: '1 Harbor Way', propertyType: 'APARTMENT' },
  }));
  add('POST /api/api-keys', (r) => ({
    method: 'POST',
    path: '/api/api-keys',
    json: { name: `Key ${unique(r)}` },
  }));
  add('POST /api/webhooks', () => ({
    method: 'POST',
    path: '/api/webhooks',
    json: { url: fixture.webhookUrl, events: ['invoice.uploaded'] },
  }));
  add('POST /api/integrations', (r) => ({
    method: 'POST',
    path: '/api/integrations',
    json: {
      name: `Make ${unique(r)}`,
      type: 'MAKE_COM',
      config: { apiUrl: 'https://hook.example.com/make' },
    },
  }));
  add('POST /api/organization/invitations', (r) => ({
    method: 'POST',
    path: '/api/organization/invitations',
    json: { email: `${unique(r)}@example.com`, role: 'VIEWER' },
  }));
  for (const resource of API_RESOURCES) {
    for (const pattern of resource.paths) {
      if (cases.some((c) => c.pattern === pattern)) continue;
      const path = pattern.replace('{proxy+}', MISSING);
      add(`GET ${path} (route without a GET)`, () => ({ method: 'GET', path }));
    }
  }
  return cases;
}

function multipart(bytes: Buffer, filename: string): { bytes: Buffer; contentType: string } {
  const boundary = `----invoicepilot${randomUUID().replace(/-/g, '')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    bytes: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The REQUEST authorizer's event as API Gateway sends it for `request`. */
export function authorizerEvent(
  request: ApiRequest,
  pattern: string,
  token?: string,
): APIGatewayRequestAuthorizerEvent {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return {
    type: 'REQUEST',
    methodArn: `arn:aws:execute-api:us-east-1:000000000000:local/v1/${request.method}${request.path}`,
    resource: pattern,
    path: request.path,
    httpMethod: request.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: requestContext(request, pattern, null),
  } as unknown as APIGatewayRequestAuthorizerEvent;
}

/**
 * The REST proxy event API Gateway sends the function; `authorizer` is what the authorizer answered
 * (its context plus principalId, as API Gateway passes it on).
 */
export function proxyEvent(
  request: ApiRequest,
  pattern: string,
  authorizer: Record<string, unknown> | null,
  token?: string,
): APIGatewayProxyEvent {
  const headers: Record<string, string> = {
    Host: 'abc123.execute-api.us-east-1.amazonaws.com',
    'User-Agent': 'cloud-bundles-test',
    'X-Forwarded-For': '203.0.113.7',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  let body: string | null = null;
  let isBase64Encoded = false;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.body) {
    // binaryMediaTypes is */*: every body with a media type reaches the function base64-encoded.
    headers['Content-Type'] = request.body.contentType;
    body = request.body.bytes.toString('base64');
    isBase64Encoded = true;
  }
  const [path, query] = request.path.split('?');
  const params = query ? Object.fromEntries(new URLSearchParams(query)) : null;
  return {
    resource: pattern,
    path,
    httpMethod: request.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: params,
    multiValueQueryStringParameters: params
      ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, [v]]))
      : null,
    pathParameters: pattern.endsWith('{proxy+}')
      ? { proxy: path.slice(pattern.length - '{proxy+}'.length) }
      : null,
    stageVariables: null,
    body,
    isBase64Encoded,
    requestContext: requestContext(request, pattern, authorizer),
  } as APIGatewayProxyEvent;
}

function requestContext(request: ApiRequest, pattern: string, authorizer: Record<string, unknown> | null) {
  return {
    accountId: '000000000000',
    apiId: 'local',
    authorizer,
    httpMethod: request.method,
    path: `/v1${request.path.split('?')[0]}`,
    protocol: 'HTTP/1.1',
    requestId: randomUUID(),
    requestTimeEpoch: Date.now(),
    resourceId: 'local',
    resourcePath: pattern,
    stage: 'v1',
    identity: { sourceIp: '203.0.113.7', userAgent: 'cloud-bundles-test' },
  } as unknown as APIGatewayProxyEvent['requestContext'];
}
