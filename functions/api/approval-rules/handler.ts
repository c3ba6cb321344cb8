import { ulid } from 'ulid';
import type { ApprovalRule, ApprovalRuleInput } from '../../../shared/schemas';
import { listApprovalRules, writeApprovalRules } from '../../adapters/dynamodb/approval-rules';
import { nowIso } from '../../adapters/dynamodb/client';
import { listMembers } from '../../adapters/dynamodb/team';
import { assertRuleCanComplete, MAX_APPROVAL_RULES, placed } from '../../core/approvals/steps';
import { conflict, notFound } from '../../core/errors/app-error';
import { ownReferenceLists } from '../../core/references/own-references';
import { type IdRequest, resourceHandler } from '../lib/http';
import { approvalRulesContract } from './contract';

/** A checked input as a stored rule's fields: every id the organization's own, some approver possible. */
async function checkedFields(orgId: string, input: ApprovalRuleInput) {
  await ownReferenceLists(orgId, input);
  assertRuleCanComplete(input, await listMembers(orgId));
  return {
    name: input.name,
    minAmount: input.minAmount ?? null,
    propertyIds: input.propertyIds ?? [],
    vendorIds: input.vendorIds ?? [],
    categoryIds: input.categoryIds ?? [],
    newVendor: input.newVendor ?? false,
    insuranceLapsed: input.insuranceLapsed ?? false,
    blockApproval: input.blockApproval ?? false,
    approvalsRequired: input.approvalsRequired,
    approverRole: input.approverRole ?? null,
    approverIds: input.approverIds ?? [],
  };
}

/** Stores `rule` at `position` among the others, writing only the rules whose item changes. */
async function place(orgId: string, rules: ApprovalRule[], rule: ApprovalRule, position?: number) {
  const next = placed(rules, rule, position);
  const isNew = !rules.some((r) => r.id === rule.id);
  await writeApprovalRules(
    orgId,
    next.filter((r) => !rules.includes(r)),
    isNew ? { created: rule.id } : {},
  );
  return next.find((r) => r.id === rule.id) as ApprovalRule;
}

const ruleOf = async (request: IdRequest) => {
  const { orgId } = request.principal();
  const id = request.params.id;
  const rules = await listApprovalRules(orgId);
  const rule = rules.find((r) => r.id === id);
  if (!rule) throw notFound('Approval rule');
  return { orgId, rules, rule };
};

/**
 * The organization's approval rules (administrators only, functions/api/lib/rights.ts): an ordered list,
 * the first rule an invoice meets deciding its approval steps (functions/core/approvals/steps.ts).
 */
export const handler = resourceHandler(approvalRulesContract, {
  'GET /api/organization/approval-rules': async (request) => {
    const items = await listApprovalRules(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/organization/approval-rules': async (request) => {
    const { orgId } = request.principal();
    const input = request.body;
    const rules = await listApprovalRules(orgId);
    if (rules.length >= MAX_APPROVAL_RULES)
      throw conflict(
        'too_many_rules',
        `An organization can have at most ${MAX_APPROVAL_RULES} approval rules`,
      );
    const now = nowIso();
    const rule: ApprovalRule = {
      id: ulid(),
      ...(await checkedFields(orgId, input)),
      position: rules.length,
      createdAt: now,
      updatedAt: now,
    };
    return await place(orgId, rules, rule, input.position);
  },

  'PUT /api/organization/approval-rules/{id}': async (request) => {
    const { orgId, rules, rule } = await ruleOf(request);
    const input = request.body;
    const changed: ApprovalRule = { ...rule, ...(await checkedFields(orgId, input)), updatedAt: nowIso() };
    return place(orgId, rules, changed, input.position);
  },

  'DELETE /api/organization/approval-rules/{id}': async (request) => {
    const { orgId, rules, rule } = await ruleOf(request);
    const rest = rules.filter((r) => r.id !== rule.id);
    const renumbered = rest.map((r, index) => (r.position === index ? r : { ...r, position: index }));
    await writeApprovalRules(
      orgId,
      renumbered.filter((r) => !rest.includes(r)),
      { removed: rule.id },
    );
    return { status: 204 };
  },
});
