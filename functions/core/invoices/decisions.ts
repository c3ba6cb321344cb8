import { formatMoney } from '../../../shared/format';
import type { ApprovalSteps } from '../../../shared/schemas';
import { assertInsuranceAllowsApproval } from '../approvals/insurance-hold';
import { approvalStepsFor } from '../approvals/routing';
import { assertMayApprove, type Person, remaining } from '../approvals/steps';
import type { AppError } from '../errors/app-error';
import { type OrganizationItem, orgSettings } from '../organizations/organization';
import { invoiceEventEffect, notificationEffect, type OutboxEffect } from '../outbox/effects';
import { ports } from '../ports';
import { readSurely } from '../validation/validate';
import { approvedRunLines, learnLayoutOnApproval, recordApprovedInvoice } from '../vendors/learn-layout';
import type { Actor } from './audit';
import { saveInvoice } from './commit';
import { type InvoiceItem, invoiceLabel } from './invoice';
import { assertApprovable, assertTransition } from './transitions';

/** The decisions on an invoice: a person's approval (one step at a time), a rejection, auto-approval. */

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
  /**
   * `seen`: the approval is of `before` exactly, as the person saw it (a bulk approval of what they
   * selected); a change saved meanwhile fails it with `stale_version` instead of being tried again.
   */
  options: { seen?: boolean } = {},
): Promise<InvoiceItem> {
  let invoice = before;
  for (let attempt = 1; ; attempt++) {
    try {
      return await recordApproval(invoice, approver, comment);
    } catch (error) {
      const stale = (error as AppError).code === 'stale_version';
      if (!stale || options.seen || attempt >= MAX_ATTEMPTS) throw error;
      invoice = await ports().getInvoice(before.orgId, before.id);
    }
  }
}

