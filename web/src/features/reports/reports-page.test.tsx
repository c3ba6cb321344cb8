import type {
  AgingBuckets,
  AgingReport,
  CashRequirementsReport,
  RecurringBillsReport,
  SpendPerDoorReport,
} from '@shared/schemas/ap-reports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { ReportsPage } from './reports-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const buckets = (b: Partial<AgingBuckets>): AgingBuckets => {
  const base = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, ...b };
  const total = base.current + base.days1to30 + base.days31to60 + base.days61to90 + base.over90;
  return { ...base, total, invoiceCount: b.invoiceCount ?? 1 };
};

const aging: AgingReport = {
  asOf: '2026-12-03',
  currencies: [
    {
      currency: 'USD',
      totals: buckets({ current: 500, days31to60: 1200, invoiceCount: 3 }),
      byVendor: [
        { ...buckets({ days31to60: 1200, invoiceCount: 2 }), vendorId: 'v1', vendorName: 'Acme Plumbing' },
        { ...buckets({ current: 500 }), vendorId: null, vendorName: 'No vendor' },
      ],
      byProperty: [
        {
          ...buckets({ current: 500, days31to60: 1200, invoiceCount: 3 }),
          propertyId: 'p1',
          propertyName: 'Oak Terrace',
        },
      ],
    },
  ],
};

const eurBlock: AgingReport['currencies'][number] = {
  currency: 'EUR',
  totals: buckets({ over90: 2380 }),
  byVendor: [{ ...buckets({ over90: 2380 }), vendorId: 'v2', vendorName: 'Rheinland Facility GmbH' }],
  byProperty: [{ ...buckets({ over90: 2380 }), propertyId: null, propertyName: 'No property' }],
};

const cash: CashRequirementsReport = {
  asOf: '2026-12-03',
  currencies: [
    {
      currency: 'USD',
      totals: { overdue: 1200, next7: 300, next14: 500, next30: 500 },
      byProperty: [
        {
          propertyId: 'p1',
          propertyName: 'Oak Terrace',
          overdue: 1200,
          next7: 300,
          next14: 500,
          next30: 500,
        },
      ],
    },
  ],
};

const spend: SpendPerDoorReport = {
  from: '2026-01',
  to: '2026-12',
  currencies: [
    {
      currency: 'USD',
      rows: [
        {
          propertyId: 'p1',
          propertyName: 'Oak Terrace',
          units: 24,
          total: 4800,
          perDoor: 200,
          byCategory: [{ categoryId: 'c1', categoryName: 'Plumbing', amount: 4800, perDoor: 200 }],
        },
        {
          propertyId: 'p2',
          propertyName: 'Elm Court',
          units: null,
          total: 900,
          perDoor: null,
          byCategory: [],
        },
      ],
    },
  ],
};

const recurring: RecurringBillsReport = {
  month: '2026-12',
  missing: [
    {
      vendorId: 'v3',
      vendorName: 'City Water',
      accountNumber: 'W-1001',
      currency: 'USD',
      usualAmount: 310,
      monthsBilled: 5,
      lastBilledMonth: '2026-11',
    },
  ],
  unusuallyHigh: [
    {
      vendorId: 'v4',
      vendorName: 'Metro Electric',
      accountNumber: null,
      currency: 'USD',
      amount: 960,
      usualAmount: 400,
      ratio: 2.4,
    },
  ],
};

const report1099 = { year: 2026, currency: 'USD', threshold: 600, rows: [] };

function setup(answers: Partial<Record<string, { status?: number; body?: unknown }>> = {}) {
  return mockApi({
    'GET /api/reports/aging': { body: aging },
    'GET /api/reports/cash-requirements': { body: cash },
    'GET /api/reports/spend-per-door': { body: spend },
    'GET /api/reports/recurring': { body: recurring },
    'GET /api/reports/1099': { body: report1099 },
    ...answers,
  } as Parameters<typeof mockApi>[0]);
}

const csvLink = () => screen.getByRole('link', { name: 'Download CSV' });

