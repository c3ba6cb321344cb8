/** What the dashboard, upload, settings and vendors screens use of the invoices: queries, actions, badges. */
export { getInvoice, invoiceQueryKey } from './api/get-invoice';
export { type InvoiceListParams, invoicesQueryKey, useInvoicePage, useInvoices } from './api/get-invoices';
export { useCategories, usePropertyOptions } from './api/get-lookups';
export { invalidateInvoices, useDeleteInvoice } from './api/invoice-actions';
export { downloadInvoiceFile, exportInvoicesCsv } from './api/invoice-files';
export { uploadInvoiceFile } from './api/upload-invoice';
export { CreditBadge } from './components/credit-badge';
export { DueBadge } from './components/due-badge';
export { InvoiceDetailDialog } from './components/invoice-detail-dialog';
export { StatusBadge } from './components/status-badge';
export { ACCEPT_ATTRIBUTE, fileProblem } from './lib/file-rules';
export {
  activityText,
  amountDisplay,
  fileNameOf,
  invoiceDisplayNumber,
  isInFlight,
  STATUS_LABELS,
  stageLabel,
  statusLabel,
  statusTone,
  vendorDisplay,
} from './lib/invoice-rules';
