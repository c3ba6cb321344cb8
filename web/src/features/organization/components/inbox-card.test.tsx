import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { InboxCard, parseSenders } from './inbox-card';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const org = (overrides: Record<string, unknown> = {}) => ({
  id: '01HZY3K8M2Q4R5S6T7EMEXV7ZV',
  name: 'Harborview Property Management',
  slug: 'harborview',
  plan: 'PROFESSIONAL',
  status: 'ACTIVE',
  apiUsed: 0,
  apiQuota: 100_000,
  invoicesThisMonth: 0,
  invoiceLimit: 500,
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-02-10T10:00:00.000Z',
  stats: { totalUsers: 1, totalInvoices: 0, totalProperties: 0, totalVendors: 0 },
  inboxAddress: 'harborview-abcdefgh@inbox.invoicepilot.local',
  inboxAllowedSenders: ['acme.com'],
  ...overrides,
});

describe('InboxCard', () => {
  it('shows the address without the administrator controls', async () => {
    mockApi({ 'GET /api/organization/current': { body: org() } });
    renderWithProviders(<InboxCard />);
    expect(await screen.findByLabelText('Inbox address')).toHaveTextContent(
      'harborview-abcdefgh@inbox.invoicepilot.local',
    );
    expect(screen.queryByRole('button', { name: 'Regenerate Address' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Allowed senders')).not.toBeInTheDocument();
  });

  it('lets an administrator save the allowed senders', async () => {
    const { calls } = mockApi({
      'GET /api/organization/current': { body: org() },
      'PUT /api/organization/inbox': (_url, init) => ({
        body: org({ inboxAllowedSenders: JSON.parse(String(init.body)).allowedSenders }),
      }),
    });
    renderWithProviders(<InboxCard manage />);
    const field = await screen.findByLabelText('Allowed senders');
    expect(field).toHaveValue('acme.com');
    await userEvent.type(field, '\nBilling@Northwind.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save Senders' }));
    expect(await screen.findByText('Allowed senders saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      allowedSenders: ['acme.com', 'billing@northwind.test'],
    });
  });

  it('regenerates the address only after a confirmation, and shows the new one', async () => {
    const { calls } = mockApi({
      'GET /api/organization/current': { body: org() },
      'POST /api/organization/inbox/regenerate': {
        body: org({ inboxAddress: 'harborview-zyxwvuts@inbox.invoicepilot.local' }),
      },
    });
    renderWithProviders(<InboxCard manage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate Address' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByText('The current address stops working. Continue?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByLabelText('Inbox address')).toHaveTextContent(
      'harborview-zyxwvuts@inbox.invoicepilot.local',
    );
  });
});

describe('parseSenders', () => {
  it('splits on lines, commas and spaces and lowercases', () => {
    expect(parseSenders(' A@x.com,b.com\n\n c.org ')).toEqual(['a@x.com', 'b.com', 'c.org']);
  });
});
