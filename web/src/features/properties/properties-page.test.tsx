import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, page, renderWithProviders } from '@/test/render';
import { PropertiesPage } from './properties-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const row = {
  id: '01HZY3K8M2Q4R5S6T7V8W9XP01',
  name: 'Maple Court',
  address: '450 Maple Ave, Springfield',
  propertyType: 'APARTMENT',
  units: 48,
  rentAmount: 1450,
  marketValue: null,
  acquisitionDate: null,
  propertyManager: null,
  notes: null,
  status: 'ACTIVE',
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  version: 1,
};

describe('PropertiesPage', () => {
  it("lists properties with the type label ('Apartment Complex') and the total as a badge", async () => {
    mockApi({ 'GET /api/properties': { body: page([row], 3) } });
    renderWithProviders(<PropertiesPage />);
    expect(await screen.findByLabelText('3 properties')).toBeInTheDocument();
    const tr = screen.getByRole('row', { name: /Maple Court/ });
    expect(within(tr).getByText('Apartment Complex', { selector: 'span' })).toBeInTheDocument();
    expect(within(tr).getByText('$1,450.00')).toBeInTheDocument();
  });

  it('asks for confirmation before deleting', async () => {
    const { calls } = mockApi({
      'GET /api/properties': { body: page([row]) },
      [`DELETE /api/properties/${row.id}`]: { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<PropertiesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Maple Court' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete property?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Maple Court' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Property deleted successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
