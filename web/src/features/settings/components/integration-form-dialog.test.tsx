import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { IntegrationFormDialog } from './integration-form-dialog';

// Radix Select asks the element for pointer capture and scrolls the chosen item into view; jsdom has neither.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

/** Picks the E-mail type in the Type select (a Radix listbox). */
async function chooseEmail(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole('combobox', { name: 'Type' }));
  await u.click(await screen.findByRole('option', { name: 'E-mail' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('IntegrationFormDialog: E-mail', () => {
  it('takes recipients separated by commas and sends them as the EMAIL config', async () => {
    const { calls } = mockApi({ 'POST /api/integrations': { status: 201, body: {} } });
    const u = userEvent.setup();
    renderWithProviders(<IntegrationFormDialog open onOpenChange={() => {}} />);
    await chooseEmail(u);
    await u.type(screen.getByLabelText('Name *'), 'AP inbox');
    await u.type(screen.getByLabelText('Recipients *'), 'ap@example.com, Owner@Example.com');
    await u.click(screen.getByRole('button', { name: 'Add Integration' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'AP inbox',
      type: 'EMAIL',
      config: { recipients: '["ap@example.com","owner@example.com"]' },
    });
  });

  it('says which address is not valid, and sends nothing', async () => {
    const { calls } = mockApi({});
    const u = userEvent.setup();
    renderWithProviders(<IntegrationFormDialog open onOpenChange={() => {}} />);
    await chooseEmail(u);
    await u.type(screen.getByLabelText('Name *'), 'AP inbox');
    await u.type(screen.getByLabelText('Recipients *'), 'ap@example.com, nobody');
    await u.click(screen.getByRole('button', { name: 'Add Integration' }));
    expect(await screen.findByText('Not a valid e-mail address: nobody')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
