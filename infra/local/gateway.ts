import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayRequestAuthorizerEvent,
  Context,
} from 'aws-lambda';
import { type ApiResource, resourceFor } from '../../functions/api/routes';
import { UPLOAD_TOO_LARGE_MESSAGE } from '../../shared/constants';
import { securityHeaders } from '../security-headers';

type LambdaHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
type Authorizer = (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;

export interface GatewayOptions {
  port: number;
  /** Folder of the built SPA (`web/dist`); missing means API only. */
  staticDir?: string;
  /** Answered at `/config.json`: the SPA's runtime settings. */
  runtimeConfig: () => unknown;
  /** Extra routes handled before /api (the local presigned-POST target, the Cognito proxy). */
  extraRoutes?: ((
    req: IncomingMessage,
    res: ServerResponse,
    body: () => Promise<Buffer>,
  ) => Promise<boolean>)[];
  log?: (line: string) => void;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const handlerCache = new Map<string, Promise<LambdaHandler>>();
let authorizerPromise: Promise<Authorizer> | undefined;

/** Loads the same handler module the cloud deploys as the resource's Lambda function. */
function loadHandler(resource: ApiResource): Promise<LambdaHandler> {
  let loaded = handlerCache.get(resource.handler);
  if (!loaded) {
    loaded = import(`../../functions/api/${resource.handler}/handler.ts`).then(
      (m) => m.handler as LambdaHandler,
    );
    handlerCache.set(resource.handler, loaded);
  }
  return loaded;
}

function loadAuthorizer(): Promise<Authorizer> {
  authorizerPromise ??= import('../../functions/authorizer/handler').then((m) => m.handler as Authorizer);
  return authorizerPromise;
}

function readBody(req: IncomingMessage, limit = 12 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // API Gateway's payload limit is 10 MB; anything larger is refused without being buffered. The rest
    // of the body is read and dropped rather than the socket cut, so the client gets the 413 answer.
    const tooLarge = () => Object.assign(new Error('Request body too large'), { status: 413 });
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume();
      reject(tooLarge());
      return;
    }
    let chunks: Buffer[] | undefined = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (chunks && size > limit) {
        chunks = undefined;
        reject(tooLarge());
      }
      chunks?.push(chunk);
    });
    req.on('end', () => chunks && resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const fakeContext = (name: string): Context =>
  ({
    functionName: name,
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 30_000,
    callbackWaitsForEmptyEventLoop: false,
  }) as unknown as Context;

const isText = (contentType: string | undefined) =>
  !contentType || /json|text|x-www-form-urlencoded|javascript|xml/.test(contentType);

/** Turns a Node request into the API Gateway REST proxy event the Lambda handlers receive in the cloud. */
export function toProxyEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  resourcePath: string,
  authorizer: Record<string, unknown> | null,
): APIGatewayProxyEvent {
  // Maps, not object literals: a header or query name like `constructor` or `__proto__` is just a name.
  const headerValues = new Map<string, string[]>();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headerValues.set(key, Array.isArray(value) ? value : [value]);
  }
  const queryValues = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) queryValues.set(key, [...(queryValues.get(key) ?? []), value]);
  const headers = Object.fromEntries([...headerValues].map(([k, v]) => [k, v.join(',')]));
  const multiValueHeaders = Object.fromEntries(headerValues);
  // API Gateway's single-value map holds a repeated parameter's last value.
  const query = Object.fromEntries([...queryValues].map(([k, v]) => [k, v.at(-1) as string]));
  const multiQuery = Object.fromEntries(queryValues);
  const binary = body.length > 0 && !isText(req.headers['content-type']);
  return {
    resource: resourcePath,
    path: url.pathname,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders,
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: Object.keys(multiQuery).length ? multiQuery : null,
    pathParameters: null,
    stageVariables: null,
    body: body.length ? body.toString(binary ? 'base64' : 'utf8') : null,
    isBase64Encoded: binary,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer,
      httpMethod: req.method ?? 'GET',
      path: url.pathname,
      protocol: 'HTTP/1.1',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath,
      stage: 'local',
      identity: {
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? null,
      },
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, body: () => Promise<Buffer>) {
  const match = resourceFor(url.pathname);
  if (!match)
    return sendJson(res, 404, {
      message: `No route for ${req.method} ${url.pathname}`,
      code: 'route_not_found',
    });
  const payload = await body();
  let context: Record<string, unknown> | null = null;
  if (!match.resource.public) {
    const authorizer = await loadAuthorizer();
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    try {
      const result = await authorizer({
        type: 'REQUEST',
        methodArn: `arn:aws:execute-api:local:local:local/local/${req.method}${url.pathname}`,
        headers,
        httpMethod: req.method,
        path: url.pathname,
        resource: match.pattern,
      } as unknown as APIGatewayRequestAuthorizerEvent);
      context = { ...(result.context ?? {}), principalId: result.principalId };
    } catch (error) {
      if ((error as Error).message !== 'Unauthorized') throw error;
      return sendJson(res, 401, { message: 'Unauthorized', code: 'unauthorized' });
    }
  }
  const handler = await loadHandler(match.resource);
  const event = toProxyEvent(req, url, payload, match.pattern, context);
  const result = await handler(event, fakeContext(match.resource.handler));
  const headers: Record<string, string | number | boolean> = { ...(result.headers ?? {}) };
  for (const [key, values] of Object.entries(result.multiValueHeaders ?? {}))
    headers[key] = values.join(', ');
  res.writeHead(result.statusCode, headers as Record<string, string>);
  res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}

