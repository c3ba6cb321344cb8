import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeQuickBooks, startFakeQuickBooks } from '../../../infra/local/fakes/quickbooks';
import { allowLoopbackOutbound } from '../../../test/helpers/outbound-env';
import { RECONNECT_QUICKBOOKS } from './client';
import { exchangeCode, type QuickBooksApp, type TokenSet } from './oauth';
import { freshAccessToken, type TokenStore } from './tokens';

let fake: FakeQuickBooks;
let app: QuickBooksApp;
allowLoopbackOutbound();

beforeAll(async () => {
  fake = await startFakeQuickBooks();
  app = {
    clientId: fake.client.id,
    clientSecret: fake.client.secret,
    tokenUrl: `${fake.url}/oauth2/v1/tokens/bearer`,
    authorizeUrl: `${fake.url}/connect/oauth2`,
  };
});
afterAll(async () => {
  await fake.stop();
});

/** A store with the conditional write of the integration item (version must not have moved). */
function versionedStore(initial: Partial<TokenSet>) {
  const state = { version: 1, tokens: initial, writes: 0 };
  const store: TokenStore = {
    read: async () => ({ version: state.version, tokens: { ...state.tokens } }),
    write: async (version, tokens) => {
      await new Promise((r) => setTimeout(r, 20)); // A write takes a moment, as over the network.
      if (version !== state.version) return false;
      state.version += 1;
      state.tokens = tokens;
      state.writes += 1;
      return true;
    },
  };
  return { store, state };
}

const connected = async (): Promise<TokenSet> => {
  const tokens = await exchangeCode(
    app,
    fake.authorize(),
    'http://localhost:3000/integrations/quickbooks/callback',
  );
  if ('error' in tokens) throw new Error(tokens.error);
  return tokens;
};

describe('QuickBooks OAuth tokens', () => {
  it('exchanges an authorization code for tokens at the token endpoint; a code works once', async () => {
    const code = fake.authorize();
    const tokens = await exchangeCode(
      app,
      code,
      'http://localhost:3000/cb',
      new Date('2026-11-01T00:00:00Z'),
    );
    expect(tokens).toMatchObject({ accessTokenExpiresAt: '2026-11-01T01:00:00.000Z' });
    expect(fake.validRefreshTokens()).toContain((tokens as TokenSet).refreshToken);
    expect(await exchangeCode(app, code, 'http://localhost:3000/cb')).toEqual({
      error: 'QuickBooks token: invalid_grant',
      invalidGrant: true,
    });
    const request = fake.requests.at(-1);
    expect(request?.headers).toMatchObject({
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    });
  });

  it('uses a token far from expiry as is, and refreshes one about to expire', async () => {
    const tokens = await connected();
    const { store, state } = versionedStore(tokens);
    expect(await freshAccessToken(app, store)).toEqual({ ok: true, accessToken: tokens.accessToken });
    expect(state.writes).toBe(0);
    const later = () => new Date(Date.parse(tokens.accessTokenExpiresAt) - 60_000);
    const refreshed = await freshAccessToken(app, store, later);
    expect(refreshed.ok && refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(state.tokens.refreshToken).not.toBe(tokens.refreshToken);
    expect(fake.validRefreshTokens()).toContain(state.tokens.refreshToken);
    expect(fake.validRefreshTokens()).not.toContain(tokens.refreshToken);
  });

  it('two concurrent refreshes keep one valid refresh token, and both callers get a working access token', async () => {
    const tokens = await connected();
    const { store, state } = versionedStore({ ...tokens, accessTokenExpiresAt: '2000-01-01T00:00:00.000Z' });
    const [a, b] = await Promise.all([freshAccessToken(app, store), freshAccessToken(app, store)]);
    expect(a.ok && b.ok).toBe(true);
    expect(state.writes).toBe(1);
    expect(a).toEqual(b);
    expect(a.ok && a.accessToken).toBe(state.tokens.accessToken);
    expect(fake.validRefreshTokens()).toContain(state.tokens.refreshToken);
    expect(fake.validRefreshTokens()).not.toContain(tokens.refreshToken);
  });

  it('a revoked refresh token ends with Reconnect QuickBooks', async () => {
    const tokens = await connected();
    fake.revoke(tokens.refreshToken);
    const { store } = versionedStore({ ...tokens, accessTokenExpiresAt: '2000-01-01T00:00:00.000Z' });
    expect(await freshAccessToken(app, store)).toEqual({
      ok: false,
      error: RECONNECT_QUICKBOOKS,
      permanent: true,
    });
  });
});
