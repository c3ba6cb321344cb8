import type { ApprovalSteps, Role } from '../../../shared/schemas';
import { listApprovalRules } from '../../adapters/dynamodb/approval-rules';
import { invoicesAwaitingDecision } from '../../adapters/dynamodb/invoice-listing';
import { getInvoice, saveInvoice } from '../../adapters/dynamodb/invoices';
import { addNotification } from '../../adapters/dynamodb/notifications';
import { listMembers } from '../../adapters/dynamodb/team';
import { findVendor } from '../../adapters/dynamodb/vendors';
import type { AppError } from '../errors/app-error';
import type { EventInput } from '../invoices/audit';
import { approveByPerson } from '../invoices/decisions';
import type { InvoiceItem } from '../invoices/invoice';
import { assertApprovable } from '../invoices/transitions';
import {
  assertMayApprove,
  defaultSteps,
  isApproverOf,
  type Person,
  remaining,
  stepsFor,
  waitsFor,
} from './steps';

/**
 * Approval steps on invoices: evaluated by the organization's rules when an invoice becomes ready for
 * approval and stored on it (so a later rule change leaves it alone), one approval recorded at a time,
 * and APPROVED (then synced) when the last one is given.
 */

/** The steps an invoice needs under the organization's rules as they are now. */
export async function approvalStepsFor(invoice: InvoiceItem): Promise<ApprovalSteps> {
  const [rules, vendor] = await Promise.all([
    listApprovalRules(invoice.orgId),
    invoice.vendorId ? findVendor(invoice.orgId, invoice.vendorId) : undefined,
  ]);
  return stepsFor(rules, {
    totalAmount: invoice.totalAmount,
    propertyId: invoice.propertyId,
    vendorId: invoice.vendorId,
    categoryId: invoice.categoryId,
    newVendor: !vendor || vendor.status === 'SUGGESTED',
  });
}

const labelOf = (invoice: InvoiceItem) =>
  invoice.invoiceNumber ? `Invoice ${invoice.invoiceNumber}` : invoice.filename;

/** Tells the people who may approve an invoice that it waits for them (the uploader excepted where it must be). */
export async function notifyApprovers(invoice: InvoiceItem): Promise<void> {
  const steps = invoice.approvalSteps;
  if (!steps || invoice.readFailure) return;
  const recipients = (await listMembers(invoice.orgId))
    .filter((m) => waitsFor(steps, m, invoice.uploadedBy))
    .map((m) => m.id);
  if (!recipients.length) return;
  await addNotification(invoice.orgId, {
    kind: 'approval_requested',
    invoiceId: invoice.id,
    message: `${labelOf(invoice)} is waiting for your approval`,
    recipients,
  });
}

export interface Approver extends Person {
  name: string | null;
}

/** How often an approval is retried when another decision on the same invoice was saved first. */
const MAX_ATTEMPTS = 3;

/**
 * Records one person's approval. The invoice becomes APPROVED (and is published, so it syncs) only with
 * its last required approval. Every write is conditional on the invoice's version: of two approvers
 * giving the last approval at once exactly one makes it APPROVED; the other's is tried again on the
 * invoice as it now is, and refused there (it is no longer waiting). Each approval is in the audit trail.
 */
export async function approve(
  before: InvoiceItem,
  approver: Approver,
  comment: string | null,
): Promise<InvoiceItem> {
  let invoice = before;
  for (let attempt = 1; ; attempt++) {
    try {
      return await recordApproval(invoice, approver, comment);
    } catch (error) {
      if ((error as AppError).code !== 'stale_version' || attempt >= MAX_ATTEMPTS) throw error;
      invoice = await getInvoice(before.orgId, before.id);
    }
  }
}

async function recordApproval(invoice: InvoiceItem, approver: Approver, comment: string | null) {
  assertApprovable(invoice);
  // Invoices that waited before approval rules existed (or approved while still processing) get theirs now.
  const steps = invoice.approvalSteps ?? (await approvalStepsFor(invoice));
  assertMayApprove(steps, approver, invoice.uploadedBy);
  const approvalSteps: ApprovalSteps = {
    ...steps,
    approvals: [
      ...steps.approvals,
      { userId: approver.id, name: approver.name, at: new Date().toISOString(), comment },
    ],
  };
  const actor: Pick<EventInput, 'actor' | 'actorName'> = { actor: approver.id, actorName: approver.name };
  const left = remaining(approvalSteps);
  if (left === 0) return approveByPerson(invoice, actor, { approvalSteps, note: comment });
  return saveInvoice(
    invoice,
    { approvalSteps },
    {
      type: 'approval_recorded',
      ...actor,
      note: [`Approval ${approvalSteps.approvals.length} of ${approvalSteps.required}`, comment]
        .filter(Boolean)
        .join(': '),
    },
  );
}

/**
 * The invoices waiting for this person's approval, newest first: waiting for a decision, with a step
 * they may give. One that waited before rules existed counts under the default (any approver).
 */
export async function invoicesWaitingFor(orgId: string, person: Person): Promise<InvoiceItem[]> {
  const defaults = defaultSteps();
  if (!isApproverOf(defaults, person)) return [];
  const waiting = await invoicesAwaitingDecision(orgId);
  return waiting.filter(
    (invoice) =>
      !invoice.readFailure && waitsFor(invoice.approvalSteps ?? defaults, person, invoice.uploadedBy),
  );
}

/** A signed-in person acts by their role; an API key with the approve scope counts as an approver. */
export const approverRoleOf = (principal: { kind: 'user' | 'apikey'; role: Role }): Role =>
  principal.kind === 'apikey' ? 'APPROVER' : principal.role;
