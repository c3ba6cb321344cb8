import { FORM_1099_THRESHOLD, type Form1099Report, type Form1099Row } from '../../../shared/schemas';
import type { InvoiceItem } from '../invoices/invoice';
import { orgSettings } from '../organizations/organization';
import { ports } from '../ports';
import { clearTin, taxIdentityView } from './tax-identity';
import type { VendorItem } from './vendor';

/**
 * The 1099 report: per vendor flagged for a 1099, what the organization paid it in a calendar year (its
 * APPROVED invoices marked paid in the year, credit notes subtracting), and whether that reaches the $600
 * a 1099 is filed for. A 1099 reports payments, so the year is the paid date's, not the invoice's.
 */

type CountedInvoice = Pick<InvoiceItem, 'status' | 'vendorId' | 'paidOn' | 'totalAmount' | 'currency'>;

/**
 * The rows of the report for `year`. An invoice counts when it is APPROVED, linked to the vendor, paid
 * in the year (core/invoices/payment), with a total, in the organization's currency (the 1099 is in dollars; no exchange rate is
 * applied to another currency). Sums are in cents, so a year of invoices adds up exactly.
 */
export function form1099Rows(
  vendors: readonly VendorItem[],
  invoices: readonly CountedInvoice[],
  year: number,
  currency: string,
): Form1099Row[] {
  const sums = new Map<string, { cents: number; count: number }>();
  for (const invoice of invoices) {
    if (invoice.status !== 'APPROVED' || !invoice.vendorId || invoice.totalAmount === null) continue;
    if (!invoice.paidOn?.startsWith(`${year}-`)) continue;
    if ((invoice.currency ?? currency).toUpperCase() !== currency.toUpperCase()) continue;
    const sum = sums.get(invoice.vendorId) ?? { cents: 0, count: 0 };
    sum.cents += Math.round(invoice.totalAmount * 100);
    sum.count += 1;
    sums.set(invoice.vendorId, sum);
  }
  return vendors
    .filter((vendor) => vendor.taxIdentity?.reports1099)
    .map((vendor) => {
      const identity = taxIdentityView(vendor.taxIdentity);
      const sum = sums.get(vendor.id) ?? { cents: 0, count: 0 };
      return {
        vendorId: vendor.id,
        vendorName: vendor.name,
        legalName: identity?.legalName ?? null,
        tinType: identity?.tinMasked ? identity.tinType : null,
        tinMasked: identity?.tinMasked ?? null,
        address: vendor.address,
        form1099Box: identity?.form1099Box ?? 'NEC',
        amount: sum.cents / 100,
        invoiceCount: sum.count,
        reachesThreshold: sum.cents >= FORM_1099_THRESHOLD * 100,
      };
    })
    .sort((a, b) => (a.legalName ?? a.vendorName).localeCompare(b.legalName ?? b.vendorName));
}

/** The organization's 1099 report for `year`, from its vendors and its approved, paid invoices. */
export async function form1099Report(orgId: string, year: number): Promise<Form1099Report> {
  const [vendors, invoices, organization] = await Promise.all([
    ports().listAllVendors(orgId),
    ports().approvedInvoices(orgId),
    ports().getOrganization(orgId),
  ]);
  const currency = orgSettings(organization).defaultCurrency;
  return {
    year,
    currency,
    threshold: FORM_1099_THRESHOLD,
    rows: form1099Rows(vendors, invoices, year, currency),
  };
}

/**
 * The full TIN of each row's vendor, formatted, by vendor id: for an administrator's CSV export only
 * (a filing service needs it; every other answer shows it masked).
 */
export async function clearTinsOf(orgId: string, rows: readonly Form1099Row[]): Promise<Map<string, string>> {
  const wanted = new Set(rows.map((row) => row.vendorId));
  const vendors = (await ports().listAllVendors(orgId)).filter((vendor) => wanted.has(vendor.id));
  const tins = new Map<string, string>();
  for (const vendor of vendors) {
    const tin = await clearTin(orgId, vendor.taxIdentity);
    if (tin) tins.set(vendor.id, tin);
  }
  return tins;
}
