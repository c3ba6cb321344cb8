import { formatMoney } from '@shared/format';
import type { ApprovalRule } from '@shared/schemas/approvals';

interface Names {
  people: Map<string, string>;
  properties: Map<string, string>;
  vendors: Map<string, string>;
  categories: Map<string, string>;
  currency: string;
}

const named = (ids: string[], names: Map<string, string>) =>
  ids.map((id) => names.get(id) ?? 'removed').join(', ');

/** 'Amount ≥ $10,000.00 · property Maple Court', or 'Every invoice' for a rule without conditions. */
export function ruleConditions(rule: ApprovalRule, names: Names): string {
  const parts = [
    rule.minAmount !== null ? `Amount ≥ ${formatMoney(rule.minAmount, names.currency)}` : null,
    rule.propertyIds.length ? `property ${named(rule.propertyIds, names.properties)}` : null,
    rule.vendorIds.length ? `vendor ${named(rule.vendorIds, names.vendors)}` : null,
    rule.categoryIds.length ? `category ${named(rule.categoryIds, names.categories)}` : null,
    rule.newVendor ? 'new vendor' : null,
    rule.insuranceLapsed
      ? `vendor insurance missing or expired${rule.blockApproval ? ' (approval blocked)' : ''}`
      : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every invoice';
}

/** '2 approvals by approvers', '1 approval by Cal Tester or an admin'. */
export function ruleApprovers(rule: ApprovalRule, names: Pick<Names, 'people'>): string {
  const count = `${rule.approvalsRequired} approval${rule.approvalsRequired === 1 ? '' : 's'}`;
  const who = [
    rule.approverIds.length ? named(rule.approverIds, names.people) : null,
    rule.approverRole === 'ADMIN' ? 'an admin' : rule.approverRole === 'APPROVER' ? 'an approver' : null,
  ].filter(Boolean);
  return `${count} by ${who.length ? who.join(' or ') : 'an approver'}`;
}
