import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeInvoice, mockApi, page, renderWithProviders } from '@/test/render';
import { RecentActivity } from './recent-activity';
import { WaitingForMe } from './side-panels';
import { StatsCards } from './stats-cards';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StatsCards', () => {
  it('shows skeletons while loading, then the values and labels', async () => {
    mockApi({
      'GET /api/stats': {
        body: {
          totalInvoices: 12,
          processingQueue: 2,
          monthlyTotal: 4200,
          aiAccuracy: 91.25,
          reviewQueue: 1,
          byStatus: {},
          lastActivityAt: null,
          connectedIntegrations: 0,
        },
      },
    });
    renderWithProviders(<StatsCards />);
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    const accuracy = await screen.findByRole('group', { name: 'AI Accuracy' });
    expect(await within(accuracy).findByText('91.3%')).toBeInTheDocument();
    expect(within(accuracy).getByText('High')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Processing Queue' })).getByText('2 active'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Monthly Total' })).getByText('$4,200.00'),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to load statistics' on all four cards when the call fails", async () => {
    mockApi({ 'GET /api/stats': { status: 500, body: { message: 'boom', code: 'internal' } } });
    renderWithProviders(<StatsCards />);
    expect(await screen.findAllByText('Failed to load statistics')).toHaveLength(4);
  });
});

describe('RecentActivity', () => {
  it('shows the empty state', async () => {
    mockApi({ 'GET /api/invoices': { body: page([]) } });
    renderWithProviders(<RecentActivity />);
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
    expect(screen.getByText('Upload your first invoice to get started')).toBeInTheDocument();
  });

  it('asks for 4 invoices and shows one line per invoice with the status text', async () => {
    const { calls } = mockApi({
      'GET /api/invoices': {
        body: page([
          makeInvoice({ id: '01HZY3K8M2Q4R5S6T7AAAAAAA1', status: 'APPROVED' }),
          makeInvoice({ id: '01HZY3K8M2Q4R5S6T7AAAAAAA2', status: 'PROCESSING', filename: 'water.pdf' }),
        ]),
      },
    });
    renderWithProviders(<RecentActivity />);
    expect(await screen.findByText('Invoice #AAAAAAA1 approved and synced')).toBeInTheDocument();
    expect(screen.getByText('AI extracting data from water.pdf')).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('limit')).toBe('4');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/invoices');
  });

  it('shows the error state', async () => {
    mockApi({ 'GET /api/invoices': { status: 500, body: { message: 'x', code: 'internal' } } });
    renderWithProviders(<RecentActivity />);
    expect(await screen.findByText('Failed to load recent activity')).toBeInTheDocument();
  });
});

describe('WaitingForMe', () => {
  it("asks for the caller's queue and shows each invoice's rule and approvals so far", async () => {
    const { calls } = mockApi({
      'GET /api/invoices': {
        body: page([
          makeInvoice({
            id: '01HZY3K8M2Q4R5S6T7AAAAAAA3',
            status: 'PROCESSED',
            approvalSteps: {
              ruleId: '01HZY3K8M2Q4R5S6T7AAAAAAR1',
              ruleName: 'Over $10,000',
              required: 2,
              approverRole: 'APPROVER',
              approverIds: [],
              separationOfDuties: true,
              approvals: [{ userId: 'u1', name: 'Cal', at: '2026-01-01T00:00:00.000Z', comment: null }],
            },
          }),
        ]),
      },
    });
    renderWithProviders(<WaitingForMe />);
    expect(await screen.findByText(/Over \$10,000: 1 of 2 approvals/)).toBeInTheDocument();
    expect(screen.getByText('1 waiting')).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('waitingFor')).toBe('me');
  });

  it('says when nothing waits', async () => {
    mockApi({ 'GET /api/invoices': { body: page([]) } });
    renderWithProviders(<WaitingForMe />);
    expect(await screen.findByText('No invoices are waiting for your approval.')).toBeInTheDocument();
  });
});

describe('StatsCards money', () => {
  it('says how much of the Monthly Total awaits approval, and how the total is counted', async () => {
    mockApi({
      'GET /api/stats': {
        body: {
          totalInvoices: 5,
          processingQueue: 0,
          monthlyTotal: 1500,
          monthlyAwaitingApproval: 1200,
          monthlyAwaitingApprovalCount: 3,
          aiAccuracy: null,
          reviewQueue: 2,
          byStatus: {},
          lastActivityAt: null,
          connectedIntegrations: 0,
        },
      },
    });
    renderWithProviders(<StatsCards />);
    const card = await screen.findByRole('group', { name: 'Monthly Total' });
    expect(await within(card).findByText('$1,500.00')).toBeInTheDocument();
    expect(
      within(card).getByText('Includes $1,200.00 from 3 invoices awaiting approval'),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'How Monthly Total is measured' }),
    ).toHaveAccessibleDescription(
      'Invoices uploaded this month that are approved or ready for approval. Invoices in review, unreadable or rejected are not counted.',
    );
  });

  it('adds no note when every counted invoice is approved', async () => {
    mockApi({
      'GET /api/stats': {
        body: {
          totalInvoices: 1,
          processingQueue: 0,
          monthlyTotal: 80,
          monthlyAwaitingApproval: 0,
          monthlyAwaitingApprovalCount: 0,
          aiAccuracy: null,
          reviewQueue: 0,
          byStatus: {},
          lastActivityAt: null,
          connectedIntegrations: 0,
        },
      },
    });
    renderWithProviders(<StatsCards />);
    const card = await screen.findByRole('group', { name: 'Monthly Total' });
    expect(await within(card).findByText('$80.00')).toBeInTheDocument();
    expect(within(card).queryByText(/awaiting approval/)).not.toBeInTheDocument();
  });
});
