import type { Integration } from '../../../shared/schemas';

/**
 * An integration as stored. The config's secret fields (INTEGRATION_SECRET_FIELDS) hold sealed values
 * (`enc:v1:…`, see adapters/secrets) that only the functions that send can open; an item written before
 * secrets were sealed holds them in clear until the API first reads it (and seals them).
 */
export interface IntegrationItem {
  id: string;
  name: string;
  type: Integration['type'];
  status: Integration['status'];
  config: Record<string, string>;
  lastSyncAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface QuickBooksApp {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  /** Intuit's consent page (authorization endpoint). */
  authorizeUrl: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** ISO time the access token expires. */
  accessTokenExpiresAt: string;
}

/** `invalid_grant`: the refresh token (or code) is expired, revoked or already used. */
export type TokenFailure = { error: string; invalidGrant: boolean };

/** Who started an OAuth connect flow, and where the provider sends the browser back. */
export interface OAuthStateItem {
  orgId: string;
  userId: string;
  provider: 'QUICKBOOKS';
  redirectUri: string;
  /** ISO time after which the state is refused (DynamoDB's TTL removes the item later). */
  validUntil: string;
}

/** One approved invoice waiting for an integration's mapping, and the approval its bill is for. */
export interface MappingWait {
  invoiceId: string;
  approvedAt: string;
}
