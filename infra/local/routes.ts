import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Mailbox } from './mailbox';

type ExtraRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  body: () => Promise<Buffer>,
) => Promise<boolean>;

/**
 * The Cognito actions a browser may call: the unauthenticated ones (sign-up, sign-in, password reset)
 * and the ones authorized by the user's own access token (profile, password, TOTP set-up, sign-out) —
 * everything the SPA and Amplify's Authenticator use. Cognito requires AWS credentials for every other
 * action (ListUsers, Admin*), and cognito-local checks none, so the proxy must not pass them. Neither does
 * it pass UpdateUserAttributes: the SPA keeps names in its own profile, and cognito-local would let a user
 * write `email_verified` on themselves, which provisioning trusts.
 */
export const PUBLIC_COGNITO_ACTIONS: ReadonlySet<string> = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'ChangePassword',
  'GlobalSignOut',
  'DeleteUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'ConfirmDevice',
  'ForgetDevice',
  'GetDevice',
  'ListDevices',
  'UpdateDeviceStatus',
]);

const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * `/cognito` on the gateway forwards to cognito-local, so the SPA talks to one origin locally as it does
 * behind CloudFront, and no cross-origin setup is needed. Only POSTs of PUBLIC_COGNITO_ACTIONS pass;
 * anything else is 403 in Cognito's error shape. A confirmed sign-up also marks the e-mail verified
 * (`onSignUpConfirmed`), which Cognito does and cognito-local does not.
 */
export function cognitoProxyRoute(
  cognitoEndpoint: string,
  onSignUpConfirmed?: (username: string) => Promise<void>,
): ExtraRoute {
  return async (req, res, body) => {
    const path = req.url?.split('?')[0];
    if (path !== '/cognito' && !path?.startsWith('/cognito/')) return false;
    const target = req.headers['x-amz-target'];
    const action =
      typeof target === 'string' && target.startsWith(COGNITO_TARGET_PREFIX)
        ? target.slice(COGNITO_TARGET_PREFIX.length)
        : '';
    if (
      req.method !== 'POST' ||
      (path !== '/cognito' && path !== '/cognito/') ||
      !PUBLIC_COGNITO_ACTIONS.has(action)
    ) {
      res.writeHead(403, { 'content-type': 'application/x-amz-json-1.1', 'cache-control': 'no-store' });
      res.end(
        JSON.stringify({
          __type: 'AccessDeniedException',
          message: `Only the public Cognito actions pass through /cognito${action ? `, not ${action}` : ''}`,
          code: 'forbidden',
        }),
      );
      return true;
    }
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'authorization']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const payload = await body();
    const response = await fetch(`${cognitoEndpoint}/`, {
      method: 'POST',
      headers,
      body: new Uint8Array(payload),
    });
    const out = Buffer.from(await response.arrayBuffer());
    if (response.ok && onSignUpConfirmed && action === 'ConfirmSignUp') {
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

function confirmedUsername(payload: Buffer): string | undefined {
  try {
    const { Username } = JSON.parse(payload.toString('utf8')) as { Username?: unknown };
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
