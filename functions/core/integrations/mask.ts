import { INTEGRATION_SECRET_FIELDS, type Integration } from '../../../shared/schemas';
import type { IntegrationItem } from './integration';

/**
 * How the API shows a stored secret: only that one is set. Secrets are stored sealed (the
 * Secrets port), so no part of one is ever answered, not even its last characters.
 */
export const MASK = '****';

const isSecretField = (field: string) => (INTEGRATION_SECRET_FIELDS as readonly string[]).includes(field);

/** The config with every secret field masked; other fields (URL, username) as stored. */
export function maskConfig(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(config).map(([field, value]) => [field, isSecretField(field) ? MASK : value]),
  );
}

/**
 * Merges an edit over the (masked) stored config. A secret sent empty, null or masked (`****`, or the
 * older `****WXYZ` form) means "keep the stored one" and stays MASK in the result, so a form that shows
 * masked secrets can be saved unchanged. A non-secret field sent as null or empty is removed.
 */
export function mergeConfig(
  masked: Record<string, string>,
  patch: Record<string, string | null>,
): Record<string, string> {
  const out: Record<string, string> = { ...masked };
  for (const [field, value] of Object.entries(patch)) {
    const keep = isSecretField(field) && (!value || /^\*{4}.{0,4}$/.test(value));
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
