import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, page, renderWithProviders } from '@/test/render';
import { VendorsPage } from './vendors-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const LONG_ADDRESS = '4500 Industrial Parkway, Suite 210, Springfield, IL 62704';

function vendor(overrides: Record<string, unknown> = {}) {
  return {
    id: '01HZY3K8M2Q4R5S6T7V8W9XV01',
    name: 'Acme Plumbing',
    email: 'billing@acme.test',
    phone: '555-0100',
    address: LONG_ADDRESS,
    taxId: null,
    website: null,
    paymentTerms: 'Net 30',
    preferredMethod: null,
    status: 'ACTIVE',
    totalAmount: 2500,
    totalInvoices: 4,
    averageAmount: 625,
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-01-05T10:00:00.000Z',
    version: 2,
    ...overrides,
  };
}

describe('VendorsPage', () => {
  it('shows the total as a badge, the live totals and the address cut at 30 characters with the full text kept', async () => {
    mockApi({ 'GET /api/vendors': { body: page([vendor()], 37, 'c2') } });
    renderWithProviders(<VendorsPage />);
    expect(await screen.findByLabelText('37 vendors')).toHaveTextContent('37');
    const row = screen.getByRole('row', { name: /Acme Plumbing/ });
    expect(within(row).getByText('$2,500.00')).toBeInTheDocument();
    expect(within(row).getByText('$625.00')).toBeInTheDocument();
    expect(within(row).getByText('4500 Industrial Parkway, Suite...')).toBeInTheDocument();
    expect(within(row).getByTitle(LONG_ADDRESS)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'vendors pages' })).toHaveTextContent(
      'Showing 1-1 of 37 vendors',
    );
  });

  it('sends the search text once typing pauses, and starts again from the first page', async () => {
    const { calls } = mockApi({
      'GET /api/vendors': (url) => ({
        body: url.searchParams.get('cursor')
          ? page([vendor({ id: '01HZY3K8M2Q4R5S6T7V8W9XV02', name: 'Page Two Co' })], 2, null)
          : page([vendor()], 2, 'next-1'),
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<VendorsPage />);
    await user.click(await screen.findByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page Two Co')).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.url.pathname === '/api/vendors')
        .at(-1)
        ?.url.searchParams.get('cursor'),
    ).toBe('next-1');

    await user.type(screen.getByRole('searchbox', { name: 'Search vendors' }), 'acme');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/api/vendors')
          .at(-1)
          ?.url.searchParams.get('search'),
      ).toBe('acme'),
    );
    const searches = calls.filter((c) => c.url.searchParams.has('search'));
    expect(searches).toHaveLength(1);
    expect(searches[0].url.searchParams.has('cursor')).toBe(false);
  });

  it('keeps the page and the search text in the URL', async () => {
    mockApi({
      'GET /api/vendors': (url) => ({
        body: url.searchParams.get('cursor')
          ? page([vendor({ id: '01HZY3K8M2Q4R5S6T7V8W9XV02', name: 'Page Two Co' })], 2, null)
          : page([vendor()], 2, 'next-1'),
      }),
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<VendorsPage />, { path: '/vendors' });
    await user.click(await screen.findByRole('button', { name: /Next/ }));
    await screen.findByText('Page Two Co');
    expect(router.state.location.pathname).toBe('/vendors');
    expect(router.state.location.search).toEqual({ page: 2 });

    await user.type(screen.getByRole('searchbox', { name: 'Search vendors' }), 'acme');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'acme' }));
  });

  it("opens on the URL's search, and follows the URL back and forth", async () => {
    const { calls } = mockApi({ 'GET /api/vendors': { body: page([vendor()]) } });
    const { router } = renderWithProviders(<VendorsPage />, { path: '/vendors?q=acme' });
    const lastList = () => calls.filter((c) => c.url.pathname === '/api/vendors').at(-1);
    const box = await screen.findByRole('searchbox', { name: 'Search vendors' });
    expect(box).toHaveValue('acme');
    await waitFor(() => expect(lastList()?.url.searchParams.get('search')).toBe('acme'));

    act(() => router.history.push('/vendors?q=plumb'));
    await waitFor(() => expect(box).toHaveValue('plumb'));
    await waitFor(() => expect(lastList()?.url.searchParams.get('search')).toBe('plumb'));
    act(() => router.history.back());
    await waitFor(() => expect(box).toHaveValue('acme'));
  });

  it('deletes only after the confirmation, then says so', async () => {
    const { calls } = mockApi({
      'GET /api/vendors': { body: page([vendor()]) },
      'DELETE /api/vendors/01HZY3K8M2Q4R5S6T7V8W9XV01': { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<VendorsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Plumbing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete vendor?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("toasts 'Failed to delete vendor' with the server's message", async () => {
    mockApi({
      'GET /api/vendors': { body: page([vendor()]) },
      'DELETE /api/vendors/01HZY3K8M2Q4R5S6T7V8W9XV01': {
        status: 409,
        body: { message: 'Vendor has open invoices', code: 'conflict' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<VendorsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Plumbing' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete vendor')).toBeInTheDocument();
    expect(screen.getByText('Vendor has open invoices')).toBeInTheDocument();
  });

  it('shows a suggested vendor as a suggestion, accepts it, and shows totals in each currency apart', async () => {
    const user = userEvent.setup();
    const suggested = vendor({
      id: '01HZY3K8M2Q4R5S6T7V8W9XV09',
      name: 'Rheinland Facility GmbH',
      status: 'SUGGESTED',
      totalAmount: 100,
      totalInvoices: 1,
      averageAmount: 100,
      byCurrency: {
        USD: { totalAmount: 100, totalInvoices: 1, averageAmount: 100 },
        EUR: { totalAmount: 2380, totalInvoices: 1, averageAmount: 2380 },
      },
    });
    const { calls } = mockApi({
      'GET /api/vendors': { body: page([suggested]) },
      'GET /api/organization/current': { body: { defaultCurrency: 'USD' } },
      [`PUT /api/vendors/${suggested.id}`]: { body: { ...suggested, status: 'ACTIVE' } },
    });
    renderWithProviders(<VendorsPage />);
    const row = await screen.findByRole('row', { name: /Rheinland Facility GmbH/ });
    expect(within(row).getByText('Suggested')).toBeInTheDocument();
    expect(within(row).getAllByText('€2,380.00')).not.toHaveLength(0);
    expect(within(row).getAllByText('$100.00')).not.toHaveLength(0);
    expect(within(row).getByRole('cell', { name: '2' })).toBeInTheDocument();

    await user.click(
      within(row).getByRole('button', { name: 'Accept suggested vendor Rheinland Facility GmbH' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        status: 'ACTIVE',
        version: 2,
        name: 'Rheinland Facility GmbH',
      }),
    );
  });

  it('merges a vendor into another chosen from the list', async () => {
    const user = userEvent.setup();
    const dup = vendor({ id: '01HZY3K8M2Q4R5S6T7V8W9XV02', name: 'ACME Plumbing Inc', status: 'SUGGESTED' });
    const { calls } = mockApi({
      'GET /api/vendors': { body: page([vendor(), dup]) },
      'POST /api/vendors/01HZY3K8M2Q4R5S6T7V8W9XV01/merge': { body: vendor() },
    });
    renderWithProviders(<VendorsPage />);
    await user.click(
      await screen.findByRole('button', { name: 'Merge ACME Plumbing Inc into another vendor' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge vendor' });
    const merge = within(dialog).getByRole('button', { name: 'Merge Vendors' });
    expect(merge).toBeDisabled();
    await user.selectOptions(await within(dialog).findByLabelText('Merge into'), 'Acme Plumbing');
    await user.click(merge);
    expect(await screen.findByText('Vendors merged')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ sourceVendorId: dup.id });
  });
});

describe('VendorsPage for a viewer', () => {
  it('lists the vendors without Add, Edit, Delete, Merge or Accept', async () => {
    mockApi({ 'GET /api/vendors': { body: page([vendor({ status: 'SUGGESTED' })], 1, null) } });
    renderWithProviders(<VendorsPage />, { user: { role: 'VIEWER' } });
    const row = await screen.findByRole('row', { name: /Acme Plumbing/ });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Vendor/ })).not.toBeInTheDocument();
  });

  it('gives a member Edit and Delete', async () => {
    mockApi({ 'GET /api/vendors': { body: page([vendor()], 1, null) } });
    renderWithProviders(<VendorsPage />, { user: { role: 'MEMBER' } });
    expect(await screen.findByRole('button', { name: 'Edit Acme Plumbing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Acme Plumbing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Vendor/ })).toBeInTheDocument();
  });
});

describe('VendorsPage compliance', () => {
  it("shows each vendor's insurance as a badge that says it in full", async () => {
    mockApi({
      'GET /api/vendors': {
        body: page(
          [
            vendor({ insurance: { status: 'expired', expiresOn: '2026-10-31' } }),
            vendor({
              id: '01HZY3K8M2Q4R5S6T7V8W9XV02',
              name: 'Bright Electric',
              insurance: { status: 'expiring', expiresOn: '2026-12-20' },
            }),
            vendor({
              id: '01HZY3K8M2Q4R5S6T7V8W9XV03',
              name: 'Clear Glass',
              insurance: { status: 'missing', expiresOn: null },
            }),
          ],
          3,
          null,
        ),
      },
    });
    renderWithProviders(<VendorsPage />);
    expect(await screen.findByRole('columnheader', { name: 'Insurance' })).toBeInTheDocument();
    const acme = screen.getByRole('row', { name: /Acme Plumbing/ });
    expect(within(acme).getByText('Insurance expired on Oct 31, 2026')).toBeInTheDocument();
    expect(within(acme).getByTitle('Insurance expired on Oct 31, 2026')).toHaveTextContent('Expired');
    const bright = screen.getByRole('row', { name: /Bright Electric/ });
    expect(within(bright).getByTitle('Insurance expires on Dec 20, 2026')).toHaveTextContent(
      'Expires Dec 20, 2026',
    );
    const clear = screen.getByRole('row', { name: /Clear Glass/ });
    expect(within(clear).getByText('No insurance certificate on file')).toBeInTheDocument();
  });

  it('reads the 1099 report of the chosen year only when asked, and exports its CSV', async () => {
    const lastYear = new Date().getUTCFullYear() - 1;
    const report = (year: number) => ({
      year,
      currency: 'USD',
      threshold: 600,
      rows: [
        {
          vendorId: '01HZY3K8M2Q4R5S6T7V8W9XV01',
          vendorName: 'Acme Plumbing',
          legalName: 'Acme Plumbing LLC',
          tinType: 'EIN',
          tinMasked: '**-***6789',
          address: LONG_ADDRESS,
          form1099Box: 'NEC',
          amount: year === lastYear ? 1250.5 : 300,
          invoiceCount: 2,
          reachesThreshold: year === lastYear,
        },
      ],
    });
    const { calls } = mockApi({
      'GET /api/vendors': { body: page([vendor()], 1, null) },
      'GET /api/reports/1099': (url) => ({ body: report(Number(url.searchParams.get('year'))) }),
      'GET /api/reports/1099.csv': {
        body: 'Recipient name,Recipient TIN type,Recipient TIN,Address,Box,Amount',
      },
    });
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:1099';
    URL.revokeObjectURL = () => {};
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    onTestFinished(() => {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    const user = userEvent.setup();
    renderWithProviders(<VendorsPage />);
    const section = await screen.findByRole('region', { name: '1099 report' });
    expect(calls.some((c) => c.url.pathname === '/api/reports/1099')).toBe(false);
    await user.selectOptions(within(section).getByLabelText('Year'), String(lastYear));
    await user.click(within(section).getByRole('button', { name: 'Show report' }));
    const row = await within(section).findByRole('row', { name: /Acme Plumbing LLC/ });
    expect(row).toHaveTextContent('EIN **-***6789');
    expect(row).toHaveTextContent('$1,250.50');
    expect(row).toHaveTextContent('File');
    await user.click(within(section).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/reports/1099.csv')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/reports/1099.csv')?.url.searchParams.get('year')).toBe(
      String(lastYear),
    );
    await waitFor(() => expect(saved).toEqual([`1099-${lastYear}.csv`]));
  });
});
