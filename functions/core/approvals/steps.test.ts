import { describe, expect, it } from 'vitest';
import type { ApprovalRule } from '../../../shared/schemas';
import { approvalRuleFixture } from '../../../shared/schemas/approval-rule.fixture';
import {
  assertMayApprove,
  assertRuleCanComplete,
  changesApprovedFields,
  DEFAULT_RULE_NAME,
  type InvoiceFacts,
  placed,
  remaining,
  stepsFor,
  waitsFor,
} from './steps';

const rule = approvalRuleFixture;

const invoice = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  totalAmount: 100,
  currency: 'USD',
  ruleCurrency: 'USD',
  propertyId: 'P1',
  vendorId: 'V1',
  categoryId: 'C1',
  newVendor: false,
  ...over,
});

const admin = { id: 'a', role: 'ADMIN' as const };
const approver = { id: 'b', role: 'APPROVER' as const };
const approver2 = { id: 'c', role: 'APPROVER' as const };
const member = { id: 'm', role: 'MEMBER' as const };
const viewer = { id: 'v', role: 'VIEWER' as const };

describe('stepsFor', () => {
  const threshold = rule({ id: 'BIG', name: 'Big', minAmount: 10_000, approvalsRequired: 2, position: 1 });
  const boiler = rule({ id: 'PROP', name: 'Tower', propertyIds: ['P9'], approverRole: 'ADMIN', position: 0 });

  it('takes the first rule (by position) the invoice meets, with separation of duties under an amount', () => {
    const steps = stepsFor([threshold, boiler], invoice({ totalAmount: 12_000, propertyId: 'P9' }));
    expect(steps).toMatchObject({
      ruleId: 'PROP',
      required: 1,
      approverRole: 'ADMIN',
      separationOfDuties: false,
    });
    expect(stepsFor([threshold, boiler], invoice({ totalAmount: 12_000 }))).toMatchObject({
      ruleId: 'BIG',
      ruleName: 'Big',
      required: 2,
      separationOfDuties: true,
      approvals: [],
    });
  });

  it('holds a credit note to an amount rule by its size', () => {
    expect(stepsFor([threshold], invoice({ totalAmount: -12_000 }))).toMatchObject({ ruleId: 'BIG' });
    expect(stepsFor([threshold], invoice({ totalAmount: -9_999.99 }))).toMatchObject({ ruleId: null });
  });

  it('falls back to one approval by an approver when no rule is met', () => {
    expect(stepsFor([threshold], invoice({ totalAmount: 9_999.99 }))).toEqual({
      ruleId: null,
      ruleName: DEFAULT_RULE_NAME,
      required: 1,
      approverRole: 'APPROVER',
      approverIds: [],
      separationOfDuties: false,
      approvals: [],
    });
    // An unknown total never meets an amount condition.
    expect(stepsFor([threshold], invoice({ totalAmount: null })).ruleId).toBeNull();
  });

  it('holds an invoice in another currency than the rules’ to the amount condition, whatever its figure', () => {
    // No exchange rate is known here, so 500 EUR and 12,000 EUR alike go to the stricter rule.
    for (const totalAmount of [500, 12_000])
      expect(stepsFor([threshold], invoice({ totalAmount, currency: 'EUR' })).ruleId).toBe('BIG');
    // The same currency written in another case is the same currency.
    expect(stepsFor([threshold], invoice({ totalAmount: 500, currency: 'usd' })).ruleId).toBeNull();
  });

  it('meets vendor, category and new-vendor conditions only when they hold', () => {
    const rules = [
      rule({ id: 'NEW', newVendor: true, position: 0 }),
      rule({ id: 'VEN', vendorIds: ['V2'], categoryIds: ['C2'], position: 1 }),
    ];
    expect(stepsFor(rules, invoice({ newVendor: true })).ruleId).toBe('NEW');
    expect(stepsFor(rules, invoice({ vendorId: 'V2', categoryId: 'C2' })).ruleId).toBe('VEN');
    expect(stepsFor(rules, invoice({ vendorId: 'V2', categoryId: 'C1' })).ruleId).toBeNull();
    expect(stepsFor(rules, invoice({ vendorId: null, categoryId: 'C2' })).ruleId).toBeNull();
  });
});

