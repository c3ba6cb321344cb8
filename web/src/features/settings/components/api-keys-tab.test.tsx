import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, page, renderWithProviders } from '@/test/render';
import { ApiKeysTab } from './api-keys-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const FULL = 'ipk_kwMxQlCxCksHG70ioJPlmTygvQkpIW3r886eufDA';
const listed = {
  id: '01HZY3K8M2Q4R5S6T7V8W9XK01',
  name: 'Accounting export',
  key: 'ipk_ab12',
  prefix: 'ipk_ab12',
  isActive: true,
  scopes: ['invoices:read', 'invoices:upload', 'vendors:read'],
  createdBy: 'e1f2a3b4-0000-4000-8000-000000000001',
  lastUsedAt: null,
  createdAt: '2025-01-05T10:00:00.000Z',
};

describe('ApiKeysTab', () => {
  it('lists keys masked to 8 characters and documents the bearer header and endpoints', async () => {
    mockApi({ 'GET /api/api-keys': { body: page([listed]) } });
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByText('ipk_ab12...')).toBeInTheDocument();
    expect(screen.getByText('invoices:read, invoices:upload, vendors:read')).toBeInTheDocument();
    expect(screen.getByText('Authorization: Bearer YOUR_API_KEY')).toBeInTheDocument();
    for (const endpoint of ['GET /api/invoices', 'POST /api/upload', 'GET /api/vendors']) {
      expect(
        screen.getByText((_, el) => el?.tagName === 'CODE' && el.textContent === endpoint),
      ).toBeInTheDocument();
    }
  });

  it('cancels creation when the name prompt is answered with blanks', async () => {
    const { calls } = mockApi({ 'GET /api/api-keys': { body: page([]) } });
    const u = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await u.click(await screen.findByRole('button', { name: 'Create API Key' }));
    const prompt = await screen.findByRole('dialog', { name: 'Create API Key' });
    await u.type(within(prompt).getByLabelText('Key name'), '   ');
    await u.click(within(prompt).getByRole('button', { name: 'Create Key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a key and shows it once, masked until revealed, with a copy button', async () => {
    const { calls } = mockApi({
      'GET /api/api-keys': { body: page([]) },
      'POST /api/api-keys': {
        status: 201,
        body: { ...listed, id: '01HZY3K8M2Q4R5S6T7V8W9XK02', name: 'CI', key: FULL },
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await u.click(await screen.findByRole('button', { name: 'Create API Key' }));
    await u.type(await screen.findByLabelText('Key name'), '  CI ');
    await u.click(screen.getByRole('button', { name: 'Create Key' }));
    const shown = await screen.findByRole('dialog', { name: 'API key created' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'CI' });
    expect(within(shown).getByText('ipk_kwMx...')).toBeInTheDocument();
    await u.click(within(shown).getByRole('button', { name: 'Reveal new API key' }));
    expect(within(shown).getByText(FULL)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
  });

  it('deletes a key at once, without a confirmation', async () => {
    const { calls } = mockApi({
      'GET /api/api-keys': { body: page([listed]) },
      [`DELETE /api/api-keys/${listed.id}`]: { status: 204 },
    });
    const u = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await u.click(await screen.findByRole('button', { name: 'Delete API key Accounting export' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to delete API key' when the server refuses", async () => {
    mockApi({
      'GET /api/api-keys': { body: page([listed]) },
      [`DELETE /api/api-keys/${listed.id}`]: { status: 500, body: { message: 'boom', code: 'internal' } },
    });
    const u = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    await u.click(await screen.findByRole('button', { name: 'Delete API key Accounting export' }));
    expect(await screen.findByText('Failed to delete API key')).toBeInTheDocument();
  });
});

describe('ApiKeysTab for someone who is not an administrator', () => {
  it('lists the keys without Create API Key or Delete', async () => {
    mockApi({ 'GET /api/api-keys': { body: page([listed]) } });
    renderWithProviders(<ApiKeysTab />, { user: { role: 'APPROVER' } });
    expect(await screen.findByText('ipk_ab12...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create API Key/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Delete API key Accounting export' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/Only an administrator can create or delete them\./)).toBeInTheDocument();
  });
});
