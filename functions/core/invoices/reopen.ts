import { approvalStepsFor, approversNotice } from '../approvals/routing';
import { invoiceEventEffect } from '../outbox/effects';
import { ports } from '../ports';
import { forgetApprovedInvoice } from '../vendors/learn-layout';
import type { Actor } from './audit';
import { saveInvoice } from './commit';
import type { InvoiceItem } from './invoice';
import { assertTransition } from './transitions';

/**
 * Taking back an approval. An approved invoice is final for editing, so a mistake found after approval
 * (a wrong amount, a bill booked twice) is either reopened for review or voided. Both are published, so
 * the integrations can reverse what they booked on the approval.
 */

/** The review reason a reopened invoice shows: who reopened it and why is in History. */
export const reopenedReason = (reason: string) => `Reopened after approval: ${reason}`;

/** The rejection reason a voided invoice shows. */
export const voidedReason = (reason: string) => `Voided: ${reason}`;

/**
 * Reopens an APPROVED invoice (POST /api/invoices/{id}/reopen): it is REVIEW_REQUIRED again with the
 * reason as a review reason, its approvals are cleared (it meets the organization's rules again as they
 * are now, and needs every approval again), the approvers are told, and `invoice.reopened` is published.
 */
export async function reopenInvoice(before: InvoiceItem, reason: string, actor: Actor): Promise<InvoiceItem> {
  assertTransition('reopen', before.status);
  const approvalSteps = await approvalStepsFor({ ...before, status: 'REVIEW_REQUIRED' });
  const changes: Partial<InvoiceItem> = {
    status: 'REVIEW_REQUIRED',
    autoApproved: false,
    reviewReasons: [reopenedReason(reason), ...(before.reviewReasons ?? [])],
    approvalSteps,
    // Paid or not is decided again once it is approved again.
    paidOn: null,
  };
  const after = await saveInvoice(
    before,
    changes,
    { type: 'reopened', ...actor, note: reason },
    // In the reopen's own transaction: the bill its approval booked is always taken back (see the sync),
    // and the approvers always hear of it.
    {
      outbox: [
        invoiceEventEffect(before.id, 'invoice.reopened'),
        ...(await approversNotice({ ...before, ...changes })),
      ],
    },
  );
  await forgetInHistory(after);
  return after;
}

/** A taken-back approval leaves the vendor's history (never failing the reopen or the void). */
async function forgetInHistory(invoice: InvoiceItem): Promise<void> {
  await forgetApprovedInvoice(invoice).catch((error: unknown) =>
    ports().logError('Taking the approval out of the vendor history failed', error, {
      invoiceId: invoice.id,
    }),
  );
}

/**
 * Voids an APPROVED invoice (POST /api/invoices/{id}/void): there is no VOIDED status, so it becomes
 * REJECTED with the rejection reason 'Voided: {reason}' and a `voided` audit event, and
 * `invoice.voided` is published. Its spend leaves the analytics, as a rejected invoice's does.
 */
export async function voidInvoice(before: InvoiceItem, reason: string, actor: Actor): Promise<InvoiceItem> {
  assertTransition('void', before.status);
  const after = await saveInvoice(
    before,
    // A voided invoice is no payable: it keeps no paid date (nor counts in the 1099).
    { status: 'REJECTED', rejectionReason: voidedReason(reason), paidOn: null },
    { type: 'voided', ...actor, note: reason },
    { outbox: [invoiceEventEffect(before.id, 'invoice.voided')] },
  );
  await forgetInHistory(after);
  return after;
}
