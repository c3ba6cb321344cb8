import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Mailbox } from './mailbox';

type ExtraRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  body: () => Promise<Buffer>,
) => Promise<boolean>;

/**
 * `/cognito` on the gateway forwards to cognito-local, so the SPA talks to one origin locally as it does
 * behind CloudFront, and no cross-origin setup is needed. A confirmed sign-up also marks the e-mail
 * verified (`onSignUpConfirmed`), which Cognito does and cognito-local does not.
 */
export function cognitoProxyRoute(
  cognitoEndpoint: string,
  onSignUpConfirmed?: (username: string) => Promise<void>,
): ExtraRoute {
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
    if (response.ok && onSignUpConfirmed && headers['x-amz-target']?.endsWith('.ConfirmSignUp')) {
      const username = confirmedUsername(payload);
      // The sign-up is confirmed either way; a failure here only keeps the e-mail unverified.
      if (username)
        await onSignUpConfirmed(username).catch((error) =>
          console.error(`Marking ${username}'s e-mail verified failed: ${String(error)}`),
        );
    }
    res.writeHead(response.status, {
      'content-type': response.headers.get('content-type') ?? 'application/json',
      'cache-control': 'no-store',
    });
    res.end(out);
    return true;
  };
}

function confirmedUsername(payload: Buffer | undefined): string | undefined {
  try {
    const { Username } = JSON.parse(payload?.toString('utf8') ?? '{}') as { Username?: unknown };
    return typeof Username === 'string' && Username ? Username : undefined;
  } catch {
    return undefined;
  }
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
