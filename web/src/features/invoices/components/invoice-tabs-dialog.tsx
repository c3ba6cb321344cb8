import { InvoiceDialog } from './invoice-dialog';

/**
 * The Invoices page's invoice dialog (spec §2 'Invoices'): the one invoice dialog, open while an invoice
 * is chosen, with the Invoices page's words (rejection by prompt, a blank answer cancels).
 */
export function InvoiceTabsDialog({
  invoiceId,
  onClose,
  onOpenInvoice,
}: {
  invoiceId: string | null;
  onClose: () => void;
  /** Shows another invoice in this dialog (the queue's next one, a duplicate's original). */
  onOpenInvoice?: (id: string) => void;
}) {
  return (
    <InvoiceDialog
      variant="invoices"
      invoiceId={invoiceId}
      open={Boolean(invoiceId)}
      onClose={onClose}
      onOpenInvoice={onOpenInvoice}
    />
  );
}
