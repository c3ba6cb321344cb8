import type { Integration } from '@shared/schemas/entities';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { AccountMappingDialog } from './account-mapping-dialog';

// Radix Select asks the element for pointer capture and scrolls the chosen item into view; jsdom has neither.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const quickBooks: Integration = {
  id: '01QBO',
  name: 'QuickBooks Online',
  type: 'QUICKBOOKS',
  status: 'ACTIVE',
  config: { realmId: '123', apiKey: '****', refreshToken: '****' },
  lastSyncAt: null,
  lastError: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 3,
};

const api = () =>
  mockApi({
    'GET /api/integrations/01QBO/options': {
      body: {
        accounts: [
          { id: '7', name: 'Repairs and Maintenance', detail: 'Expense' },
          { id: '60', name: 'Landscaping', detail: 'Expense' },
          { id: '88', name: 'Sales Tax Paid', detail: 'Other Expense' },
        ],
        classes: [{ id: 'C1', name: 'Maple Court', detail: null }],
        portfolios: [],
        vendors: [],
      },
    },
    'GET /api/categories': { body: { items: [{ id: 'CAT-LAWN', name: 'Landscaping' }], nextCursor: null } },
    'GET /api/properties': { body: { items: [{ id: 'P1', name: 'Maple Court' }], nextCursor: null } },
    'PUT /api/integrations/01QBO': { body: quickBooks },
  });

async function choose(u: ReturnType<typeof userEvent.setup>, select: string, option: string) {
  await u.click(await screen.findByRole('combobox', { name: select }));
  await u.click(await screen.findByRole('option', { name: option }));
}

describe('AccountMappingDialog', () => {
  it("maps the default, tax, category and property onto the company's own accounts and class, keeping the rest", async () => {
    const { calls } = api();
    const u = userEvent.setup();
    renderWithProviders(<AccountMappingDialog integration={quickBooks} onOpenChange={() => {}} />);
    await choose(u, 'Default account', 'Repairs and Maintenance (Expense)');
    await choose(u, 'Tax account', 'Sales Tax Paid (Other Expense)');
    await choose(u, 'Account for Landscaping', 'Landscaping (Expense)');
    await choose(u, 'Class for Maple Court', 'Maple Court');
    await u.click(screen.getByRole('button', { name: 'Save Mapping' }));
    expect(await screen.findByText('The QuickBooks accounts are mapped.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      version: 3,
      config: {
        defaultAccountId: '7',
        taxAccountId: '88',
        accountMap: JSON.stringify({ 'CAT-LAWN': '60' }),
        classMap: JSON.stringify({ P1: 'C1' }),
      },
    });
  });

  it('will not save without a default account, and says so', async () => {
    const { calls } = api();
    const u = userEvent.setup();
    renderWithProviders(<AccountMappingDialog integration={quickBooks} onOpenChange={() => {}} />);
    await u.click(await screen.findByRole('button', { name: 'Save Mapping' }));
    expect(await screen.findByText('Choose a default account')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
