import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { IntegrationsTab } from './integrations-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

const books = {
  id: '01QBO',
  name: 'QuickBooks Online',
  type: 'QUICKBOOKS',
  status: 'ACTIVE',
  config: { realmId: '123', apiKey: '****' },
  lastSyncAt: null,
  lastError: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 1,
};
const hook = {
  id: '01WH',
  url: 'https://hooks.example.com/ap',
  events: ['invoice.approved'],
  status: 'ACTIVE',
  hasSecret: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastDeliveryAt: null,
  lastDeliveryStatus: null,
  disabledReason: null,
};

const api = () =>
  mockApi({
    'GET /api/integrations': { body: { items: [books], nextCursor: null, total: 1 } },
    'GET /api/webhooks': { body: { items: [hook], nextCursor: null, total: 1 } },
    'GET /api/webhooks/01WH/deliveries': { body: { items: [], nextCursor: null } },
  });

describe('IntegrationsTab by role', () => {
  it('an administrator connects, adds, maps, tests, pauses and deletes', async () => {
    api();
    renderWithProviders(<IntegrationsTab />, { user: { role: 'ADMIN' } });
    expect(
      await screen.findByRole('button', { name: 'Map accounts of QuickBooks Online' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Connect to QuickBooks/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Integration/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Webhook/ })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Delete webhook https://hooks.example.com/ap' }),
    ).toBeInTheDocument();
  });

  it('anyone else sees the integrations and webhooks without the actions that would end in a 403', async () => {
    api();
    renderWithProviders(<IntegrationsTab />, { user: { role: 'APPROVER' } });
    expect(await screen.findByText('QuickBooks Online', { exact: true })).toBeInTheDocument();
    expect(await screen.findByText('https://hooks.example.com/ap')).toBeInTheDocument();
    for (const name of [
      /Connect to QuickBooks/,
      /Add Integration/,
      /Add Webhook/,
      /Map accounts/,
      /^Test /,
      /^Pause /,
      /^Delete /,
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
