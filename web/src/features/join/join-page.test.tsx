import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { JoinPage } from './join-page';

vi.mock('@/lib/auth', () => ({
  hasStoredSession: () => false,
  getIdToken: async () => null,
  signOut: async () => {},
  loadAmplify: async () => ({}),
}));

afterEach(() => vi.unstubAllGlobals());

const token = 'T'.repeat(43);
const path = `/api/invitations/${token}`;

describe('JoinPage', () => {
  it('shows who invited whom to which organization, with sign-up and sign-in', async () => {
    mockApi({
      [`GET ${path}`]: {
        body: {
          organizationName: 'Harborview Property Management',
          email: 'riley@harborview.test',
          role: 'MEMBER',
          invitedBy: 'Dana Whitaker',
          expiresAt: '2025-03-08T10:00:00.000Z',
        },
      },
    });
    const { container } = renderWithProviders(<JoinPage token={token} />);
    expect(
      await screen.findByRole('heading', { name: 'Join Harborview Property Management' }),
    ).toBeInTheDocument();
    // jsdom has no layout: colour contrast is left to the browser run.
    const audit = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    expect(screen.getByText(/Dana Whitaker invited/)).toHaveTextContent(
      'Dana Whitaker invited riley@harborview.test to join Harborview Property Management as Member.',
    );
    expect(screen.getByText(/expires on Mar 8, 2025/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/?auth=signUp');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/?auth=signIn');
  });

  it('says clearly that an expired link expired, and what to do', async () => {
    mockApi({
      [`GET ${path}`]: {
        status: 410,
        body: {
          code: 'invitation_expired',
          message: 'This invitation has expired. Ask your administrator to send a new one.',
        },
      },
    });
    renderWithProviders(<JoinPage token={token} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has expired. Ask your administrator to send a new one.',
    );
    expect(screen.queryByRole('link', { name: 'Create account' })).not.toBeInTheDocument();
  });
});
