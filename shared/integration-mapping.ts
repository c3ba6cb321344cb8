/**
 * What an accounting integration needs mapped before any bill can be booked, for both the screen (the
 * "Accounts not mapped" badge) and the sync (which waits instead of failing): a default account, and for
 * Propertyware a default portfolio. Config values are the stored fields (INTEGRATION_CONFIG_SCHEMAS).
 */
export const MAPPABLE_TYPES: ReadonlySet<string> = new Set(['QUICKBOOKS', 'PROPERTYWARE']);

type Config = Readonly<Record<string, string | null | undefined>>;

export function mappingComplete(integration: { type: string; config: Config }): boolean {
  const c = integration.config;
  if (integration.type === 'QUICKBOOKS') return Boolean(c.defaultAccountId);
  if (integration.type === 'PROPERTYWARE') return Boolean(c.defaultGlAccountId && c.defaultPortfolioId);
  return true;
}

/** The reason an approved invoice's sync shows while it waits for the mapping (it is sent once saved). */
export const WAITING_FOR_MAPPING =
  'Waiting for the account mapping: the bill is sent once an admin maps the accounts in Settings → Integrations';
