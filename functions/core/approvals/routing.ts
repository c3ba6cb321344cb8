import type { ApprovalSteps, Role } from '../../../shared/schemas';
import { type InvoiceItem, invoiceLabel } from '../invoices/invoice';
import { orgSettings } from '../organizations/organization';
import { notificationEffect, type OutboxEffect } from '../outbox/effects';
import { ports } from '../ports';
import { vendorInsuranceLapse } from './insurance-hold';
import { defaultSteps, isApproverOf, type Person, stepsFor, waitsFor } from './steps';

/**
 * Approval routing of invoices: the steps are evaluated by the organization's rules when an invoice
 * becomes ready for approval and stored on it (so a later rule change leaves it alone); the approvers
 * are told, and find it under 'Waiting for me'. Approvals are recorded by core/invoices/decisions.ts.
 */

/** The steps an invoice needs under the organization's rules as they are now. */
export async function approvalStepsFor(invoice: InvoiceItem): Promise<ApprovalSteps> {
  const [rules, vendor, ruleCurrency] = await Promise.all([
    ports().listApprovalRules(invoice.orgId),
    invoice.vendorId ? ports().findVendor(invoice.orgId, invoice.vendorId) : undefined,
    ports()
      .getOrganization(invoice.orgId)
      .then((org) => orgSettings(org).defaultCurrency),
  ]);
  // The certificates are read only when a rule looks at them.
  const insuranceLapse = rules.some((rule) => rule.insuranceLapsed)
    ? await vendorInsuranceLapse(invoice)
    : null;
  return stepsFor(rules, {
    totalAmount: invoice.totalAmount,
    currency: invoice.currency ?? ruleCurrency,
    ruleCurrency,
    propertyId: invoice.propertyId,
    vendorId: invoice.vendorId,
    categoryId: invoice.categoryId,
    newVendor: !vendor || vendor.status === 'SUGGESTED',
    insuranceLapse,
  });
}

/**
 * The notice telling the people who may approve an invoice that it waits for them (the uploader excepted
 * where it must be), as an outbox effect for the transaction that makes it wait: none when nobody is to
 * be told. The relay writes it under the outbox item's id, so a second delivery tells nobody twice.
 */
export async function approversNotice(invoice: InvoiceItem): Promise<OutboxEffect[]> {
  const steps = invoice.approvalSteps;
  if (!steps || invoice.readFailure) return [];
  const recipients = (await ports().listMembers(invoice.orgId))
    .filter((m) => waitsFor(steps, m, invoice.uploadedBy))
    .map((m) => m.id);
  if (!recipients.length) return [];
  return [
    notificationEffect({
      kind: 'approval_requested',
      invoiceId: invoice.id,
      message: `${invoiceLabel(invoice)} is waiting for your approval`,
      recipients,
    }),
  ];
}

/**
 * The invoices waiting for this person's approval, newest first: waiting for a decision, with a step
 * they may give. One that waited before rules existed counts under the default (any approver).
 */
export async function invoicesWaitingFor(orgId: string, person: Person): Promise<InvoiceItem[]> {
  const defaults = defaultSteps();
  if (!isApproverOf(defaults, person)) return [];
  const waiting = await ports().invoicesAwaitingDecision(orgId);
  return waiting.filter(
    (invoice) =>
      !invoice.readFailure && waitsFor(invoice.approvalSteps ?? defaults, person, invoice.uploadedBy),
  );
}

/** A signed-in person acts by their role; an API key with the approve scope counts as an approver. */
export const approverRoleOf = (principal: { kind: 'user' | 'apikey'; role: Role }): Role =>
  principal.kind === 'apikey' ? 'APPROVER' : principal.role;
