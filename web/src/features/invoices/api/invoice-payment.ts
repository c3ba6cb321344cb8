import type { Invoice } from '@shared/schemas/invoice';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceQueryKey } from './get-invoice';
import { invalidateInvoices } from './invoice-actions';

const paymentPath = (id: string) => `/api/invoices/${encodeURIComponent(id)}/payment`;

/** Marks an approved invoice paid on a day (the server's today when none is given). */
export const markInvoicePaid = (invoice: Pick<Invoice, 'id' | 'version'>, paidOn?: string) =>
  api.post<Invoice>(paymentPath(invoice.id), { version: invoice.version, ...(paidOn ? { paidOn } : {}) });

/** Takes the paid mark back: the invoice is an open payable again. */
export const markInvoiceUnpaid = (invoice: Pick<Invoice, 'id' | 'version'>) =>
  api.delete<Invoice | undefined>(paymentPath(invoice.id), { query: { version: invoice.version } });

/**
 * A paid mark changes the invoice, every AP report built on open payables (aging, cash requirements;
 * the Reports page keys them under `/api/reports`) and the 1099 report, which counts paid invoices by
 * the year they were paid.
 */
function refresh(qc: QueryClient, id: string, invoice: Invoice | undefined) {
  if (invoice) qc.setQueryData(invoiceQueryKey(id), invoice);
  return Promise.all([invalidateInvoices(qc), qc.invalidateQueries({ queryKey: ['/api/reports'] })]);
}

export function useMarkPaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ invoice, paidOn }: { invoice: Invoice; paidOn?: string }) =>
      markInvoicePaid(invoice, paidOn),
    onSuccess: (updated, { invoice }) => refresh(qc, invoice.id, updated),
    // A 409 means the invoice changed meanwhile: load the current one (and its version).
    onError: (_e, { invoice }) => qc.invalidateQueries({ queryKey: invoiceQueryKey(invoice.id) }),
  });
}

export function useMarkUnpaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invoice: Invoice) => markInvoiceUnpaid(invoice),
    onSuccess: (updated, invoice) => refresh(qc, invoice.id, updated ?? undefined),
    onError: (_e, invoice) => qc.invalidateQueries({ queryKey: invoiceQueryKey(invoice.id) }),
  });
}
