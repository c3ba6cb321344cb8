import { mappingComplete } from '@shared/integration-mapping';
import { describe, expect, it } from 'vitest';
import { mappingOf, mappingPatch } from './account-mapping';

describe('account mapping', () => {
  it('reads a QuickBooks mapping from its config and saves it back as the same fields', () => {
    const config = {
      defaultAccountId: '7',
      accountMap: JSON.stringify({ 'CAT-1': '41' }),
      classMap: JSON.stringify({ P1: 'C1' }),
      vendorMap: JSON.stringify({ V1: '56' }),
      refreshToken: '****',
    };
    const mapping = mappingOf({ type: 'QUICKBOOKS', config });
    expect(mapping).toEqual({
      defaultAccount: '7',
      taxAccount: '',
      defaultPortfolio: '',
      categories: { 'CAT-1': '41' },
      properties: { P1: 'C1' },
      vendors: { V1: '56' },
    });
    expect(
      mappingPatch('QUICKBOOKS', {
        ...mapping,
        taxAccount: '88',
        categories: { 'CAT-1': '' },
        vendors: { V1: '', V2: '57' },
      }),
    ).toEqual({
      defaultAccountId: '7',
      taxAccountId: '88',
      accountMap: null,
      classMap: JSON.stringify({ P1: 'C1' }),
      vendorMap: JSON.stringify({ V2: '57' }),
    });
  });

  it('keeps Propertyware portfolios per property as {portfolioId}, and needs a default account and portfolio', () => {
    const integration = {
      type: 'PROPERTYWARE' as const,
      config: { defaultGlAccountId: '5000', propertyMap: JSON.stringify({ P1: { portfolioId: '21' } }) },
    };
    const mapping = mappingOf(integration);
    expect(mapping.properties).toEqual({ P1: '21' });
    expect(mappingComplete(integration)).toBe(false);
    expect(mappingPatch('PROPERTYWARE', { ...mapping, defaultPortfolio: '10' })).toMatchObject({
      defaultGlAccountId: '5000',
      defaultPortfolioId: '10',
      propertyMap: JSON.stringify({ P1: { portfolioId: '21' } }),
    });
    expect(mappingComplete({ type: 'QUICKBOOKS', config: {} })).toBe(false);
    expect(mappingComplete({ type: 'EMAIL', config: {} })).toBe(true);
  });
});
