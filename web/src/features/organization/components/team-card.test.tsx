import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, page, renderWithProviders } from '@/test/render';
import { TeamCard } from './team-card';

vi.mock('@/lib/auth', () => ({
  hasStoredSession: () => true,
  getIdToken: async () => 'id-token',
  signOut: async () => {},
  loadAmplify: async () => ({}),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const dana = {
  id: 'u-dana',
  email: 'dana@harborview.test',
  firstName: 'Dana',
  lastName: 'Whitaker',
  role: 'ADMIN' as const,
  createdAt: '2025-01-05T10:00:00.000Z',
};
const pat = {
  id: 'u-pat',
  email: 'pat@harborview.test',
  firstName: 'Pat',
  lastName: 'Lee',
  role: 'MEMBER' as const,
  createdAt: '2025-02-01T10:00:00.000Z',
};
const sam = {
  email: 'sam+ops@harborview.test',
  role: 'MEMBER' as const,
  invitedBy: 'Dana Whitaker',
  createdAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2025-03-08T10:00:00.000Z',
  expired: true,
};

function currentUser(member: typeof dana | typeof pat) {
  return {
    ...member,
    profileImageUrl: null,
    organization: { id: 'o1', name: 'Harborview Property Management', plan: 'PROFESSIONAL' },
  };
}

const MEMBERS = 'GET /api/organization/members';
const INVITATIONS = 'GET /api/organization/invitations';
const samPath = '/api/organization/invitations/sam%2Bops%40harborview.test';

let invitations: (Omit<typeof sam, 'expired'> & { expired: boolean })[];
beforeEach(() => {
  invitations = [sam];
});

/** The API as an admin (Dana) sees it; the invitations list follows POST and DELETE. */
function adminApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/user': { body: currentUser(dana) },
    [MEMBERS]: { body: page([dana, pat]) },
    [INVITATIONS]: () => ({ body: page(invitations) }),
    ...extra,
  });
}

const members = () => screen.findByRole('table', { name: 'Team members' });

