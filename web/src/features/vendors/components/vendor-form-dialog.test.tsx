import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { VendorFormDialog } from './vendor-form-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('VendorFormDialog', () => {
  it("is titled 'Create New Vendor' and requires a name", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<VendorFormDialog open item={null} onOpenChange={() => {}} />);
    await screen.findByRole('dialog', { name: 'Create New Vendor' });
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    expect(await screen.findByText('Vendor name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Vendor Name *')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('rejects an invalid email address', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<VendorFormDialog open item={null} onOpenChange={() => {}} />);
    await user.type(await screen.findByLabelText('Vendor Name *'), 'Acme');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
  });

  it('creates the vendor with empty fields sent as null, then closes', async () => {
    const { calls } = mockApi({ 'POST /api/vendors': { status: 201, body: {} } });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VendorFormDialog open item={null} onOpenChange={onOpenChange} />);
    await user.type(await screen.findByLabelText('Vendor Name *'), '  Acme Plumbing ');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'Acme Plumbing', email: null, address: null });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("toasts 'Failed to create vendor' and keeps the dialog open when the server refuses", async () => {
    mockApi({
      'POST /api/vendors': {
        status: 409,
        body: { message: 'A vendor with this name exists', code: 'conflict' },
      },
    });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VendorFormDialog open item={null} onOpenChange={onOpenChange} />);
    await user.type(await screen.findByLabelText('Vendor Name *'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    expect(await screen.findByText('Failed to create vendor')).toBeInTheDocument();
    expect(screen.getByText('A vendor with this name exists')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
