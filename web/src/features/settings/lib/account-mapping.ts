import type { Integration } from '@shared/schemas/entities';

/**
 * An accounting integration's mapping as the screen edits it, and the config fields it is saved as:
 * QuickBooks keeps `defaultAccountId`, `taxAccountId`, `accountMap` (category → account) and `classMap`
 * (property → class); Propertyware `defaultGlAccountId`, `taxGlAccountId`, `defaultPortfolioId`,
 * `accountMap` (category → GL account) and `propertyMap` (property → {portfolioId}). Both keep `vendorMap`
 * (our vendor → theirs).
 */
export interface AccountMapping {
  defaultAccount: string;
  taxAccount: string;
  /** Propertyware only: where a bill of a property with no portfolio of its own goes. */
  defaultPortfolio: string;
  categories: Record<string, string>;
  /** QuickBooks: property → class; Propertyware: property → portfolio. */
  properties: Record<string, string>;
  /** Our vendor → the system's vendor; a vendor left out is matched by name there, or created. */
  vendors: Record<string, string>;
}

function parsedMap(json: string | null | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
const strings = (map: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(map).filter((e): e is [string, string] => typeof e[1] === 'string'));

export function mappingOf(integration: Pick<Integration, 'type' | 'config'>): AccountMapping {
  const c = integration.config;
  if (integration.type === 'PROPERTYWARE')
    return {
      defaultAccount: c.defaultGlAccountId ?? '',
      taxAccount: c.taxGlAccountId ?? '',
      defaultPortfolio: c.defaultPortfolioId ?? '',
      categories: strings(parsedMap(c.accountMap)),
      properties: Object.fromEntries(
        Object.entries(parsedMap(c.propertyMap)).flatMap(([id, place]) => {
          const portfolioId = (place as { portfolioId?: unknown } | null)?.portfolioId;
          return typeof portfolioId === 'string' ? [[id, portfolioId]] : [];
        }),
      ),
      vendors: strings(parsedMap(c.vendorMap)),
    };
  return {
    defaultAccount: c.defaultAccountId ?? '',
    taxAccount: c.taxAccountId ?? '',
    defaultPortfolio: '',
    categories: strings(parsedMap(c.accountMap)),
    properties: strings(parsedMap(c.classMap)),
    vendors: strings(parsedMap(c.vendorMap)),
  };
}

const kept = (map: Record<string, string>) => Object.fromEntries(Object.entries(map).filter(([, v]) => v));
/** An empty map is sent as null: the API removes the field. */
const asJson = (map: Record<string, unknown>) => (Object.keys(map).length ? JSON.stringify(map) : null);

/** The config patch the mapping is saved as (null removes a field; the integration's other settings stay). */
export function mappingPatch(type: Integration['type'], m: AccountMapping): Record<string, string | null> {
  const categories = asJson(kept(m.categories));
  const vendorMap = asJson(kept(m.vendors));
  if (type === 'PROPERTYWARE')
    return {
      defaultGlAccountId: m.defaultAccount || null,
      taxGlAccountId: m.taxAccount || null,
      defaultPortfolioId: m.defaultPortfolio || null,
      accountMap: categories,
      propertyMap: asJson(
        Object.fromEntries(
          Object.entries(kept(m.properties)).map(([id, portfolioId]) => [id, { portfolioId }]),
        ),
      ),
      vendorMap,
    };
  return {
    defaultAccountId: m.defaultAccount || null,
    taxAccountId: m.taxAccount || null,
    accountMap: categories,
    classMap: asJson(kept(m.properties)),
    vendorMap,
  };
}
