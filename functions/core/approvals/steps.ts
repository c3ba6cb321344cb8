import type { ApprovalRule, ApprovalSteps, ApproverRole, Role } from '../../../shared/schemas';
import { AppError, badInput, forbidden } from '../errors/app-error';

/**
 * Approval routing, as pure functions: which rule an invoice meets, the steps it then needs, whether a
 * person may approve, and what their approval leaves to do. The adapters store rules and steps; the
 * services call these.
 */

/** What a rule's conditions look at. */
export interface InvoiceFacts {
  totalAmount: number | null;
  /** The invoice's currency, and the organization's default, in which rules' minAmount are written. */
  currency: string;
  ruleCurrency: string;
  propertyId: string | null;
  vendorId: string | null;
  categoryId: string | null;
  /** The vendor is unmatched or still a suggestion nobody approved. */
  newVendor: boolean;
  /**
   * Why the vendor's insurance does not cover the invoice (no certificate in force on its date or today),
   * or null when it does; absent when no rule asks (core/approvals/insurance-hold.ts).
   */
  insuranceLapse?: string | null;
}

export interface Person {
  id: string;
  role: Role;
}

/**
 * What approvers approve: the amounts, who bills, what it is for and where it is coded. An edit of any of
 * these after the steps were set takes back the approvals given and meets the rules again (raising an
 * amount past a threshold must not keep the single approval of the smaller amount).
 */
export const APPROVED_FIELDS = [
  'totalAmount',
  'subtotal',
  'taxAmount',
  'currency',
  'vendorId',
  'vendorName',
  'propertyId',
  'categoryId',
  'allocations',
  'lineAllocations',
] as const;

/** Whether an edit changes what the approvers approve (values compared as JSON). */
export function changesApprovedFields(before: object, changes: object): boolean {
  const was = before as Record<string, unknown>;
  const now = changes as Record<string, unknown>;
  return APPROVED_FIELDS.some(
    (field) => field in now && JSON.stringify(now[field] ?? null) !== JSON.stringify(was[field] ?? null),
  );
}

export const DEFAULT_RULE_NAME = 'Default: one approval by an approver';

/**
 * Whether an invoice reaches a rule's amount. The amount is written in the organization's currency; an
 * invoice in another currency cannot be compared without a rate we do not have, so it is held to the
 * threshold (fails closed): 12,000 EUR must not slip under a 10,000 USD control as a small invoice.
 */
function reaches(rule: ApprovalRule, invoice: InvoiceFacts): boolean {
  if (rule.minAmount === null) return true;
  if (invoice.currency.toUpperCase() !== invoice.ruleCurrency.toUpperCase()) return true;
  // A credit note moves as much money as a bill of its size: it is held to the rule by its size.
  return invoice.totalAmount !== null && Math.abs(invoice.totalAmount) >= rule.minAmount;
}

/** Whether an invoice meets every condition a rule sets (a rule with none is met by every invoice). */
export function meets(rule: ApprovalRule, invoice: InvoiceFacts): boolean {
  const within = (list: string[], id: string | null) =>
    list.length === 0 || (id !== null && list.includes(id));
  return (
    reaches(rule, invoice) &&
    within(rule.propertyIds, invoice.propertyId) &&
    within(rule.vendorIds, invoice.vendorId) &&
    within(rule.categoryIds, invoice.categoryId) &&
    (!rule.newVendor || invoice.newVendor) &&
    (!rule.insuranceLapsed || Boolean(invoice.insuranceLapse))
  );
}

/** The default when no rule is met: one approval by an approver (or administrator). */
export const defaultSteps = (): ApprovalSteps => ({
  ruleId: null,
  ruleName: DEFAULT_RULE_NAME,
  required: 1,
  approverRole: 'APPROVER',
  approverIds: [],
  separationOfDuties: false,
  approvals: [],
});

/** The steps an invoice needs under the first rule it meets (rules in their order), or the default. */
export function stepsFor(rules: readonly ApprovalRule[], invoice: InvoiceFacts): ApprovalSteps {
  const rule = [...rules].sort((a, b) => a.position - b.position).find((r) => meets(r, invoice));
  if (!rule) return defaultSteps();
  return {
    ruleId: rule.id,
    ruleName: rule.name,
    required: rule.approvalsRequired,
    approverRole: rule.approverRole,
    approverIds: rule.approverIds,
    separationOfDuties: rule.minAmount !== null,
    approvals: [],
    // Only a rule on lapsed insurance says so on the invoice (and may block its approval).
    ...(rule.insuranceLapsed && invoice.insuranceLapse
      ? { insuranceHold: { reason: invoice.insuranceLapse, blocksApproval: rule.blockApproval } }
      : {}),
  };
}

