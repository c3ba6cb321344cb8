import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, renderWithProviders } from '@/test/render';
import { ProfilePage } from './profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const user = {
  id: 'u1',
  email: 'dana@harborview.test',
  firstName: 'Dana',
  lastName: 'Whitaker',
  profileImageUrl: null,
  role: 'ADMIN',
  createdAt: '2025-03-09T12:00:00.000Z',
  organization: { id: 'o1', name: 'Harborview Property Management', plan: 'STARTER' },
};

describe('ProfilePage', () => {
  it('shows skeletons, then the summary with initials, organization, role and member-since date', async () => {
    mockApi({ 'GET /api/user/profile': { body: user } });
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByRole('heading', { name: 'User Profile' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Dana Whitaker' })).toBeInTheDocument();
    expect(screen.getByText('DW')).toBeInTheDocument();
    expect(screen.getByText('Harborview Property Management')).toBeInTheDocument();
    expect(screen.getByText('Member Since')).toBeInTheDocument();
    expect(screen.getByText(new Date(user.createdAt).toLocaleDateString())).toBeInTheDocument();
    expect(screen.getByText('This is the email address associated with your account')).toBeInTheDocument();
  });

  it("shows 'Failed to load user profile' when the call fails", async () => {
    mockApi({ 'GET /api/user/profile': { status: 500, body: { message: 'boom', code: 'internal' } } });
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByText('Failed to load user profile')).toBeInTheDocument();
  });

  it('validates first name, last name and email before saving', async () => {
    const { calls } = mockApi({ 'GET /api/user/profile': { body: user } });
    const u = userEvent.setup();
    renderWithProviders(<ProfilePage />);
    await u.clear(await screen.findByLabelText('First Name'));
    await u.clear(screen.getByLabelText('Last Name'));
    const email = screen.getByLabelText('Email Address');
    await u.clear(email);
    await u.type(email, 'dana@');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("saves, toasts 'Profile updated' and refetches both the profile and the current user", async () => {
    let saved = user;
    const { calls } = mockApi({
      'GET /api/user/profile': () => ({ body: saved }),
      'GET /api/auth/user': () => ({ body: saved }),
      'PUT /api/user/profile': (_url, init) => {
        saved = { ...user, ...JSON.parse(String(init.body)) };
        return { body: saved };
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<ProfilePage />);
    const first = await screen.findByLabelText('First Name');
    await u.clear(first);
    await u.type(first, 'Danielle');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been successfully updated.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Danielle',
      lastName: 'Whitaker',
      email: 'dana@harborview.test',
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === '/api/user/profile' && c.method === 'GET')).toHaveLength(
        2,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Danielle Whitaker' })).toBeInTheDocument();
  });

  it("reads 'Saving...' while pending and toasts the server's message on failure", async () => {
    const gate = { release: () => {} };
    const { fetchMock } = mockApi({
      'GET /api/user/profile': { body: user },
      'PUT /api/user/profile': { status: 409, body: { message: 'Email already in use', code: 'conflict' } },
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT')
        await new Promise<void>((r) => {
          gate.release = () => r();
        });
      return original(input, init);
    });
    const u = userEvent.setup();
    renderWithProviders(<ProfilePage />);
    await u.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    gate.release();
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to update profile: Email already in use')).toBeInTheDocument();
  });
});