describe('who may approve', () => {
  const defaults = stepsFor([], invoice());

  it('by default: approvers and administrators, never members or viewers', () => {
    expect(() => assertMayApprove(defaults, approver, null)).not.toThrow();
    expect(() => assertMayApprove(defaults, admin, null)).not.toThrow();
    for (const person of [member, viewer])
      expect(() => assertMayApprove(defaults, person, null)).toThrow(
        'You are not an approver for this invoice',
      );
  });

  it('named people, or holders of the role (ADMIN excludes approvers)', () => {
    const named = { ...defaults, approverRole: null, approverIds: ['c'] };
    expect(() => assertMayApprove(named, approver2, null)).not.toThrow();
    expect(() => assertMayApprove(named, approver, null)).toThrow('You are not an approver for this invoice');
    expect(() => assertMayApprove(named, admin, null)).toThrow('You are not an approver for this invoice');
    const admins = { ...defaults, approverRole: 'ADMIN' as const };
    expect(() => assertMayApprove(admins, approver, null)).toThrow(
      'You are not an approver for this invoice',
    );
    expect(() => assertMayApprove(admins, admin, null)).not.toThrow();
  });

  it('refuses the uploader under separation of duties (403) and a second approval by the same person (409)', () => {
    const big = { ...stepsFor([rule({ minAmount: 1, approvalsRequired: 2 })], invoice()) };
    expect(() => assertMayApprove(big, approver, approver.id)).toThrow(
      'You uploaded this invoice, so someone else must approve it',
    );
    expect(() => assertMayApprove(defaults, approver, approver.id)).not.toThrow();
    const once = {
      ...big,
      approvals: [{ userId: 'b', name: 'B', at: '2026-01-01T00:00:00.000Z', comment: null }],
    };
    expect(() => assertMayApprove(once, approver, null)).toThrow('You have already approved this invoice');
    expect(remaining(once)).toBe(1);
    expect(waitsFor(once, approver, null)).toBe(false);
    expect(waitsFor(once, approver2, null)).toBe(true);
    expect(waitsFor(once, approver2, approver2.id)).toBe(false);
    expect(waitsFor({ ...once, required: 1 }, approver2, null)).toBe(false);
  });
});

describe('assertRuleCanComplete', () => {
  const team = [admin, approver, member, viewer];

  it('refuses people outside the organization or who cannot approve, naming the field', () => {
    expect(() => assertRuleCanComplete({ approvalsRequired: 1, approverIds: ['ghost'] }, team)).toThrow(
      'An approver named in the rule is not a member of your organization',
    );
    expect(() => assertRuleCanComplete({ approvalsRequired: 1, approverIds: ['m'] }, team)).toThrow(
      'An approver named in the rule cannot approve invoices (give them the Approver or Admin role)',
    );
  });

  it('refuses more required approvals than possible approvers', () => {
    expect(() => assertRuleCanComplete({ approvalsRequired: 2, approverRole: 'ADMIN' }, team)).toThrow(
      'This rule needs 2 approvals but only 1 person can approve under it',
    );
    expect(() => assertRuleCanComplete({ approvalsRequired: 2, approverIds: ['b'] }, team)).toThrow(
      'This rule needs 2 approvals but only 1 person can approve under it',
    );
    expect(() => assertRuleCanComplete({ approvalsRequired: 2 }, team)).not.toThrow();
    expect(() =>
      assertRuleCanComplete({ approvalsRequired: 2, approverRole: 'ADMIN', approverIds: ['b'] }, team),
    ).not.toThrow();
  });
});

describe('changesApprovedFields', () => {
  const before = { totalAmount: 500, vendorName: 'Acme', notes: null, allocations: [] };
  it('is true when an amount, the vendor or the coding changes, and only then', () => {
    expect(changesApprovedFields(before, { totalAmount: 12_000 })).toBe(true);
    expect(changesApprovedFields(before, { vendorName: 'Acme Roofing' })).toBe(true);
    expect(changesApprovedFields(before, { allocations: [{ propertyId: 'P1', amount: 500 }] })).toBe(true);
    expect(changesApprovedFields(before, { totalAmount: 500, notes: 'call first' })).toBe(false);
    expect(changesApprovedFields(before, { allocations: [] })).toBe(false);
  });
});

describe('placed', () => {
  const [a, b, c] = ['A', 'B', 'C'].map((id, position) => rule({ id, position }));
  const order = (rules: ApprovalRule[]) => rules.map((r) => `${r.id}${r.position}`).join(' ');

  it('puts a new rule last or at its position, and moves an existing one, renumbering from 0', () => {
    const d = rule({ id: 'D', position: 99 });
    expect(order(placed([a, b, c], d))).toBe('A0 B1 C2 D3');
    expect(order(placed([a, b, c], d, 1))).toBe('A0 D1 B2 C3');
    expect(order(placed([a, b, c], { ...c, name: 'x' }, 0))).toBe('C0 A1 B2');
    expect(order(placed([a, b, c], { ...a, name: 'x' }))).toBe('A0 B1 C2');
    // Unmoved rules stay the very same objects, so only the changed ones are written.
    expect(placed([a, b, c], { ...c }, 2)[0]).toBe(a);
  });
});
