import { InvoiceDialog } from './invoice-dialog';

/** The dashboard's invoice dialog (spec §2 'Invoice detail dialog'): the one invoice dialog, in its words. */
export function InvoiceDetailDialog({
  invoiceId,
  open,
  onClose,
  onOpenInvoice,
}: {
  invoiceId: string | null;
  open: boolean;
  onClose: () => void;
  /** Shows another invoice in this dialog; with it, the dialog offers the next invoice waiting for review. */
  onOpenInvoice?: (id: string) => void;
}) {
  return (
    <InvoiceDialog
      variant="dashboard"
      invoiceId={invoiceId}
      open={open}
      onClose={onClose}
      onOpenInvoice={onOpenInvoice}
    />
  );
}
