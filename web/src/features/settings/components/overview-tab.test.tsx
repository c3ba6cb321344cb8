import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { OverviewTab } from './overview-tab';

vi.mock('@/features/settings/api/account-security', () => ({
  getTotpEnabled: async () => false,
  changePassword: vi.fn(),
  startTotpSetup: vi.fn(),
  confirmTotpSetup: vi.fn(),
  disableTotp: vi.fn(),
  authErrorMessage: (e: unknown) => String(e),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OverviewTab', () => {
  it('shows the real number of connected integrations and the last activity', async () => {
    mockApi({
      'GET /api/stats': {
        body: {
          totalInvoices: 3,
          processingQueue: 0,
          monthlyTotal: 10,
          aiAccuracy: 90,
          reviewQueue: 1,
          byStatus: {},
          lastActivityAt: new Date().toISOString(),
          connectedIntegrations: 5,
        },
      },
    });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    expect(await screen.findByRole('button', { name: '5 connected' })).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Profile/ })).toHaveAttribute('href', '/profile');
  });
});
