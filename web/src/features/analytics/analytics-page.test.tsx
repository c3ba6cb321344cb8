import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { AnalyticsPage } from './analytics-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const empty = {
  totalInvoices: 0,
  totalAmount: 0,
  averageAmount: 0,
  topVendors: [],
  categoryBreakdown: [],
  monthlyTrends: [],
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
          totalInvoices: 78,
          totalAmount: 7800,
          averageAmount: 100,
          topVendors,
          categoryBreakdown: [
            { categoryName: 'Plumbing', percentage: 62.5, totalAmount: 4875, invoiceCount: 30 },
            { categoryName: 'Landscaping', percentage: 37.5, totalAmount: 2925, invoiceCount: 48 },
          ],
          monthlyTrends: [{ month: '2025-01', invoiceCount: 78, totalAmount: 7800 }],
        },
      },
    });
    renderWithProviders(<AnalyticsPage />);
    const total = await screen.findByRole('group', { name: 'Total Amount' });
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
});
