import { VENDOR_ADDRESS_MAX } from '@shared/constants';
import { formatMoney } from '@shared/format';
import type { Vendor } from '@shared/schemas/entities';

/** The address as the table shows it: at most 30 characters, then '...'. */
export function truncateAddress(address: string | null | undefined, max = VENDOR_ADDRESS_MAX): string {
  const text = (address ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/**
 * A vendor's money figure in every currency it billed in, the organization's first, each in its own
 * currency and never added together. Without per-currency figures, the organization's one.
 */
export function vendorMoney(
  vendor: Pick<Vendor, 'byCurrency' | 'totalAmount' | 'averageAmount'>,
  orgCurrency: string,
  figure: 'totalAmount' | 'averageAmount',
): string[] {
  const entries = Object.entries(vendor.byCurrency ?? {}).filter(([, f]) => f.totalInvoices > 0);
  if (!entries.length) return [formatMoney(vendor[figure], orgCurrency)];
  return entries
    .sort(([a], [b]) => (a === orgCurrency ? -1 : b === orgCurrency ? 1 : a.localeCompare(b)))
    .map(([code, f]) => formatMoney(f[figure], code));
}

/** Invoices of every currency (a count adds up across currencies; money does not). */
export function vendorInvoiceCount(vendor: Pick<Vendor, 'byCurrency' | 'totalInvoices'>): number {
  const counts = Object.values(vendor.byCurrency ?? {}).map((f) => f.totalInvoices);
  return counts.length ? counts.reduce((a, b) => a + b, 0) : vendor.totalInvoices;
}
