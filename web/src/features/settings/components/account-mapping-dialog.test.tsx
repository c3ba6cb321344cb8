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
        vendors: [
          { id: '56', name: 'Harbor Supply Co', detail: null },
          { id: '57', name: 'Green Thumb Landscaping LLC', detail: null },
        ],
      },
    },
    'GET /api/vendors': {
      body: {
        items: [
          { id: 'V1', name: 'harbor supply co', status: 'ACTIVE' },
          { id: 'V2', name: 'Green Thumb', status: 'SUGGESTED' },
          { id: 'V3', name: 'Closed Vendor', status: 'INACTIVE' },
        ],
        nextCursor: null,
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
  it("maps the default, tax, category, property and vendor onto the company's own accounts and class, keeping the rest", async () => {
    const { calls } = api();
    const u = userEvent.setup();
    renderWithProviders(<AccountMappingDialog integration={quickBooks} onOpenChange={() => {}} />);
    await choose(u, 'Default account', 'Repairs and Maintenance (Expense)');
    await choose(u, 'Tax account', 'Sales Tax Paid (Other Expense)');
    await choose(u, 'Account for Landscaping', 'Landscaping (Expense)');
    await choose(u, 'Class for Maple Court', 'Maple Court');
    // Each of our vendors says what happens by default: matched by name there, or created.
    expect(
      await screen.findByRole('combobox', { name: 'QuickBooks vendor for harbor supply co' }),
    ).toHaveTextContent('By name: Harbor Supply Co');
    expect(screen.getByRole('combobox', { name: 'QuickBooks vendor for Green Thumb' })).toHaveTextContent(
      'By name: created as Green Thumb',
    );
    expect(screen.queryByRole('combobox', { name: 'QuickBooks vendor for Closed Vendor' })).toBeNull();
    await choose(u, 'QuickBooks vendor for Green Thumb', 'Green Thumb Landscaping LLC');
    await u.click(screen.getByRole('button', { name: 'Save Mapping' }));
    expect(await screen.findByText('The QuickBooks accounts are mapped.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      version: 3,
      config: {
        defaultAccountId: '7',
        taxAccountId: '88',
        accountMap: JSON.stringify({ 'CAT-LAWN': '60' }),
        classMap: JSON.stringify({ P1: 'C1' }),
        vendorMap: JSON.stringify({ V2: '57' }),
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
