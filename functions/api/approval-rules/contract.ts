import { approvalRuleInputSchema, idSchema, pageOf } from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { APPROVAL_RULES } from '../lib/rights';

/** The routes of approval-rules: what each reads and answers (functions/api/lib/contract.ts). */
export const approvalRulesContract = defineContract({
  'GET /api/organization/approval-rules': {
    rule: APPROVAL_RULES,
    tag: 'Approval rules',
    summary: 'The approval rules in their order (administrators); the first an invoice meets applies',
    success: 200,
    response: pageOf(named.ApprovalRule),
    errors: [403],
  },
  'POST /api/organization/approval-rules': {
    rule: APPROVAL_RULES,
    tag: 'Approval rules',
    summary: 'Add an approval rule (administrators); 400 when nobody could complete it',
    body: approvalRuleInputSchema,
    success: 201,
    response: named.ApprovalRule,
    errors: [400, 403, 409],
  },
  'PUT /api/organization/approval-rules/{id}': {
    rule: APPROVAL_RULES,
    tag: 'Approval rules',
    summary: 'Change or move an approval rule (administrators); invoices already waiting keep their steps',
    params: { id: idSchema },
    body: approvalRuleInputSchema,
    success: 200,
    response: named.ApprovalRule,
    errors: [400, 403, 404, 409],
  },
  'DELETE /api/organization/approval-rules/{id}': {
    rule: APPROVAL_RULES,
    tag: 'Approval rules',
    summary: 'Delete an approval rule (administrators)',
    params: { id: idSchema },
    success: 204,
    errors: [403, 404, 409],
  },
});
