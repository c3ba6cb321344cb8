import { INTEGRATION_SECRET_FIELDS, type Integration } from '../../../shared/schemas';
import type { IntegrationItem } from '../../adapters/dynamodb/integrations';

export const MASK = '****';

/**
 * A secret as the API shows it: `****` and its last 4 characters, enough to recognize which secret is
 * set. Secrets shorter than 12 characters show no characters at all, so at most a third is ever visible.
 */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `${MASK}${secret.slice(-4)}` : MASK;
}

const isSecretField = (field: string) => (INTEGRATION_SECRET_FIELDS as readonly string[]).includes(field);

/** The config with every secret field masked; other fields (URL, username) as stored. */
export function maskConfig(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(config).map(([field, value]) => [field, isSecretField(field) ? maskSecret(value) : value]),
  );
}

/**
 * Merges an edit over the stored config. A secret sent empty, null or in its masked form means "keep
 * the stored one", so a form that shows masked secrets can be saved unchanged. A non-secret field sent
 * as null or empty is removed.
 */
export function mergeConfig(
  stored: Record<string, string>,
  patch: Record<string, string | null>,
): Record<string, string> {
  const out: Record<string, string> = { ...stored };
  for (const [field, value] of Object.entries(patch)) {
    const keep =
      isSecretField(field) && (!value || value === maskSecret(stored[field] ?? '') || value === MASK);
    if (keep) continue;
    if (value === null || value.trim() === '') delete out[field];
    else out[field] = value;
  }
  return out;
}

/** An integration as the API answers it. */
export function toIntegration(item: IntegrationItem): Integration {
  return {
    id: item.id,
    name: item.name,
    type: item.type,
    status: item.status,
    config: maskConfig(item.config),
    lastSyncAt: item.lastSyncAt ?? null,
    lastError: item.lastError ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    version: item.version,
  };
}
