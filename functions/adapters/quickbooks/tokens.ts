import { RECONNECT_QUICKBOOKS } from './client';
import { type QuickBooksApp, REFRESH_MARGIN_MS, refreshTokens, type TokenSet } from './oauth';

/** Where an integration's tokens live (its config, sealed); writes are conditional on the version read. */
export interface TokenStore {
  read(): Promise<{ version: number; tokens: Partial<TokenSet> }>;
  /** Stores `tokens` only if the stored version is still `version`; false when another writer came first. */
  write(version: number, tokens: TokenSet): Promise<boolean>;
}

export type AccessTokenResult =
  | { ok: true; accessToken: string }
  | { ok: false; error: string; permanent: boolean };

const INVALID_GRANT_REREADS = 4;

/**
 * An access token valid for at least REFRESH_MARGIN_MS, refreshed when needed. Refresh tokens rotate, so
 * the newest one must be the stored one: a refresh is stored with a conditional write, and a worker that
 * loses the race (its write fails, or its refresh token was just used by another worker and answers
 * invalid_grant) re-reads and uses the winner's tokens instead of overwriting them.
 */
export async function freshAccessToken(
  app: QuickBooksApp,
  store: TokenStore,
  now: () => Date = () => new Date(),
): Promise<AccessTokenResult> {
  let invalidGrants = 0;
  for (let round = 0; round < 8; round++) {
    const { version, tokens } = await store.read();
    const expiresAt = tokens.accessTokenExpiresAt ? Date.parse(tokens.accessTokenExpiresAt) : 0;
    if (tokens.accessToken && expiresAt - now().getTime() > REFRESH_MARGIN_MS)
      return { ok: true, accessToken: tokens.accessToken };
    if (!tokens.refreshToken) return { ok: false, error: RECONNECT_QUICKBOOKS, permanent: true };
    const refreshed = await refreshTokens(app, tokens.refreshToken, now());
    if ('error' in refreshed) {
      if (!refreshed.invalidGrant) return { ok: false, error: refreshed.error, permanent: false };
      // Revoked, or used a moment ago by another worker whose write is not visible yet: re-read a few times.
      if (++invalidGrants > INVALID_GRANT_REREADS)
        return { ok: false, error: RECONNECT_QUICKBOOKS, permanent: true };
      await new Promise((r) => setTimeout(r, 100 * invalidGrants));
      continue;
    }
    if (await store.write(version, refreshed)) return { ok: true, accessToken: refreshed.accessToken };
  }
  return { ok: false, error: 'The QuickBooks tokens kept changing; retried later', permanent: false };
}