describe('ReportsPage', () => {
  it('opens on payables aging: buckets per vendor and per property, the totals and the chart', async () => {
    setup();
    renderWithProviders(<ReportsPage />);
    const tabs = await screen.findByRole('tablist', { name: 'Reports' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Payables aging', 'Cash requirements', 'Spend per door', 'Recurring bills', '1099']);
    const byVendor = await screen.findByRole('table', { name: 'By vendor' });
    const rows = within(byVendor).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('VendorCurrent1–30 days31–60 days61–90 daysOver 90 daysTotal');
    expect(rows[1]).toHaveTextContent('Acme Plumbing2 invoices$0.00$0.00$1,200.00$0.00$0.00$1,200.00');
    expect(rows[3]).toHaveTextContent('Total$500.00$0.00$1,200.00$0.00$0.00$1,700.00');
    expect(screen.getByRole('table', { name: 'By property' })).toHaveTextContent('Oak Terrace');
    const chart = screen.getByRole('table', { name: 'Payables aging by bucket' });
    expect(within(chart).getByRole('row', { name: '31–60 days $1,200.00' })).toBeInTheDocument();
    expect(screen.getByText(/\$1,700\.00 open on 3 invoices/)).toBeInTheDocument();
  });

  it('asks the report as of the chosen day, and links the CSV of that same query', async () => {
    const api = setup();
    renderWithProviders(<ReportsPage />);
    await screen.findByRole('table', { name: 'By vendor' });
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2026-11-30' } });
    expect(csvLink()).toHaveAttribute('href', '/api/reports/aging.csv?asOf=2026-11-30');
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.url.pathname === '/api/reports/aging' && c.url.searchParams.get('asOf') === '2026-11-30',
        ),
      ).toBe(true),
    );
  });

  it('downloads the CSV through the signed-in API call, under the name the server gives', async () => {
    const user = userEvent.setup();
    const api = setup({ 'GET /api/reports/aging.csv': { body: 'Vendor,Current,Total' } });
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:aging';
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
    renderWithProviders(<ReportsPage />);
    await screen.findByRole('table', { name: 'By vendor' });
    const href = csvLink().getAttribute('href');
    await user.click(csvLink());
    await waitFor(() => expect(saved).toHaveLength(1));
    const asked = api.calls.find((c) => c.url.pathname === '/api/reports/aging.csv');
    expect(`${asked?.url.pathname}${asked?.url.search}`).toBe(href);
    expect(saved[0]).toMatch(/^payables-aging-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('keeps each currency in its own block, never added together', async () => {
    setup({ 'GET /api/reports/aging': { body: { ...aging, currencies: [...aging.currencies, eurBlock] } } });
    renderWithProviders(<ReportsPage />);
    const usd = await screen.findByRole('region', { name: 'Payables aging in USD' });
    const eur = screen.getByRole('region', { name: 'Payables aging in EUR' });
    expect(within(usd).getByRole('table', { name: 'By vendor in USD' })).toHaveTextContent('$1,700.00');
    expect(within(eur).getByRole('table', { name: 'By vendor in EUR' })).toHaveTextContent('€2,380.00');
    expect(screen.queryByText(/4,080/)).toBeNull();
  });

  it('says what appears in aging when nothing is open', async () => {
    setup({ 'GET /api/reports/aging': { body: { asOf: '2026-12-03', currencies: [] } } });
    renderWithProviders(<ReportsPage />);
    expect(await screen.findByText('No open payables')).toBeInTheDocument();
    expect(screen.getByText(/Approved invoices that are not marked paid appear here/)).toBeInTheDocument();
  });

  it("shows the server's message when a report fails to load", async () => {
    setup({
      'GET /api/reports/aging': { status: 500, body: { message: 'Reports are down', code: 'internal' } },
    });
    renderWithProviders(<ReportsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load payables aging');
    expect(screen.getByText('Reports are down')).toBeInTheDocument();
  });

  it('shows cash requirements per property in cumulative windows', async () => {
    const user = userEvent.setup();
    setup();
    renderWithProviders(<ReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Cash requirements' }));
    const table = await screen.findByRole('table', { name: 'By property' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Oak Terrace$1,200.00$300.00$500.00$500.00',
    );
    expect(csvLink().getAttribute('href')).toMatch(
      /^\/api\/reports\/cash-requirements\.csv\?asOf=\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('says nothing falls due when the open payables need no cash', async () => {
    const user = userEvent.setup();
    setup({ 'GET /api/reports/cash-requirements': { body: { asOf: '2026-12-03', currencies: [] } } });
    renderWithProviders(<ReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Cash requirements' }));
    expect(await screen.findByText('Nothing falls due in the next 30 days')).toBeInTheDocument();
  });

  it('shows spend per door by property and category, and asks for units where they are missing', async () => {
    const user = userEvent.setup();
    setup();
    renderWithProviders(<ReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Spend per door' }));
    const table = await screen.findByRole('table', { name: 'By property and category' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Oak Terrace24$4,800.00$200.00');
    expect(rows[2]).toHaveTextContent('Plumbing$4,800.00$200.00');
    expect(rows[3]).toHaveTextContent('Elm Court—$900.00—');
    // The chart draws only the properties with a per-door figure.
    const chart = screen.getByRole('table', { name: 'Spend per door by property' });
    expect(within(chart).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Properties page' })).toHaveAttribute('href', '/properties');
    expect(screen.getByText('Jan 2026 to Dec 2026', { exact: false })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-03' } });
    fireEvent.change(screen.getByLabelText('To month'), { target: { value: '2026-06' } });
    expect(csvLink()).toHaveAttribute('href', '/api/reports/spend-per-door.csv?from=2026-03&to=2026-06');
  });

  it('refuses a backwards month range before asking the server', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderWithProviders(<ReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Spend per door' }));
    await screen.findByRole('table', { name: 'By property and category' });
    const asked = api.calls.filter((c) => c.url.pathname === '/api/reports/spend-per-door').length;
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-09' } });
    fireEvent.change(screen.getByLabelText('To month'), { target: { value: '2026-02' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The end month must be on or after the start month');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(api.calls.filter((c) => c.url.pathname === '/api/reports/spend-per-door')).toHaveLength(asked);
  });

  it('says what spend per door needs when the months have none', async () => {
    const user = userEvent.setup();
    setup({
      'GET /api/reports/spend-per-door': { body: { from: '2026-01', to: '2026-12', currencies: [] } },
    });
    renderWithProviders(<ReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Spend per door' }));
    expect(await screen.findByText('No spend in these months')).toBeInTheDocument();
  });

  it("lists the month's missing and unusually high recurring bills, and links the month's CSV", async () => {
    const user = userEvent.setup();
    setup();
    renderWithProviders(<ReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Recurring bills' }));
    const missing = await screen.findByRole('table', { name: 'Bills missing in Dec 2026' });
    expect(within(missing).getAllByRole('row')[1]).toHaveTextContent(
      'City WaterAccount W-1001$310.005Nov 2026',
    );
    const high = screen.getByRole('table', { name: 'Unusually high bills in Dec 2026' });
    expect(within(high).getAllByRole('row')[1]).toHaveTextContent('Metro Electric$960.00$400.002.4×');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    expect(csvLink()).toHaveAttribute('href', '/api/reports/recurring.csv?month=2026-10');
  });

  it('says what recurring bills shows when nothing is missing or unusual', async () => {
    const user = userEvent.setup();
    setup({ 'GET /api/reports/recurring': { body: { month: '2026-12', missing: [], unusuallyHigh: [] } } });
    renderWithProviders(<ReportsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Recurring bills' }));
    expect(await screen.findByText('No missing or unusual bills')).toBeInTheDocument();
  });

  it('shows the 1099 report in its tab', async () => {
    const user = userEvent.setup();
    setup();
    renderWithProviders(<ReportsPage />);
    await user.click(await screen.findByRole('tab', { name: '1099' }));
    const section = await screen.findByRole('region', { name: '1099 report' });
    await user.click(within(section).getByRole('button', { name: 'Show report' }));
    expect(await within(section).findByText(/No vendor gets a 1099 yet/)).toBeInTheDocument();
  });

  it('has no serious accessibility violations', async () => {
    setup();
    const { container } = renderWithProviders(<ReportsPage />);
    await screen.findByRole('table', { name: 'By vendor' });
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
