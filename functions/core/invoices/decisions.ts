import { formatMoney } from '../../../shared/format';
import { saveInvoice } from '../../adapters/dynamodb/invoices';
import { addNotification } from '../../adapters/dynamodb/notifications';
import { type OrganizationItem, orgSettings } from '../../adapters/dynamodb/organizations';
import { activateSuggestedVendor, findVendor } from '../../adapters/dynamodb/vendors';
import { publishInvoiceEvent } from '../../adapters/sqs/invoice-events';
import type { EventInput } from './audit';
import type { InvoiceItem } from './invoice';
import { assertApprovable } from './transitions';

/**
 * A person approves an invoice (PROCESSED, REVIEW_REQUIRED, or still PROCESSING from the dialog),
 * never one whose file could not be read. Its vendor, if still a suggestion, becomes ACTIVE: a person
 * has now vouched for it. Then the approval is published (webhooks, integration sync).
 */
export async function approveByPerson(
  before: InvoiceItem,
  actor: Pick<EventInput, 'actor' | 'actorName'>,
  /** The invoice's approval steps with this last approval, and its comment (services/approvals.ts). */
  last: { approvalSteps: InvoiceItem['approvalSteps']; note: string | null },
): Promise<InvoiceItem> {
  assertApprovable(before);
  const after = await saveInvoice(
    before,
    {
      status: 'APPROVED',
      autoApproved: false,
      processingStage: before.status === 'PROCESSING' ? 'DONE' : before.processingStage,
      approvalSteps: last.approvalSteps,
    },
    { type: 'approved', ...actor, note: last.note },
  );
  if (after.vendorId) await activateSuggestedVendor(after.orgId, after.vendorId);
  await publishInvoiceEvent(after.orgId, after.id, 'invoice.approved');
  return after;
}

/**
 * Why the organization's rule approves this invoice without a person, or null when it does not: the
 * rule is on, the invoice was PROCESSED (nothing to review) and is no suspected duplicate, its total
 * in the organization's currency is at most the rule's amount, and its vendor is a known (ACTIVE) one.
 */
export async function autoApprovalReason(
  invoice: InvoiceItem,
  org: Pick<OrganizationItem, 'defaultCurrency' | 'autoApprove'>,
): Promise<string | null> {
  const { autoApprove, defaultCurrency } = orgSettings(org);
  if (!autoApprove.enabled || autoApprove.maxAmount === null) return null;
  if (invoice.status !== 'PROCESSED' || invoice.duplicateOf || invoice.readFailure) return null;
  if (invoice.totalAmount === null || invoice.totalAmount > autoApprove.maxAmount) return null;
  if ((invoice.currency ?? defaultCurrency) !== defaultCurrency || !invoice.vendorId) return null;
  const vendor = await findVendor(invoice.orgId, invoice.vendorId);
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
  );
  await addNotification(after.orgId, {
    kind: 'approved',
    invoiceId: after.id,
    message: `${after.invoiceNumber ? `Invoice ${after.invoiceNumber}` : after.filename} was approved automatically`,
  });
  await publishInvoiceEvent(after.orgId, after.id, 'invoice.approved');
  return after;
}
