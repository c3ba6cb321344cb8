import { randomBytes } from 'node:crypto';
import { INTEGRATION_SECRET_FIELDS, type QuickBooksCallback } from '../../../shared/schemas';
import { AppError, badInput } from '../errors/app-error';
import type { IntegrationItem, QuickBooksApp } from '../integrations/integration';
import { ports } from '../ports';

/**
 * The QuickBooks connect flow (OAuth 2.0 authorization code): `start` binds a single-use state to the
 * administrator and organization and answers Intuit's consent URL; Intuit sends the browser back to the
 * web app's callback page, which hands code, state and realmId to `finish` under the same person's
 * session. A state is only taken by the person it was issued to, so nobody can make someone else's
 * browser connect a company to the wrong organization.
 */

/** How long a started connection may take to come back (the consent page is one click). */
const STATE_VALID_MS = 10 * 60_000;
/** The web app's page Intuit redirects to; it must be registered as a redirect URI of the Intuit app. */
export const QUICKBOOKS_CALLBACK_PATH = '/integrations/quickbooks/callback';
export const CONNECT_AGAIN = 'This QuickBooks connection has expired or was already used; connect again';

interface Person {
  orgId: string;
  actorId: string;
}

function appOrFail(): QuickBooksApp {
  const app = ports().quickBooksApp();
  if (!app)
    throw new AppError('unsupported', 'quickbooks_not_configured', 'QuickBooks is not set up on this server');
  return app;
}

function redirectUri(): string {
  const PUBLIC_URL = ports().publicUrl();
  if (!PUBLIC_URL) throw new Error('PUBLIC_URL is needed for the QuickBooks redirect URI');
  return `${PUBLIC_URL.replace(/\/+$/, '')}${QUICKBOOKS_CALLBACK_PATH}`;
}

export async function startQuickBooksConnect(
  person: Person,
  now = new Date(),
): Promise<{ authorizeUrl: string }> {
  const app = appOrFail();
  const state = randomBytes(32).toString('base64url');
  const uri = redirectUri();
  await ports().putOAuthState(state, {
    orgId: person.orgId,
    userId: person.actorId,
    provider: 'QUICKBOOKS',
    redirectUri: uri,
    validUntil: new Date(now.getTime() + STATE_VALID_MS).toISOString(),
  });
  return { authorizeUrl: ports().quickBooksAuthorizationUrl(app, state, uri) };
}

/**
 * Exchanges the code for tokens and stores them sealed on the organization's QuickBooks integration for
 * that company (realmId), created when there is none; a reconnect replaces the tokens of the existing one.
 */
export async function finishQuickBooksConnect(
  person: Person,
  input: QuickBooksCallback,
  now = new Date(),
): Promise<{ created: boolean; integration: IntegrationItem }> {
  const app = appOrFail();
  const state = await ports().takeOAuthState(input.state);
  if (
    state?.provider !== 'QUICKBOOKS' ||
    state.orgId !== person.orgId ||
    state.userId !== person.actorId ||
    Date.parse(state.validUntil) < now.getTime()
  )
    throw badInput(CONNECT_AGAIN);
  const tokens = await ports().exchangeQuickBooksCode(app, input.code, state.redirectUri, now);
  if ('error' in tokens)
    throw badInput(
      tokens.invalidGrant ? CONNECT_AGAIN : `QuickBooks did not answer the connection: ${tokens.error}`,
    );
  const secrets = {
    // The API key field holds the first access token, so the spec's form stays valid for this integration;
    // the sync uses the refreshed accessToken (see quickBooksToken in the sync worker).
    apiKey: tokens.accessToken,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
  };
  const existing = (await ports().listIntegrations(person.orgId)).find(
    (i) => i.type === 'QUICKBOOKS' && i.config.realmId === input.realmId,
  );
  if (existing) {
    const config = await ports().sealFields(
      person.orgId,
      { ...existing.config, ...secrets },
      INTEGRATION_SECRET_FIELDS,
    );
    return {
      created: false,
      integration: await ports().replaceIntegrationConfig(person.orgId, existing, config),
    };
  }
  const config = await ports().sealFields(
    person.orgId,
    { realmId: input.realmId, ...secrets },
    INTEGRATION_SECRET_FIELDS,
  );
  return {
    created: true,
    integration: await ports().createIntegration(person.orgId, {
      name: 'QuickBooks Online',
      type: 'QUICKBOOKS',
      config,
    }),
  };
}
