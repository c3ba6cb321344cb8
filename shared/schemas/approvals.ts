import * as z from 'zod';
import { idSchema, isoDateTime } from './common';

/**
 * Approval rules: an organization's ordered list of conditions, each naming how many approvals (1 or 2)
 * an invoice that meets it needs, and from whom. When an invoice becomes ready for approval the first
 * rule it meets is copied onto it as its approval steps, so a later change of the rules never rewrites
 * an invoice already waiting (functions/core/approvals/).
 */
export const APPROVER_ROLES = ['APPROVER', 'ADMIN'] as const;
export type ApproverRole = (typeof APPROVER_ROLES)[number];

const ids = (max: number) => z.array(z.string().trim().min(1).max(64)).max(max);

export const approvalRuleInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  /** Met by invoices whose total is at least this (in the invoice's currency). */
  minAmount: z.number().min(0).max(1e12).nullish(),
  /** Met by invoices of one of these properties (absent or empty: any property). */
  propertyIds: ids(100).optional(),
  vendorIds: ids(100).optional(),
  categoryIds: ids(100).optional(),
  /** Met by invoices whose vendor is new (unmatched, or still a suggestion nobody approved). */
  newVendor: z.boolean().optional(),
  /** Met by invoices whose vendor has no insurance certificate valid on the invoice date or today. */
  insuranceLapsed: z.boolean().optional(),
  /** With `insuranceLapsed`: nobody may approve the invoice while the vendor's insurance stays lapsed. */
  blockApproval: z.boolean().optional(),
  approvalsRequired: z.union([z.literal(1), z.literal(2)], {
    error: 'Approvals required must be 1 or 2',
  }),
  /** Who may approve: anyone with this role (APPROVER includes administrators) … */
  approverRole: z.enum(APPROVER_ROLES).optional(),
  /** … or these people (user ids); with neither, any approver or administrator. */
  approverIds: ids(20).optional(),
  /** Where the rule goes in the order (0 first); absent: last when created, unchanged when updated. */
  position: z.number().int().min(0).max(10_000).optional(),
});
export type ApprovalRuleInput = z.infer<typeof approvalRuleInputSchema>;

export const approvalRuleSchema = z.object({
  id: idSchema,
  name: z.string(),
  minAmount: z.number().nullable(),
  propertyIds: z.array(z.string()),
  vendorIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  newVendor: z.boolean(),
  insuranceLapsed: z.boolean(),
  blockApproval: z.boolean(),
  approvalsRequired: z.union([z.literal(1), z.literal(2)]),
  approverRole: z.enum(APPROVER_ROLES).nullable(),
  approverIds: z.array(z.string()),
  position: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ApprovalRule = z.infer<typeof approvalRuleSchema>;

export const approvalSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  at: isoDateTime,
  comment: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** What an invoice needs before it is APPROVED, fixed when it became ready for approval. */
export const approvalStepsSchema = z.object({
  /** The rule that applied, or null for the default (one approval by an approver). */
  ruleId: z.string().nullable(),
  ruleName: z.string(),
  required: z.number().int().min(1).max(2),
  approverRole: z.enum(APPROVER_ROLES).nullable(),
  approverIds: z.array(z.string()),
  /** A rule with an amount applied: the uploader's own approval does not count. */
  separationOfDuties: z.boolean(),
  approvals: z.array(approvalSchema),
  /**
   * Set when a rule on lapsed insurance applied: why (as it stood when the rule applied), and whether no
   * approval is taken until the vendor has a valid certificate again (checked afresh on every approval).
   */
  insuranceHold: z.object({ reason: z.string(), blocksApproval: z.boolean() }).optional(),
});
export type ApprovalSteps = z.infer<typeof approvalStepsSchema>;

/** The longest approval comment (the review dialog's comment box stops there too). */
export const MAX_APPROVAL_COMMENT = 1000;

/** The body of POST /api/invoices/{id}/approve: optional, with an optional comment for the audit trail. */
export const approveBodySchema = z.object({
  comment: z.string().trim().max(MAX_APPROVAL_COMMENT).optional(),
});