describe('TeamCard', () => {
  it('shows skeletons, then the members with initials, e-mail, role and a You marker', async () => {
    adminApi({ [MEMBERS]: { body: page([dana, pat]), delayMs: 30 } });
    renderWithProviders(<TeamCard />);
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
    const table = await members();
    const danaRow = within(table).getByRole('row', { name: /Dana Whitaker/ });
    expect(within(danaRow).getByText('DW')).toBeInTheDocument();
    expect(within(danaRow).getByText('You')).toBeInTheDocument();
    expect(within(danaRow).getByText('dana@harborview.test')).toBeInTheDocument();
    const patRow = within(table).getByRole('row', { name: /Pat Lee/ });
    expect(within(patRow).queryByText('You')).not.toBeInTheDocument();
    expect(within(patRow).getByText('PL')).toBeInTheDocument();
  });

  it('gives an admin role selects, Remove on the others only, the invite form and the pending list', async () => {
    const { calls } = adminApi();
    renderWithProviders(<TeamCard />);
    await members();
    expect(await screen.findByRole('combobox', { name: 'Role of Pat Lee' })).toHaveValue('MEMBER');
    expect(screen.getByRole('combobox', { name: 'Role of Dana Whitaker' })).toHaveValue('ADMIN');
    expect(screen.getByRole('button', { name: 'Remove Pat Lee' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Dana Whitaker' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invite teammate' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail Address')).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toHaveValue('MEMBER');
    expect(screen.getByText(window.location.origin, { exact: false })).toBeInTheDocument();
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('sam+ops@harborview.test')).toBeInTheDocument();
    expect(within(pending).getByText(/Invited by Dana Whitaker/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/organization/invitations')).toBe(true);
  });

  it('invites with the trimmed, lower-cased address and role, then lists the invitation', async () => {
    const { calls } = adminApi({
      'POST /api/organization/invitations': (_url, init) => {
        const body = JSON.parse(String(init.body));
        const created = { ...body, invitedBy: 'Dana Whitaker', createdAt: '2025-03-02T10:00:00.000Z' };
        invitations = [...invitations, created];
        return { status: 201, body: created };
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamCard />);
    await screen.findByRole('list', { name: 'Pending invitations' });
    await u.type(screen.getByLabelText('E-mail Address'), '  Riley.Chen@Harborview.test ');
    await u.selectOptions(screen.getByLabelText('Role'), 'ADMIN');
    await u.click(screen.getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText('Invitation created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'riley.chen@harborview.test',
      role: 'ADMIN',
    });
    const instructions = `We e-mailed riley.chen@harborview.test a link to join, valid for 7 days. Ask riley.chen@harborview.test to sign up at ${window.location.origin} with this address; they are then offered to join with the invited role.`;
    // In the toast and, to stay on screen, under the form.
    expect(screen.getAllByText(instructions)).toHaveLength(2);
    expect(screen.getAllByRole('status').some((el) => el.textContent === instructions)).toBe(true);
    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    expect(await within(pending).findByText('riley.chen@harborview.test')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/invitations'))).toHaveLength(
      2,
    );
    expect(screen.getByLabelText('E-mail Address')).toHaveValue('');
  });

  it('shows the field error for an invalid address and sends nothing', async () => {
    const { calls } = adminApi();
    const u = userEvent.setup();
    renderWithProviders(<TeamCard />);
    await screen.findByRole('list', { name: 'Pending invitations' });
    const email = screen.getByLabelText('E-mail Address');
    await u.type(email, 'riley@');
    await u.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Invalid email address');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's message when the address already belongs to a member (409)", async () => {
    adminApi({
      'POST /api/organization/invitations': {
        status: 409,
        body: { code: 'already_member', message: 'pat@harborview.test is already a member' },
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamCard />);
    await screen.findByRole('list', { name: 'Pending invitations' });
    await u.type(screen.getByLabelText('E-mail Address'), 'pat@harborview.test');
    await u.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation failed')).toBeInTheDocument();
    expect(screen.getByText('pat@harborview.test is already a member')).toBeInTheDocument();
    expect(screen.queryByText('Invitation created')).not.toBeInTheDocument();
  });

  it('puts server field issues (400) under the input', async () => {
    adminApi({
      'POST /api/organization/invitations': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Invalid input',
          issues: [{ path: 'email', message: 'Invalid email address' }],
        },
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamCard />);
    await screen.findByRole('list', { name: 'Pending invitations' });
    await u.type(screen.getByLabelText('E-mail Address'), 'x@y.co');
    await u.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail Address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes an invitation (the address encoded in the path) and shows the empty list', async () => {
    const { calls } = adminApi({
      [`DELETE ${samPath}`]: () => {
        invitations = [];
        return { status: 204 };
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamCard />);
    await u.click(
      await screen.findByRole('button', { name: 'Revoke invitation for sam+ops@harborview.test' }),
    );
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe(samPath);
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pending invitations' })).not.toBeInTheDocument();
  });

  it('shows an expired link and resends it: a new expiry replaces "Link expired"', async () => {
    const { calls } = adminApi({
      [`POST ${samPath}/resend`]: () => {
        invitations = [{ ...sam, expiresAt: '2025-03-17T10:00:00.000Z', expired: false }];
        return { body: invitations[0] };
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamCard />);
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(list).getByText('Link expired')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Resend invitation to sam+ops@harborview.test' }));
    expect(await screen.findByText('Invitation sent again')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe(`${samPath}/resend`);
    expect(await within(list).findByText(/Link expires Mar 17, 2025/)).toBeInTheDocument();
    expect(within(list).queryByText('Link expired')).not.toBeInTheDocument();
  });

  it("changes a member's role and toasts", async () => {
    let patRole: 'ADMIN' | 'MEMBER' = 'MEMBER';
    const { calls } = adminApi({
      [MEMBERS]: () => ({ body: page([dana, { ...pat, role: patRole }]) }),
      'PUT /api/organization/members/u-pat': (_url, init) => {
        patRole = JSON.parse(String(init.body)).role;
        return { body: { ...pat, role: patRole } };
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamCard />);
    const select = await screen.findByRole('combobox', { name: 'Role of Pat Lee' });
    await u.selectOptions(select, 'ADMIN');
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(screen.getByText("Pat Lee's role is now Admin.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'ADMIN' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of Pat Lee' })).toHaveValue('ADMIN'),
    );
    expect(screen.getByRole('combobox', { name: 'Role of Pat Lee' })).toBeEnabled();
  });

  it('keeps the role and shows the message when the last admin would be demoted (409)', async () => {
    adminApi({
      'PUT /api/organization/members/u-dana': {
        status: 409,
        body: { code: 'last_admin', message: 'An organization needs at least one administrator' },
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamCard />);
    const select = await screen.findByRole('combobox', { name: 'Role of Dana Whitaker' });
    await u.selectOptions(select, 'MEMBER');
    expect(await screen.findByText('Failed to update role')).toBeInTheDocument();
    expect(screen.getByText('An organization needs at least one administrator')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of Dana Whitaker' })).toHaveValue('ADMIN'),
    );
  });

  it('removes a member only after confirming', async () => {
    let team = [dana, pat];
    const { calls } = adminApi({
      [MEMBERS]: () => ({ body: page(team) }),
      'DELETE /api/organization/members/u-pat': () => {
        team = [dana];
        return { status: 204 };
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamCard />);
    await u.click(await screen.findByRole('button', { name: 'Remove Pat Lee' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove member?' });
    expect(
      within(dialog).getByText('Pat Lee will no longer have access to this organization.'),
    ).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await u.click(screen.getByRole('button', { name: 'Remove Pat Lee' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove member?' });
    await u.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/organization/members/u-pat',
    ]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Pat Lee/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a member the list read-only and never asks for the invitations', async () => {
    const { calls } = mockApi({
      'GET /api/auth/user': { body: currentUser(pat) },
      [MEMBERS]: { body: page([dana, pat]) },
      [INVITATIONS]: {
        status: 403,
        body: { code: 'forbidden', message: 'Only an administrator can manage the team' },
      },
    });
    renderWithProviders(<TeamCard />);
    const table = await members();
    await waitFor(() =>
      expect(
        within(within(table).getByRole('row', { name: /Pat Lee/ })).getByText('You'),
      ).toBeInTheDocument(),
    );
    expect(
      within(within(table).getByRole('row', { name: /Dana Whitaker/ })).getByText('Admin'),
    ).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Pat Lee/ })).getByText('Member'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Invite teammate')).not.toBeInTheDocument();
    expect(screen.queryByText('Pending invitations')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail Address')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/organization/invitations'))).toBe(false);
  });

  it("shows 'Failed to load team' when the members call fails", async () => {
    adminApi({ [MEMBERS]: { status: 500, body: { code: 'internal', message: 'boom' } } });
    renderWithProviders(<TeamCard />);
    expect(await screen.findByText('Failed to load team')).toBeInTheDocument();
  });
});

describe('TeamCard invitations e-mail', () => {
  it('tells the admin the invitation e-mail is sent, with a link valid for 7 days', async () => {
    adminApi();
    renderWithProviders(<TeamCard />);
    await members();
    const invite = screen.getByRole('region', { name: 'Invite teammate' });
    expect(invite).toHaveTextContent(
      'We e-mail each invited address a link to join, valid for 7 days (Resend sends a new one).',
    );
    expect(invite).not.toHaveTextContent('No e-mail is sent');
  });
});