async function recordApproval(invoice: InvoiceItem, approver: Approver, comment: string | null) {
  assertApprovable(invoice);
  // Invoices that waited before approval rules existed (or approved while still processing) get theirs now.
  const steps = invoice.approvalSteps ?? (await approvalStepsFor(invoice));
  assertMayApprove(steps, approver, invoice.uploadedBy);
  await assertInsuranceAllowsApproval(invoice, steps);
  const approvalSteps: ApprovalSteps = {
    ...steps,
    approvals: [
      ...steps.approvals,
      { userId: approver.id, name: approver.name, at: new Date().toISOString(), comment },
    ],
  };
  const actor: Actor = { actor: approver.id, actorName: approver.name };
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
 * A person approves an invoice (PROCESSED, REVIEW_REQUIRED, or still PROCESSING from the dialog),
 * never one whose file could not be read. Its vendor, if still a suggestion, becomes ACTIVE: a person
 * has now vouched for it, and the values approved teach the vendor's layout memory. The approval is
 * published (webhooks, integration sync). Both effects are outbox items of the approval's own
 * transaction: an approval is never saved without them.
 */
async function approveByPerson(
  before: InvoiceItem,
  actor: Actor,
  /** The invoice's approval steps with this last approval, and its comment (see approve). */
  last: { approvalSteps: InvoiceItem['approvalSteps']; note: string | null },
): Promise<InvoiceItem> {
  assertApprovable(before);
  const outbox: OutboxEffect[] = [invoiceEventEffect(before.id, 'invoice.approved')];
  if (before.vendorId) outbox.push({ kind: 'vendor_activation', vendorId: before.vendorId });
  const after = await saveInvoice(
    before,
    {
      status: 'APPROVED',
      autoApproved: false,
      processingStage: before.status === 'PROCESSING' ? 'DONE' : before.processingStage,
      approvalSteps: last.approvalSteps,
    },
    { type: 'approved', ...actor, note: last.note },
    { outbox },
  );
  // The person who approved sees the vendor ACTIVE at once; the outbox item makes it certain after a crash
  // (activating twice is harmless).
  if (after.vendorId) await ports().activateSuggestedVendor(after.orgId, after.vendorId);
  // What the person approved teaches the vendor's layout memory (core/vendors/memory.ts); learning never
  // fails the approval.
  const lines = await runLinesForLearning(after);
  await learnLayoutOnApproval(after, lines).catch((error: unknown) =>
    ports().logError('Learning the vendor layout from an approval failed', error, { invoiceId: after.id }),
  );
  await recordApprovedInvoice(after, lines).catch((error: unknown) =>
    ports().logError('Recording the approval in the vendor history failed', error, { invoiceId: after.id }),
  );
  return after;
}

/** The approved run's lines for the lessons of an approval; a failed read teaches nothing, never fails it. */
function runLinesForLearning(invoice: InvoiceItem) {
  return approvedRunLines(invoice).catch((error: unknown) => {
    ports().logError('Reading the approved invoice lines failed', error, { invoiceId: invoice.id });
    return undefined;
  });
}

/**
 * Why the organization's rule approves this invoice without a person, or null when it does not: the
 * rule is on, the invoice was PROCESSED (nothing to review) and is no suspected duplicate, every field
 * read is sure enough to go unchecked (`readSurely`), its total in the organization's currency is at
 * most the rule's amount and not a credit, and its vendor is a known (ACTIVE) one.
 */
export async function autoApprovalReason(
  invoice: InvoiceItem,
  org: Pick<OrganizationItem, 'defaultCurrency' | 'autoApprove'>,
): Promise<string | null> {
  const { autoApprove, defaultCurrency } = orgSettings(org);
  if (!autoApprove.enabled || autoApprove.maxAmount === null) return null;
  if (invoice.status !== 'PROCESSED' || invoice.duplicateOf || invoice.readFailure) return null;
  if (!readSurely(invoice, invoice.fieldConfidence)) return null;
  // A credit note (negative total) is money owed back: a person decides what to do with it.
  if (invoice.totalAmount === null || invoice.totalAmount < 0 || invoice.totalAmount > autoApprove.maxAmount)
    return null;
  if ((invoice.currency ?? defaultCurrency) !== defaultCurrency || !invoice.vendorId) return null;
  const vendor = await ports().findVendor(invoice.orgId, invoice.vendorId);
  if (vendor?.status !== 'ACTIVE') return null;
  return `Approved automatically: ${formatMoney(invoice.totalAmount, defaultCurrency)} is at most ${formatMoney(autoApprove.maxAmount, defaultCurrency)} and ${vendor.name} is a known vendor`;
}

/** Applies the organization's auto-approval rule to a just-processed invoice; audited as `auto_approved`. */
export async function autoApproveIfAllowed(
  invoice: InvoiceItem,
  org: Pick<OrganizationItem, 'defaultCurrency' | 'autoApprove'>,
): Promise<InvoiceItem | null> {
  const reason = await autoApprovalReason(invoice, org);
  if (!reason) return null;
  const after = await saveInvoice(
    invoice,
    { status: 'APPROVED', autoApproved: true },
    { type: 'auto_approved', actor: 'system', actorName: 'Auto-approval', note: reason },
    {
      outbox: [
        notificationEffect({
          kind: 'approved',
          invoiceId: invoice.id,
          message: `${invoiceLabel(invoice)} was approved automatically`,
        }),
        invoiceEventEffect(invoice.id, 'invoice.approved'),
      ],
    },
  );
  await recordApprovedInvoice(after, await runLinesForLearning(after)).catch((error: unknown) =>
    ports().logError('Recording the approval in the vendor history failed', error, { invoiceId: after.id }),
  );
  return after;
}

/** A person rejects an invoice with a reason; the rejection is published (webhooks), in the same transaction. */
export async function reject(before: InvoiceItem, reason: string, actor: Actor): Promise<InvoiceItem> {
  assertTransition('reject', before.status);
  return saveInvoice(
    before,
    { status: 'REJECTED', rejectionReason: reason },
    { type: 'rejected', ...actor, note: reason },
    { outbox: [invoiceEventEffect(before.id, 'invoice.rejected')] },
  );
}
