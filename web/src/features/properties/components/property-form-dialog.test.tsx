import type { Property } from '@shared/schemas/entities';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { PropertyFormDialog } from './property-form-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const property: Property = {
  id: '01HZY3K8M2Q4R5S6T7V8W9XP01',
  name: 'Maple Court',
  address: '450 Maple Ave, Springfield',
  propertyType: 'APARTMENT',
  units: 48,
  rentAmount: 1450,
  marketValue: 6_200_000,
  acquisitionDate: '2019-06-14',
  propertyManager: null,
  notes: null,
  status: 'ACTIVE',
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  version: 4,
};

describe('PropertyFormDialog', () => {
  it("is titled 'Create New Property' and requires name, type and address", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormDialog open item={null} onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Property' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Property name is required')).toBeInTheDocument();
    expect(screen.getByText('Property type is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    const type = screen.getByRole('combobox', { name: 'Property Type' });
    expect(type).toHaveAttribute('aria-invalid', 'true');
    expect(type).toHaveAccessibleDescription('Property type is required');
    expect(calls).toHaveLength(0);
  });

  it('refuses fewer than 1 unit and negative amounts', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormDialog open item={property} onOpenChange={() => {}} />);
    const units = await screen.findByLabelText('Units');
    await user.clear(units);
    await user.type(units, '-2');
    const rent = screen.getByLabelText('Monthly Rent ($)');
    await user.clear(rent);
    await user.type(rent, '-1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('Must be 0 or more')).toBeInTheDocument();
    expect(units).toHaveAttribute('aria-invalid', 'true');
  });

  it("is titled 'Edit Property' and sends numbers that are 0 or empty as absent, with the loaded version", async () => {
    const { calls } = mockApi({ [`PUT /api/properties/${property.id}`]: { body: property } });
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormDialog open item={property} onOpenChange={() => {}} />);
    await screen.findByRole('dialog', { name: 'Edit Property' });
    const units = screen.getByLabelText('Units');
    await user.clear(units);
    await user.type(units, '0');
    await user.clear(screen.getByLabelText('Market Value ($)'));
    const rent = screen.getByLabelText('Monthly Rent ($)');
    await user.clear(rent);
    await user.type(rent, '1500.25');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      name: 'Maple Court',
      propertyType: 'APARTMENT',
      rentAmount: 1500.25,
      version: 4,
    });
    expect(put?.body).not.toHaveProperty('units');
    expect(put?.body).not.toHaveProperty('marketValue');
  });

  it("toasts 'Failed to update property' with the server's message", async () => {
    mockApi({
      [`PUT /api/properties/${property.id}`]: {
        status: 409,
        body: { message: 'The property was changed by someone else', code: 'conflict' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormDialog open item={property} onOpenChange={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update property')).toBeInTheDocument();
    expect(screen.getByText('The property was changed by someone else')).toBeInTheDocument();
  });
});
