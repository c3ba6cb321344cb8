import { REPROCESS_REFETCH_DELAY_MS } from '@shared/constants';
import type { Invoice, InvoiceUpdate } from '@shared/schemas/invoice';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { statsQueryKey } from '@/features/stats';
import { api } from '@/lib/api-client';
import { invoiceQueryKey } from './get-invoice';
import { invoicesQueryKey } from './get-invoices';

const path = (id: string, action = '') => `/api/invoices/${encodeURIComponent(id)}${action}`;

/** Approves, with the approver's comment when there is one (else no body, as the spec's approve has none). */
export const approveInvoice = (id: string, comment?: string) =>
  api.post<Invoice>(path(id, '/approve'), comment ? { comment } : undefined);
export const rejectInvoice = (id: string, reason: string) =>
  api.post<Invoice>(path(id, '/reject'), { reason });
/** Takes an approved invoice back: `reopen` puts it in review again, `void` rejects it; both say why. */
export const undoApproval = (id: string, action: 'reopen' | 'void', reason: string) =>
  api.post<Invoice>(path(id, `/${action}`), { reason });
export const reprocessInvoice = (id: string) => api.post<Invoice>(path(id, '/reprocess'));
export const updateInvoice = (id: string, body: InvoiceUpdate) => api.put<Invoice>(path(id), body);
export const deleteInvoice = (id: string) => api.delete<void>(path(id));
export const addComment = (id: string, comment: string) =>
  api.post(path(id, '/comments'), { comment, isInternal: false });

/** After any invoice change: every invoice query (lists, details, children) and the stats. */
export function invalidateInvoices(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
    queryClient.invalidateQueries({ queryKey: statsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }),
  ]);
}

export function useApproveInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment?: string }) => approveInvoice(id, comment),
    onSettled: () => invalidateInvoices(qc),
  });
}

export function useRejectInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectInvoice(id, reason),
    onSettled: () => invalidateInvoices(qc),
  });
}

export function useUndoApproval() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'reopen' | 'void'; reason: string }) =>
      undoApproval(id, action, reason),
    onSuccess: (invoice) => qc.setQueryData(invoiceQueryKey(invoice.id), invoice),
    onSettled: () => invalidateInvoices(qc),
  });
}

/** Restarts AI processing; lists are refetched immediately and again after 5 s. */
export function useReprocessInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reprocessInvoice,
    onSuccess: () => {
      void invalidateInvoices(qc);
      setTimeout(() => void invalidateInvoices(qc), REPROCESS_REFETCH_DELAY_MS);
    },
  });
}

export function useUpdateInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: InvoiceUpdate }) => updateInvoice(id, body),
    onSuccess: (invoice) => {
      qc.setQueryData(invoiceQueryKey(invoice.id), invoice);
    },
    onSettled: () => invalidateInvoices(qc),
  });
}

export function useDeleteInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: (_data, id) => qc.removeQueries({ queryKey: invoiceQueryKey(id) }),
    onSettled: () => invalidateInvoices(qc),
  });
}

export function useAddComment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => addComment(id, comment),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...invoiceQueryKey(id), 'comments'] }),
  });
}