/** `host` or `host:port`: a DNS name, an IPv4 address or a bracketed IPv6 address. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The request's URL, or undefined when its Host header or target cannot make one (`Host: a b`). */
function requestUrl(req: IncomingMessage): URL | undefined {
  const host = req.headers.host ?? '127.0.0.1';
  if (!HOST.test(host) || !req.url?.startsWith('/')) return undefined;
  try {
    return new URL(req.url, `http://${host}`);
  } catch {
    return undefined;
  }
}

const LOCAL_SECURITY_HEADERS = securityHeaders({
  connectSources: [],
  upgradeInsecureRequests: false,
  https: false,
});

function serveStatic(res: ServerResponse, url: URL, staticDir: string | undefined) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return sendJson(res, 400, {
      message: 'The request path is not validly percent-encoded',
      code: 'invalid_path',
    });
  }
  if (!staticDir || !existsSync(staticDir)) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The web app is not built yet: run `npm run build:web`.');
    return;
  }
  const requested = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  let file = join(staticDir, requested);
  const isAsset = extname(requested) !== '';
  if (!file.startsWith(staticDir) || !existsSync(file) || statSync(file).isDirectory()) {
    if (isAsset) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    // SPA fallback: every app route is answered with index.html; the router decides what to show.
    file = join(staticDir, 'index.html');
  }
  const immutable = file.includes(`${join(staticDir, 'assets')}`);
  res.writeHead(200, {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  // The build folder can change under a running server (a rebuild): a vanished file ends this
  // response, never the process.
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * The local stand-in for CloudFront + API Gateway: one port serving the SPA and /api, calling the same
 * authorizer and handler modules the cloud deploys. A crash in a handler answers 500 and never takes the
 * gateway down.
 */
export function startGateway(options: GatewayOptions): Promise<Server> {
  const server = createServer(async (req, res) => {
    // CloudFront adds these to every answer, the SPA's and the API's alike.
    for (const [name, value] of Object.entries(LOCAL_SECURITY_HEADERS)) res.setHeader(name, value);
    const url = requestUrl(req);
    if (!url) {
      res.setHeader('connection', 'close');
      return sendJson(res, 400, {
        message: 'Bad request: malformed Host header or target',
        code: 'bad_request',
      });
    }
    let cached: Promise<Buffer> | undefined;
    const body = () => {
      cached ??= readBody(req);
      return cached;
    };
    const started = Date.now();
    try {
      if (url.pathname === '/config.json') return sendJson(res, 200, options.runtimeConfig());
      for (const route of options.extraRoutes ?? []) if (await route(req, res, body)) return;
      if (url.pathname === '/api' || url.pathname.startsWith('/api/'))
        return await handleApi(req, res, url, body);
      return serveStatic(res, url, options.staticDir);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 413) return sendJson(res, 413, { message: UPLOAD_TOO_LARGE_MESSAGE, code: 'too_large' });
      options.log?.(`gateway error on ${req.method} ${url.pathname}: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error', code: 'internal' });
      else res.end();
    } finally {
      if (url.pathname.startsWith('/api/') && process.env.LOG_REQUESTS)
        options.log?.(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
    }
  });
  // What Node's parser refuses (a malformed request line, a bad header, a missing Host) is answered with
  // 400 and the connection closed, as CloudFront does; never left open without an answer.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
    const [status, reason] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout']
          : [400, 'Bad Request'];
    const body = JSON.stringify({
      message: reason,
      code: status === 400 ? 'bad_request' : 'request_refused',
    });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
    // Read and drop what the client still sends, so it gets to read the answer instead of a reset, and
    // close the connection for good a moment later whatever the client does.
    socket.resume();
    setTimeout(() => socket.destroy(), 2_000).unref();
  });
  // An idle kept-alive connection is closed by the server after keepAliveTimeout. A client that sends on
  // it at that very moment gets a reset instead of an answer, and a client whose event loop lags (a busy
  // machine) misses the server's hint. Load balancers keep idle connections far longer than clients do
  // (ALB: 60 s), so the client is the one to close them; the gateway does the same.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(server));
  });
}
