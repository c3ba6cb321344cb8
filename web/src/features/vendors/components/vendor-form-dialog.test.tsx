import { screen, waitFor, within } from '@testing-library/react';
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

  it('sends the tax identity with the TIN as its 9 digits, and refuses a TIN in the wrong format', async () => {
    const { calls } = mockApi({ 'POST /api/vendors': { status: 201, body: {} } });
    const user = userEvent.setup();
    renderWithProviders(<VendorFormDialog open item={null} onOpenChange={() => {}} />);
    expect(await screen.findByRole('group', { name: 'Tax identity (1099)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Vendor Name *'), 'Roofer Joe');
    await user.type(screen.getByLabelText('Legal Name'), 'Joseph Roofer');
    await user.type(screen.getByLabelText('TIN'), '123-45-6789');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    // An EIN is chosen by default: an SSN's layout is refused, naming the format.
    expect(await screen.findByText('Enter the EIN as 12-3456789 or 9 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('TIN')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('TIN Type'), 'SSN');
    await user.selectOptions(screen.getByLabelText('Entity Type'), 'INDIVIDUAL');
    await user.click(screen.getByLabelText('Send this vendor a 1099 (paid $600 or more in a year)'));
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Roofer Joe',
      taxIdentity: {
        legalName: 'Joseph Roofer',
        tinType: 'SSN',
        tin: '123456789',
        entityType: 'INDIVIDUAL',
        reports1099: true,
        form1099Box: 'NEC',
      },
    });
  });

  it('says which TIN is on file, masked, and keeps it when the field is left empty', async () => {
    const vendor = {
      id: '01HZY3K8M2Q4R5S6T7V8W9XV01',
      name: 'Roofer Joe',
      email: null,
      phone: null,
      address: null,
      taxId: null,
      website: null,
      paymentTerms: null,
      preferredMethod: null,
      status: 'ACTIVE',
      totalAmount: 0,
      totalInvoices: 0,
      averageAmount: 0,
      byCurrency: {},
      currency: null,
      aliases: [],
      taxIdentity: {
        legalName: 'Joseph Roofer',
        tinType: 'SSN' as const,
        tinMasked: '***-**-6789',
        entityType: 'INDIVIDUAL' as const,
        reports1099: true,
        form1099Box: 'MISC_RENTS' as const,
      },
      insurance: { status: 'missing' as const, expiresOn: null },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 3,
    };
    const { calls } = mockApi({
      [`PUT /api/vendors/${vendor.id}`]: { body: vendor },
      [`GET /api/vendors/${vendor.id}/certificates`]: { body: { items: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<VendorFormDialog open item={vendor} onOpenChange={() => {}} />);
    expect(await screen.findByText('On file: ***-**-6789. Leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText('TIN')).toHaveValue('');
    expect(screen.getByLabelText('Legal Name')).toHaveValue('Joseph Roofer');
    expect(screen.getByLabelText('TIN Type')).toHaveValue('SSN');
    expect(screen.getByLabelText('Entity Type')).toHaveValue('INDIVIDUAL');
    expect(screen.getByLabelText('1099 Box')).toHaveValue('MISC_RENTS');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')?.body as { taxIdentity: Record<string, unknown> };
    expect(put.taxIdentity).toEqual({
      legalName: 'Joseph Roofer',
      tinType: 'SSN',
      entityType: 'INDIVIDUAL',
      reports1099: true,
      form1099Box: 'MISC_RENTS',
    });
  });

  it("lists the vendor's insurance certificates and adds one, checking its dates", async () => {
    const vendorId = '01HZY3K8M2Q4R5S6T7V8W9XV01';
    const held = {
      id: '01HZY3K8M2Q4R5S6T7V8W9XC01',
      vendorId,
      carrier: 'Hartford',
      policyNumber: 'GL-1',
      coverageType: 'GENERAL_LIABILITY',
      perOccurrenceLimit: 1000000,
      effectiveOn: '2025-11-01',
      expiresOn: '2026-10-31',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
    };
    const { calls } = mockApi({
      [`GET /api/vendors/${vendorId}/certificates`]: { body: { items: [held] } },
      [`POST /api/vendors/${vendorId}/certificates`]: { status: 201, body: { ...held, id: 'new' } },
    });
    const user = userEvent.setup();
    const vendor = {
      id: vendorId,
      name: 'Acme Roofing',
      email: null,
      phone: null,
      address: null,
      taxId: null,
      website: null,
      paymentTerms: null,
      preferredMethod: null,
      status: 'ACTIVE',
      totalAmount: 0,
      totalInvoices: 0,
      averageAmount: 0,
      byCurrency: {},
      currency: null,
      aliases: [],
      insurance: { status: 'expired' as const, expiresOn: '2026-10-31' },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
    };
    renderWithProviders(<VendorFormDialog open item={vendor} onOpenChange={() => {}} />);
    const section = await screen.findByRole('region', { name: 'Insurance certificates' });
    expect(within(section).getByText('Insurance expired on Oct 31, 2026')).toBeInTheDocument();
    expect(await within(section).findByText('General liability · Hartford · GL-1')).toBeInTheDocument();
    expect(
      within(section).getByText('Nov 1, 2025 to Oct 31, 2026 · $1,000,000.00 per occurrence'),
    ).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Carrier'), 'Travelers');
    await user.type(within(section).getByLabelText('Policy Number'), 'WC-9');
    await user.selectOptions(within(section).getByLabelText('Coverage Type'), 'WORKERS_COMPENSATION');
    await user.type(within(section).getByLabelText('Effective Date'), '2026-12-01');
    await user.type(within(section).getByLabelText('Expiry Date'), '2026-11-30');
    await user.click(within(section).getByRole('button', { name: 'Add Certificate' }));
    expect(
      await within(section).findByText('The expiry date must be on or after the effective date'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(section).getByLabelText('Expiry Date'));
    await user.type(within(section).getByLabelText('Expiry Date'), '2027-11-30');
    await user.type(within(section).getByLabelText('Per-Occurrence Limit (USD)'), '500000');
    await user.click(within(section).getByRole('button', { name: 'Add Certificate' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      carrier: 'Travelers',
      policyNumber: 'WC-9',
      coverageType: 'WORKERS_COMPENSATION',
      perOccurrenceLimit: 500000,
      effectiveOn: '2026-12-01',
      expiresOn: '2027-11-30',
    });
  });
});
