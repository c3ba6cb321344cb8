import type { ApprovalRule } from '@shared/schemas';
import { approvalRuleFixture } from '@shared/schemas/approval-rule.fixture';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';
import { mockApi, page, renderWithProviders } from '@/test/render';
import { ApprovalsTab } from './approvals-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const rule = (id: string, name: string, position: number, extra: Partial<ApprovalRule> = {}) =>
  approvalRuleFixture({ id, name, position, ...extra });
const BIG = rule('01HZY3K8M2Q4R5S6T7V8W9XR01', 'Over $10,000', 0, { minAmount: 10000, approvalsRequired: 2 });
const CAL = rule('01HZY3K8M2Q4R5S6T7V8W9XR02', 'Cal signs roofing', 1, { approverIds: ['u-cal'] });
const members = page([
  {
    id: 'u-cal',
    email: 'cal@example.com',
    firstName: 'Cal',
    lastName: 'Tester',
    role: 'APPROVER',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
]);

describe('ApprovalsTab', () => {
  it('lists the rules in order with their conditions and approvers, and moves one up', async () => {
    const { calls } = mockApi({
      'GET /api/organization/approval-rules': { body: page([BIG, CAL]) },
      'GET /api/organization/members': { body: members },
      [`PUT /api/organization/approval-rules/${CAL.id}`]: { body: { ...CAL, position: 0 } },
    });
    renderWithProviders(<ApprovalsTab />);
    expect(await screen.findByText('Amount ≥ $10,000.00: 2 approvals by an approver')).toBeInTheDocument();
    expect(await screen.findByText('Every invoice: 1 approval by Cal Tester')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Over $10,000 up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Cal signs roofing up' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name: 'Cal signs roofing',
      approverIds: ['u-cal'],
      position: 0,
    });
  });

  it("adds a rule, and shows the server's refusal in the dialog", async () => {
    const { calls } = mockApi({
      'GET /api/organization/approval-rules': { body: page([]) },
      'GET /api/organization/members': { body: members },
      'POST /api/organization/approval-rules': {
        status: 400,
        body: {
          code: 'invalid_input',
          message: 'This rule needs 2 approvals but only 1 person can approve under it',
          issues: [],
        },
      },
    });
    renderWithProviders(<ApprovalsTab />);
    expect(await screen.findByText('No approval rules')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Two for big ones');
    await userEvent.type(screen.getByLabelText(/^Amount at least \(/), '10000');
    await userEvent.selectOptions(screen.getByLabelText('Approvals required'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Approver role'), 'ADMIN');
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(
      await screen.findByText('This rule needs 2 approvals but only 1 person can approve under it'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Two for big ones',
      minAmount: 10000,
      approvalsRequired: 2,
      approverRole: 'ADMIN',
    });
  });

  it('sets the insurance condition, and blocking approval only with it', async () => {
    const UNINSURED = rule('01HZY3K8M2Q4R5S6T7V8W9XR03', 'Uninsured vendors', 0, {
      insuranceLapsed: true,
      blockApproval: true,
      approverRole: 'ADMIN',
    });
    const { calls } = mockApi({
      'GET /api/organization/approval-rules': { body: page([UNINSURED]) },
      'GET /api/organization/members': { body: members },
      'POST /api/organization/approval-rules': { status: 201, body: UNINSURED },
    });
    renderWithProviders(<ApprovalsTab />);
    expect(
      await screen.findByText(
        'vendor insurance missing or expired (approval blocked): 1 approval by an admin',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Uninsured vendors');
    const block = screen.getByLabelText(
      'Block approval until the vendor has a current insurance certificate',
    );
    expect(block).toBeDisabled();
    await userEvent.click(
      screen.getByLabelText('Only invoices from a vendor whose insurance is missing or expired'),
    );
    expect(block).toBeEnabled();
    await userEvent.click(block);
    await userEvent.selectOptions(screen.getByLabelText('Approver role'), 'ADMIN');
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Uninsured vendors',
      insuranceLapsed: true,
      blockApproval: true,
      approvalsRequired: 1,
      approverRole: 'ADMIN',
    });
  });
});
