import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { OrganizationPage } from './organization-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

function org(overrides: Record<string, unknown> = {}) {
  return {
    id: '01HZY3K8M2Q4R5S6T7EMEXV7ZV',
    name: 'Harborview Property Management',
    slug: 'harborview',
    plan: 'PROFESSIONAL',
    status: 'ACTIVE',
    apiUsed: 420,
    apiQuota: 100_000,
    invoicesThisMonth: 12,
    invoiceLimit: 500,
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-02-10T10:00:00.000Z',
    stats: { totalUsers: 3, totalInvoices: 140, totalProperties: 7, totalVendors: 22 },
    ...overrides,
  };
}

describe('OrganizationPage', () => {
  it('shows the header card, tiles, usage and status', async () => {
    mockApi({ 'GET /api/organization/current': { body: org() } });
    renderWithProviders(<OrganizationPage />);
    expect(
      await screen.findByRole('heading', { name: 'Harborview Property Management' }),
    ).toBeInTheDocument();
    expect(screen.getByText('EMEXV7ZV')).toBeInTheDocument();
    expect(screen.getByText('Professional Plan')).toBeInTheDocument();
    const tiles = screen.getByRole('region', { name: 'Organization totals' });
    expect(within(tiles).getByText('22')).toBeInTheDocument();
    expect(screen.getByText('420 / 100,000')).toBeInTheDocument();
    expect(screen.queryByText('Approaching API limit')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:sales@/),
    );
    expect(screen.getByText('Feb 10, 2025')).toBeInTheDocument();
  });

  it("warns 'Approaching API limit' above 80 percent of the quota", async () => {
    mockApi({ 'GET /api/organization/current': { body: org({ apiUsed: 8_500, apiQuota: 10_000 }) } });
    renderWithProviders(<OrganizationPage />);
    expect(await screen.findByText('Approaching API limit')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'API usage' })).toHaveAttribute('aria-valuenow', '85');
  });

  it('shows the Team card under the organization details', async () => {
    const member = {
      id: 'u1',
      email: 'dana@harborview.test',
      firstName: 'Dana',
      lastName: 'Whitaker',
      role: 'ADMIN',
      createdAt: '2025-01-05T10:00:00.000Z',
    };
    mockApi({
      'GET /api/organization/current': { body: org() },
      'GET /api/organization/members': { body: { items: [member], nextCursor: null, total: 1 } },
    });
    renderWithProviders(<OrganizationPage />);
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getByText('Dana Whitaker')).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Organization Details' });
    const team = screen.getByRole('heading', { name: 'Team' });
    expect(details.compareDocumentPosition(team) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows 'Failed to load organization settings' when the call fails", async () => {
    mockApi({
      'GET /api/organization/current': { status: 500, body: { message: 'boom', code: 'internal' } },
    });
    renderWithProviders(<OrganizationPage />);
    expect(await screen.findByText('Failed to load organization settings')).toBeInTheDocument();
  });

  it('validates the name and the slug', async () => {
    const { calls } = mockApi({ 'GET /api/organization/current': { body: org() } });
    const u = userEvent.setup();
    renderWithProviders(<OrganizationPage />);
    await u.clear(await screen.findByLabelText('Organization Name'));
    await u.clear(screen.getByLabelText('Organization Slug'));
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Organization name is required')).toBeInTheDocument();
    expect(screen.getByText('Slug is required')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Organization Slug'), 'Harbor View!');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Slug must contain only lowercase letters, numbers, and hyphens'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("saves and toasts 'Organization updated'", async () => {
    const { calls } = mockApi({
      'GET /api/organization/current': { body: org() },
      'PUT /api/organization/current': { body: org({ slug: 'harbor-view' }) },
    });
    const u = userEvent.setup();
    renderWithProviders(<OrganizationPage />);
    const slug = await screen.findByLabelText('Organization Slug');
    await u.clear(slug);
    await u.type(slug, 'harbor-view');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Organization updated')).toBeInTheDocument();
    expect(
      screen.getByText('Your organization settings have been successfully updated.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Harborview Property Management',
      slug: 'harbor-view',
      plan: 'PROFESSIONAL',
      defaultCurrency: 'USD',
      autoApprove: { enabled: false, maxAmount: null },
      legalNames: [],
      reviewNewVendors: true,
    });
  });

  it("lets a new vendor's first invoice pass once the admin unticks the review of new vendors", async () => {
    const { calls } = mockApi({
      'GET /api/organization/current': { body: org() },
      'PUT /api/organization/current': { body: org({ reviewNewVendors: false }) },
    });
    const u = userEvent.setup();
    renderWithProviders(<OrganizationPage />);
    const review = await screen.findByRole('checkbox', {
      name: 'Send the first invoice from a new vendor to review',
    });
    expect(review).toBeChecked();
    await u.click(review);
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Organization updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ reviewNewVendors: false });
  });

  it('saves the legal names typed one per line, each once', async () => {
    const { calls } = mockApi({
      'GET /api/organization/current': { body: org() },
      'PUT /api/organization/current': { body: org({ legalNames: ['Harborview Holdings LLC'] }) },
    });
    const u = userEvent.setup();
    renderWithProviders(<OrganizationPage />);
    const names = await screen.findByLabelText('Legal Names');
    await u.type(
      names,
      'Harborview Holdings LLC{enter}{enter}  harborview holdings llc {enter}Pier 9 Owner LP',
    );
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Organization updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      legalNames: ['Harborview Holdings LLC', 'Pier 9 Owner LP'],
    });
  });

  it('sets the default currency and turns auto-approval on only with an amount', async () => {
    const { calls } = mockApi({
      'GET /api/organization/current': { body: org() },
      'PUT /api/organization/current': { body: org() },
    });
    const u = userEvent.setup();
    renderWithProviders(<OrganizationPage />);
    const currency = await screen.findByLabelText('Default Currency');
    await u.clear(currency);
    await u.type(currency, 'eur');
    await u.click(screen.getByRole('checkbox', { name: /Approve processed invoices from known vendors/ }));
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Enter the amount under which invoices are approved automatically'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await u.type(screen.getByLabelText('Up to this total'), '500');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Organization updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      defaultCurrency: 'EUR',
      autoApprove: { enabled: true, maxAmount: 500 },
    });
  });

  it("toasts 'Update failed' with the server's message when a plan change is refused", async () => {
    mockApi({
      'GET /api/organization/current': { body: org() },
      'PUT /api/organization/current': {
        status: 403,
        body: { message: 'Contact sales to upgrade your plan', code: 'forbidden' },
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<OrganizationPage />);
    await u.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(
      screen.getByText('Failed to update organization: Contact sales to upgrade your plan'),
    ).toBeInTheDocument();
  });
});

describe('OrganizationPage by role and plan', () => {
  it('shows the end of a free trial in the status card', async () => {
    mockApi({
      'GET /api/organization/current': {
        body: org({ status: 'TRIAL', trialEndsAt: '2025-01-19T10:00:00.000Z' }),
      },
    });
    renderWithProviders(<OrganizationPage />);
    await screen.findByRole('heading', { name: 'Organization Status' });
    const trialEnds = screen.getByText('Trial Ends');
    expect(trialEnds.nextElementSibling).toHaveTextContent('Jan 19, 2025');
    expect(screen.getByText('Trial')).toBeInTheDocument();
  });

  it('shows a member the organization details read-only, without Save Changes', async () => {
    mockApi({ 'GET /api/organization/current': { body: org() } });
    renderWithProviders(<OrganizationPage />, { user: { role: 'MEMBER' } });
    expect(await screen.findByLabelText('Organization Name')).toBeDisabled();
    expect(screen.getByText('Only an administrator can change these settings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('lets an admin save', async () => {
    mockApi({ 'GET /api/organization/current': { body: org() } });
    renderWithProviders(<OrganizationPage />, { user: { role: 'ADMIN' } });
    expect(await screen.findByLabelText('Organization Name')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });
});
