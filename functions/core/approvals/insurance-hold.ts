import type { ApprovalSteps } from '../../../shared/schemas';
import { conflict } from '../errors/app-error';
import type { InvoiceItem } from '../invoices/invoice';
import { ports } from '../ports';
import { insuranceLapse, isoToday } from '../vendors/insurance';

/**
 * The approval rules' insurance condition: an invoice whose vendor has no certificate in force (on the
 * invoice's date or today) meets it, and a rule that blocks approval refuses every approval until one is.
 */

/** Why the invoice's vendor is not insured for it, or null when it is (core/vendors/insurance.ts). */
export async function vendorInsuranceLapse(
  invoice: Pick<InvoiceItem, 'orgId' | 'vendorId' | 'vendorName' | 'invoiceDate'>,
  now = new Date(),
): Promise<string | null> {
  const dates = { invoiceDate: invoice.invoiceDate, today: isoToday(now) };
  const vendor = invoice.vendorId ? await ports().findVendor(invoice.orgId, invoice.vendorId) : undefined;
  // An invoice linked to no vendor has no certificate anyone checked: it is held (fails closed).
  if (!vendor) return insuranceLapse(invoice.vendorName ?? 'The vendor', [], dates);
  const certificates = await ports().listVendorCertificates(invoice.orgId, vendor.id);
  return insuranceLapse(vendor.name, certificates, dates);
}

/**
 * Refuses (409) an approval while the rule that applied blocks it and the vendor's insurance is still
 * lapsed; checked afresh each time, so adding a current certificate lets the approval through.
 */
export async function assertInsuranceAllowsApproval(
  invoice: InvoiceItem,
  steps: ApprovalSteps,
  now = new Date(),
): Promise<void> {
  if (!steps.insuranceHold?.blocksApproval) return;
  const lapse = await vendorInsuranceLapse(invoice, now);
  if (lapse) throw conflict('insurance_lapsed', `${lapse}: add a current certificate before approving`);
}
