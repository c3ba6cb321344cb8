import { INTEGRATION_SECRET_FIELDS, type IntegrationOptions } from '../../../shared/schemas';
import { env } from '../../env';
import { findIntegration, replaceIntegrationConfig } from '../dynamodb/integrations';
import { openFields, sealFields } from '../secrets';
import { listQuickBooksOptions } from './client';
import type { QuickBooksApp } from './oauth';
import { type AccessTokenResult, freshAccessToken, type TokenStore } from './tokens';

/** The OAuth app of this deployment, or undefined when none is configured (pasted tokens only). */
export function quickBooksApp(): QuickBooksApp | undefined {
  const { QUICKBOOKS_CLIENT_ID, QUICKBOOKS_CLIENT_SECRET, QUICKBOOKS_TOKEN_URL, QUICKBOOKS_AUTHORIZE_URL } =
    env();
  if (!QUICKBOOKS_CLIENT_ID || !QUICKBOOKS_CLIENT_SECRET) return undefined;
  return {
    clientId: QUICKBOOKS_CLIENT_ID,
    clientSecret: QUICKBOOKS_CLIENT_SECRET,
    tokenUrl: QUICKBOOKS_TOKEN_URL,
    authorizeUrl: QUICKBOOKS_AUTHORIZE_URL,
  };
}

/**
 * An integration's tokens as a TokenStore: kept sealed in its config, written with the item's version
 * condition (replaceIntegrationConfig), so of two refreshes only one is stored.
 */
export function integrationTokenStore(orgId: string, integrationId: string): TokenStore {
  return {
    async read() {
      const item = await findIntegration(orgId, integrationId);
      if (!item) return { version: 0, tokens: {} };
      const config = await openFields(orgId, item.config, INTEGRATION_SECRET_FIELDS);
      return {
        version: item.version,
        tokens: {
          accessToken: config.accessToken,
          refreshToken: config.refreshToken,
          accessTokenExpiresAt: config.accessTokenExpiresAt,
        },
      };
    },
    async write(version, tokens) {
      const before = await findIntegration(orgId, integrationId);
      if (!before || before.version !== version) return false;
      const sealed = await sealFields(orgId, { ...before.config, ...tokens }, INTEGRATION_SECRET_FIELDS);
      const now = await replaceIntegrationConfig(orgId, before, sealed);
      // On a lost race it answers the winner's item: ours is stored only if its sealed token is.
      return now.config.refreshToken === sealed.refreshToken;
    },
  };
}

/**
 * The access token QuickBooks is called with: a connected integration's (refreshed before expiry, see
 * freshAccessToken), else the pasted API key. `config` is the integration's config, secrets opened.
 */
export async function quickBooksToken(
  orgId: string,
  integration: { id: string; config: Record<string, string | undefined> },
): Promise<AccessTokenResult> {
  const app = quickBooksApp();
  if (!integration.config.refreshToken || !app)
    return { ok: true, accessToken: integration.config.apiKey ?? '' };
  return freshAccessToken(app, integrationTokenStore(orgId, integration.id));
}

/** The accounts, classes and locations of the integration's company (config opened), with a fresh token. */
export async function quickBooksOptions(
  orgId: string,
  integration: { id: string; config: Record<string, string | undefined> },
): Promise<{ ok: true; options: IntegrationOptions } | { ok: false; error: string }> {
  const token = await quickBooksToken(orgId, integration);
  return token.ok
    ? listQuickBooksOptions({ ...integration.config, apiKey: token.accessToken })
    : { ok: false, error: token.error };
}
