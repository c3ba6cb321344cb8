import type { ApprovalRule } from './approvals';

/**
 * Tests only: a stored approval rule with no conditions (met by every invoice), one approval by any
 * approver, and `over` on top. The core's rule evaluation and the web's Approvals tab test the same shape.
 */
export const approvalRuleFixture = (over: Partial<ApprovalRule> = {}): ApprovalRule => ({
  id: 'R1',
  name: 'Rule',
  minAmount: null,
  propertyIds: [],
  vendorIds: [],
  categoryIds: [],
  newVendor: false,
  insuranceLapsed: false,
  blockApproval: false,
  approvalsRequired: 1,
  approverRole: null,
  approverIds: [],
  position: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
