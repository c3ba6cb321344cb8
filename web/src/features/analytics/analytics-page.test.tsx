import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { AnalyticsPage } from './analytics-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const none = {
  totalInvoices: 0,
  totalAmount: 0,
  averageAmount: 0,
  topVendors: [],
  categoryBreakdown: [],
  monthlyTrends: [],
};
const empty = {
  ...none,
  currency: 'USD',
  byCurrency: {},
  aiAccuracy: null,
  reviewedInvoices: 0,
  fieldAccuracy: [],
};

describe('AnalyticsPage', () => {
  it("says 'No analytics data available' when nothing has been invoiced", async () => {
    mockApi({ 'GET /api/analytics/invoice-analytics': { body: empty } });
    renderWithProviders(<AnalyticsPage />);
    expect(await screen.findByRole('heading', { name: 'Analytics Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('No analytics data available')).toBeInTheDocument();
  });

  it('shows the totals, the average, the top 10 vendors and the category shares', async () => {
    const topVendors = Array.from({ length: 12 }, (_, i) => ({
      name: `Vendor ${String(i + 1).padStart(2, '0')}`,
      invoiceCount: i + 1,
      totalAmount: (i + 1) * 100,
    }));
    mockApi({
      'GET /api/analytics/invoice-analytics': {
        body: {
          ...empty,
          totalInvoices: 78,
          totalAmount: 7800,
          averageAmount: 100,
          topVendors,
          categoryBreakdown: [
            { categoryName: 'Plumbing', percentage: 62.5, totalAmount: 4875, invoiceCount: 30 },
            { categoryName: 'Landscaping', percentage: 37.5, totalAmount: 2925, invoiceCount: 48 },
          ],
          monthlyTrends: [{ month: '2025-01', invoiceCount: 78, totalAmount: 7800 }],
          propertyBreakdown: [
            {
              propertyId: 'p1',
              propertyName: 'Oak Terrace',
              percentage: 66.7,
              totalAmount: 5200,
              invoiceCount: 40,
            },
            {
              propertyId: null,
              propertyName: 'No property',
              percentage: 33.3,
              totalAmount: 2600,
              invoiceCount: 38,
            },
          ],
        },
      },
    });
    renderWithProviders(<AnalyticsPage />);
    const total = await screen.findByRole('group', { name: 'Total Amount' });
    const byProperty = screen.getByRole('table', { name: 'Spending by property' });
    expect(within(byProperty).getAllByRole('row')[1]).toHaveTextContent('Oak Terrace$5,200.0066.7%');
    expect(within(total).getByText('$7,800.00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Average Amount' })).getByText('$100.00'),
    ).toBeInTheDocument();
    const vendors = screen.getByRole('table', { name: 'Top vendors by total amount' });
    const rows = within(vendors).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('Vendor 12');
    const shares = screen.getByRole('list', { name: 'Spending by category' });
    expect(within(shares).getByText('62.5%')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Monthly trends' })).toHaveTextContent('Jan 2025');
  });

  it("keeps each currency apart: the organization's figures, the others beside them and one click away", async () => {
    const user = userEvent.setup();
    const usd = {
      ...none,
      totalInvoices: 2,
      totalAmount: 1500,
      averageAmount: 750,
      topVendors: [{ name: 'Acme Plumbing', invoiceCount: 2, totalAmount: 1500 }],
    };
    const eur = {
      ...none,
      totalInvoices: 1,
      totalAmount: 2380,
      averageAmount: 2380,
      topVendors: [{ name: 'Rheinland Facility GmbH', invoiceCount: 1, totalAmount: 2380 }],
    };
    mockApi({
      'GET /api/analytics/invoice-analytics': {
        body: { ...empty, ...usd, byCurrency: { USD: usd, EUR: eur } },
      },
    });
    renderWithProviders(<AnalyticsPage />);
    const total = await screen.findByRole('group', { name: 'Total Amount' });
    expect(within(total).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(total).getByText('Also €2,380.00')).toBeInTheDocument();
    // Never one sum of dollars and euros.
    expect(screen.queryByText('$3,880.00')).toBeNull();

    const currencies = screen.getByRole('group', { name: 'Currency' });
    await user.click(within(currencies).getByRole('button', { name: 'EUR' }));
    expect(within(total).getByText('€2,380.00')).toBeInTheDocument();
    expect(within(total).getByText('Also $1,500.00')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Top vendors by total amount' })).toHaveTextContent(
      'Rheinland Facility GmbH',
    );
  });

  it("reads 'N/A' until enough invoices were reviewed, and shows the accuracy per field once measured", async () => {
    mockApi({
      'GET /api/analytics/invoice-analytics': {
        body: {
          ...empty,
          totalInvoices: 12,
          totalAmount: 1200,
          averageAmount: 100,
          aiAccuracy: 87.5,
          reviewedInvoices: 12,
          fieldAccuracy: [
            { field: 'totalAmount', label: 'Total Amount', checked: 12, kept: 11, accuracy: 91.7 },
            { field: 'dueDate', label: 'Due Date', checked: 0, kept: 0, accuracy: null },
          ],
        },
      },
    });
    renderWithProviders(<AnalyticsPage />);
    const table = await screen.findByRole('table', { name: 'Accuracy per field' });
    expect(within(table).getByRole('row', { name: /Total Amount 12 11 91.7%/ })).toBeInTheDocument();
    // A field nobody checked is not shown as right or wrong.
    expect(within(table).queryByText('Due Date')).toBeNull();
    expect(screen.getByText('87.5%')).toBeInTheDocument();
    expect(screen.getByText(/Based on 12 reviewed invoices/)).toBeInTheDocument();
  });
});

describe('AnalyticsPage money', () => {
  it('says which invoices the amounts count, and how much awaits approval', async () => {
    const figures = {
      ...none,
      totalInvoices: 4,
      totalAmount: 900,
      averageAmount: 450,
      awaitingApprovalAmount: 300,
      awaitingApprovalCount: 1,
      topVendors: [{ name: 'Acme Plumbing', invoiceCount: 2, totalAmount: 900 }],
    };
    mockApi({
      'GET /api/analytics/invoice-analytics': {
        body: { ...empty, ...figures, byCurrency: { USD: figures } },
      },
    });
    renderWithProviders(<AnalyticsPage />);
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent(
      'Amounts count approved invoices and invoices ready for approval; invoices in review, unreadable or rejected are not counted. Includes $300.00 from 1 invoice awaiting approval.',
    );
  });
});