/** Roles that hold an approver role: administrators may do whatever approvers may. */
const HOLDERS: Record<ApproverRole, readonly Role[]> = { APPROVER: ['APPROVER', 'ADMIN'], ADMIN: ['ADMIN'] };

/**
 * Whether a person is one of the steps' approvers: named, or holding the role. Naming nobody and no
 * role means any approver. Only approvers and administrators approve at all, whatever a rule names.
 */
export function isApproverOf(
  steps: Pick<ApprovalSteps, 'approverRole' | 'approverIds'>,
  person: Person,
): boolean {
  if (!HOLDERS.APPROVER.includes(person.role)) return false;
  if (steps.approverIds.includes(person.id)) return true;
  if (steps.approverRole) return HOLDERS[steps.approverRole].includes(person.role);
  return steps.approverIds.length === 0;
}

export const NOT_AN_APPROVER = 'You are not an approver for this invoice';

/**
 * Refuses a person who may not give the invoice's next approval: not one of its approvers (403), its
 * uploader where separation of duties applies (403), or someone who already approved it (409).
 */
export function assertMayApprove(steps: ApprovalSteps, person: Person, uploadedBy: string | null): void {
  if (!isApproverOf(steps, person)) throw forbidden(NOT_AN_APPROVER);
  if (steps.separationOfDuties && uploadedBy === person.id)
    throw forbidden('You uploaded this invoice, so someone else must approve it');
  if (steps.approvals.some((a) => a.userId === person.id))
    throw new AppError('conflict', 'already_approved', 'You have already approved this invoice');
}

/** Whether the invoice waits for this person: they may give one of its approvals still missing. */
export function waitsFor(steps: ApprovalSteps, person: Person, uploadedBy: string | null): boolean {
  if (steps.approvals.length >= steps.required) return false;
  try {
    assertMayApprove(steps, person, uploadedBy);
    return true;
  } catch {
    return false;
  }
}

/** How many approvals are still missing. */
export const remaining = (steps: ApprovalSteps) => Math.max(0, steps.required - steps.approvals.length);

/**
 * Refuses (400) a rule no invoice could ever complete: a named person who is not a member of the
 * organization or cannot approve, or fewer possible approvers than the approvals it requires.
 */
export function assertRuleCanComplete(
  rule: {
    approvalsRequired: number;
    approverRole?: ApproverRole | null;
    approverIds?: string[];
    insuranceLapsed?: boolean;
    blockApproval?: boolean;
  },
  members: readonly Person[],
): void {
  if (rule.blockApproval && !rule.insuranceLapsed)
    throw refusedRule('blockApproval', 'Only a rule on lapsed vendor insurance can block approval');
  const steps = { approverRole: rule.approverRole ?? null, approverIds: rule.approverIds ?? [] };
  for (const id of steps.approverIds) {
    const member = members.find((m) => m.id === id);
    if (!member)
      throw refusedRule('approverIds', 'An approver named in the rule is not a member of your organization');
    if (!HOLDERS.APPROVER.includes(member.role))
      throw refusedRule(
        'approverIds',
        'An approver named in the rule cannot approve invoices (give them the Approver or Admin role)',
      );
  }
  const possible = members.filter((m) => isApproverOf(steps, m)).length;
  if (possible < rule.approvalsRequired) {
    throw refusedRule(
      'approvalsRequired',
      `This rule needs ${rule.approvalsRequired} approvals but only ${possible} ${possible === 1 ? 'person' : 'people'} can approve under it`,
    );
  }
}

const refusedRule = (path: string, message: string) => badInput(message, [{ path, message }]);

/** The most rules an organization keeps (all are rewritten in one transaction when the order changes). */
export const MAX_APPROVAL_RULES = 50;

/**
 * The rules with `rule` at `position` (0 first; absent: where it was, or last when new), numbered 0, 1, 2…
 * in order.
 */
export function placed(
  rules: readonly ApprovalRule[],
  rule: ApprovalRule,
  position?: number,
): ApprovalRule[] {
  const others = rules.filter((r) => r.id !== rule.id);
  const current = rules.findIndex((r) => r.id === rule.id);
  const at = Math.min(position ?? (current === -1 ? others.length : current), others.length);
  others.splice(at, 0, rule);
  return others.map((r, index) => (r.position === index ? r : { ...r, position: index }));
}
