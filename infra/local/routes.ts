import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Mailbox } from './mailbox';

type ExtraRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  body: () => Promise<Buffer>,
) => Promise<boolean>;

/**
 * `/cognito` on the gateway forwards to cognito-local, so the SPA talks to one origin locally as it does
 * behind CloudFront, and no cross-origin setup is needed.
 */
export function cognitoProxyRoute(cognitoEndpoint: string): ExtraRoute {
  return async (req, res, body) => {
    if (!req.url?.startsWith('/cognito')) return false;
    const target = `${cognitoEndpoint}${req.url.slice('/cognito'.length) || '/'}`;
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'authorization']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const payload = req.method === 'GET' || req.method === 'HEAD' ? undefined : await body();
    const response = await fetch(target, {
      method: req.method,
      headers,
      body: payload ? new Uint8Array(payload) : undefined,
    });
    const out = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, {
      'content-type': response.headers.get('content-type') ?? 'application/json',
      'cache-control': 'no-store',
    });
    res.end(out);
    return true;
  };
}

/** Local only: the confirmation codes cognito-local would have e-mailed, for people and browser tests. */
export function devMailboxRoute(mailbox: Mailbox): ExtraRoute {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== '/api/dev/mailbox') return false;
    const email = url.searchParams.get('email') ?? '';
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ messages: mailbox.for(email) }));
    return true;
  };
}
