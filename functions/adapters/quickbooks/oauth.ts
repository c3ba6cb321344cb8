import type { QuickBooksApp, TokenFailure, TokenSet } from '../../core/integrations/integration';
import { callOutbound } from '../http';

export type { QuickBooksApp, TokenFailure, TokenSet } from '../../core/integrations/integration';

/** Intuit's OAuth 2.0 token endpoint; the local fake serves the same path. */
export const QUICKBOOKS_TOKEN_URL = 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer';
/** A token closer than this to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** The one scope the sync needs: the Accounting API. */
export const QUICKBOOKS_SCOPE = 'com.intuit.quickbooks.accounting';

/** The authorization request (RFC 6749 §4.1.1) the browser is sent to; Intuit answers at redirectUri. */
export function authorizationUrl(app: QuickBooksApp, state: string, redirectUri: string): string {
  const params = new URLSearchParams({
    client_id: app.clientId,
    response_type: 'code',
    scope: QUICKBOOKS_SCOPE,
    redirect_uri: redirectUri,
    state,
  });
  return `${app.authorizeUrl}?${params}`;
}

/** One call to the token endpoint (RFC 6749 §4.1.3 and §6): client credentials as Basic auth, a form body. */
async function tokenCall(
  app: QuickBooksApp,
  form: Record<string, string>,
  now: Date,
): Promise<TokenSet | TokenFailure> {
  const result = await callOutbound({
    url: app.tokenUrl,
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
    timeoutMs: 10_000,
  });
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(result.body);
  } catch {
    // Not JSON: handled below as a failed call.
  }
  if (!result.ok || typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string')
    return {
      error:
        typeof body.error === 'string' ? `QuickBooks token: ${body.error}` : (result.error ?? 'No token'),
      invalidGrant: body.error === 'invalid_grant',
    };
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    accessTokenExpiresAt: new Date(now.getTime() + Number(body.expires_in ?? 3600) * 1000).toISOString(),
  };
}

export const exchangeCode = (app: QuickBooksApp, code: string, redirectUri: string, now = new Date()) =>
  tokenCall(app, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, now);

export const refreshTokens = (app: QuickBooksApp, refreshToken: string, now = new Date()) =>
  tokenCall(app, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
