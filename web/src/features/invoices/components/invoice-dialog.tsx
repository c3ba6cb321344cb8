import { formatConfidence } from '@shared/format';
import type { Invoice } from '@shared/schemas/invoice';
import { Pencil } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useInvoice } from '@/features/invoices/api/get-invoice';
import { useReviewQueue } from '@/features/invoices/hooks/use-review-queue';
import {
  amountDisplay,
  canDecide,
  canEdit,
  canReject,
  confidenceTone,
  couldNotRead,
  fileNameOf,
  firstAttentionField,
  invoiceDisplayNumber,
  invoiceRightsOf,
  vendorDisplay,
} from '@/features/invoices/lib/invoice-rules';
import { useUser } from '@/lib/current-user';
import { AuditHistory } from './audit-history';
import { BoundaryActions } from './boundary-actions';
import { CreditBadge } from './credit-badge';
import { useDecision } from './decision';
import { DocumentPreview } from './document-preview';
import { DueBadge } from './due-badge';
import { FieldHighlightProvider } from './field-highlight';
import { ExtractedInformation } from './invoice-details';
import { InvoiceEditForm } from './invoice-edit-form';
import { CommentsTab, FilesTab } from './invoice-tabs';
import { LineItemsTable } from './line-items-table';
import { PaymentActions } from './payment-actions';
import {
  ApprovedActions,
  CouldNotRead,
  InvoiceStateNotice,
  type RejectBy,
  RejectReason,
  ReviewActions,
} from './review-actions';
import { ReviewQueue } from './review-queue';
import {
  escapeLeavesTextBoxFirst,
  type ReviewKeyActions,
  reviewKeyHandler,
  ShortcutsHelp,
  useReviewKeysFromBody,
} from './review-shortcuts';
import { StatusBadge } from './status-badge';

/** Below this width the dialog is one column, the document under the review reason. */
const WIDE = '(min-width: 1024px)';

/**
 * Focuses, once per shown invoice and again after its edit form closes, the first field needing
 * attention (else the first field), and keeps the keyboard on the field the person is on when that
 * field is replaced by a new element. On a narrow screen the focus does not scroll: the dialog opens at its top, where the review reason is.
 */
export function useFocusFirstField(invoice: Invoice | undefined, editing: boolean) {
  const root = useRef<HTMLDivElement | null>(null);
  const shownFor = useRef<string | null>(null);
  // The field the keyboard is on (focusin keeps it current; Tab moves it without any render).
  const lastField = useRef<HTMLElement | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    root.current = el;
    if (!el) return;
    const track = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement && e.target.dataset.field) lastField.current = e.target;
    };
    el.addEventListener('focusin', track);
    return () => el.removeEventListener('focusin', track);
  }, []);
  useEffect(() => {
    // Once the person moves on (to the edit form), the field is no longer theirs to get back; when the
    // form closes (saved or cancelled) the keyboard starts again on the fields, as when the invoice opened.
    if (editing) {
      lastField.current = null;
      shownFor.current = null;
    }
    if (!invoice || editing || !root.current) return;
    if (shownFor.current !== invoice.id) {
      const target = firstAttentionField(invoice);
      const el =
        (target && root.current.querySelector<HTMLElement>(`[data-field="${target}"]`)) ||
        root.current.querySelector<HTMLElement>('[data-field]');
      if (!el) return;
      shownFor.current = invoice.id;
      const wide = typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches;
      el.focus(wide ? undefined : { preventScroll: true });
      return;
    }
    // A field becomes a new element (a "show on document" button) once its box is known; the focus it
    // held falls back to the dialog. Give it back, so the keyboard walk carries on from that field. Only
    // then: while focus moves from one field to the next, the page's focus is briefly on nothing.
    const last = lastField.current;
    if (!last || last.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.getAttribute('role') !== 'dialog') return;
    root.current.querySelector<HTMLElement>(`[data-field="${last.dataset.field}"]`)?.focus();
  });
  return ref;
}

/**
 * Where the dialog is used changes a few words of it (spec §2): the dashboard decides an invoice still
 * PROCESSING too, asks a rejection's reason in a textarea and titles failures 'Approval failed'; the
 * Invoices page asks it by prompt, titles failures 'Error', and rounds the AI confidence.
 */
export type InvoiceDialogVariant = 'dashboard' | 'invoices';

const VARIANTS: Record<
  InvoiceDialogVariant,
  {
    allowProcessing: boolean;
    rejectBy: RejectBy;
    failTitle: { approve: string; reject: string };
    confidenceDigits: number;
    describe: (invoice: Invoice) => string;
  }
> = {
  dashboard: {
    allowProcessing: true,
    rejectBy: 'panel',
    failTitle: { approve: 'Approval failed', reject: 'Rejection failed' },
    confidenceDigits: 1,
    describe: (invoice) => `${vendorDisplay(invoice)} · ${fileNameOf(invoice)}`,
  },
  invoices: {
    allowProcessing: false,
    rejectBy: 'prompt',
    failTitle: { approve: 'Error', reject: 'Error' },
    confidenceDigits: 0,
    describe: (invoice) => `${vendorDisplay(invoice)} · ${amountDisplay(invoice)}`,
  },
};

/**
 * The one invoice dialog, on the dashboard and the Invoices page: the document beside the review (its
 * state, why it needs review, the decisions the person's role allows, the review queue) and the tabs
 * Details (or the edit form), Line Items, Comments, Files and History, all by keyboard too.
 */
export function InvoiceDialog({
  variant,
  invoiceId,
  open,
  onClose,
  onOpenInvoice,
}: {
  variant: InvoiceDialogVariant;
  invoiceId: string | null;
  open: boolean;
  onClose: () => void;
  /** Shows another invoice in this dialog; with it, the dialog offers the next invoice waiting for review. */
  onOpenInvoice?: (id: string) => void;
}) {
  const words = VARIANTS[variant];
  const { data: invoice, isPending, isError } = useInvoice(open ? invoiceId : null);
  const queue = useReviewQueue(open && onOpenInvoice ? invoiceId : null);
  const rights = invoiceRightsOf(useUser().data?.role);
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [help, setHelp] = useState(false);
  const [tab, setTab] = useState('details');
  // Moving to another invoice (the review queue's Next) starts on its extracted fields, not an edit form.
  const [shownId, setShownId] = useState(invoiceId);
  if (shownId !== invoiceId) {
    setShownId(invoiceId);
    setEditing(false);
    setRejecting(false);
    setTab('details');
  }
  const open_ = (id: string | undefined) => id && onOpenInvoice?.(id);
  const nextId = queue.next?.id;
  const decision = useDecision({
    invoice,
    onDecided: () => open_(nextId),
    onOpenInvoice,
    failTitle: words.failTitle,
  });
  const body = useFocusFirstField(tab === 'details' ? invoice : undefined, editing);
  const decide = invoice ? rights.approve && canDecide(invoice, words.allowProcessing) : false;
  const rejectable = invoice ? rights.approve && canReject(invoice, words.allowProcessing) : false;
  const editable = invoice ? rights.edit && canEdit(invoice) : false;
  const startEditing = () => {
    setTab('details');
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    onClose();
  };
  const keyActions: ReviewKeyActions = {
    approve: decide ? decision.approve : undefined,
    reject: rejectable ? () => setRejecting(true) : undefined,
    edit: editable ? startEditing : undefined,
    next: onOpenInvoice ? () => open_(queue.next?.id) : undefined,
    previous: onOpenInvoice ? () => open_(queue.previous?.id) : undefined,
    help: () => setHelp(true),
    close,
  };
  const onKeyDown = reviewKeyHandler(keyActions);
  const latestKeyActions = useRef(keyActions);
  latestKeyActions.current = keyActions;
  useReviewKeysFromBody(open, latestKeyActions);

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent
        wide
        onKeyDown={onKeyDown}
        onEscapeKeyDown={escapeLeavesTextBoxFirst}
        // Not on Close (Enter would close it): the dialog itself until the invoice is in, then its first
        // field needing attention.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.target as HTMLElement).focus();
        }}
        headerActions={<ShortcutsHelp open={help} onOpenChange={setHelp} actions={keyActions} />}
        title={
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            {invoice ? `Invoice #${invoiceDisplayNumber(invoice)}` : 'Invoice'}
            {invoice ? <StatusBadge status={invoice.status} /> : null}
            {invoice ? <CreditBadge invoice={invoice} /> : null}
            {invoice ? <DueBadge invoice={invoice} /> : null}
          </span>
        }
        description={invoice ? words.describe(invoice) : 'Invoice details'}
      >
        {isPending && open ? (
          <div className="grid gap-4 p-5 lg:grid-cols-2">
            <Skeleton className="h-96" />
            <div className="grid content-start gap-3">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-24" />
              <Skeleton className="h-24" />
            </div>
          </div>
        ) : isError || !invoice ? (
          <p className="p-8 text-center text-sm text-red-600 dark:text-red-400">
            Failed to load invoice details
          </p>
        ) : (
          <FieldHighlightProvider locations={invoice.fieldLocations}>
            {/* One column below lg: the review (state, reasons, actions) first, then the document, then
                the tabs; the right column's wrapper is `contents` there so its parts take their order. */}
            <div className="grid min-w-0 lg:h-[min(78dvh,900px)] lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <div className="order-2 min-w-0 border-y border-slate-200 bg-slate-50 p-3 lg:order-none lg:border-y-0 lg:border-r dark:border-slate-800 dark:bg-slate-950/40">
                <DocumentPreview invoice={invoice} />
              </div>
              <div
                ref={body}
                className="contents lg:grid lg:min-w-0 lg:content-start lg:gap-5 lg:overflow-y-auto lg:p-5"
              >
                <div className="order-1 grid min-w-0 gap-5 p-5 lg:p-0">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <h3 className="text-base font-semibold text-slate-900 dark:text-white">
                      {editing ? 'Edit Invoice' : 'Extracted Information'}
                    </h3>
                    <div className="flex items-center gap-2">
                      {invoice.aiConfidence !== null ? (
                        <Badge tone={confidenceTone(invoice.aiConfidence)}>
                          AI confidence {formatConfidence(invoice.aiConfidence, words.confidenceDigits)}
                        </Badge>
                      ) : null}
                      {!editing && editable ? (
                        <Button variant="outline" size="sm" onClick={startEditing} aria-keyshortcuts="E">
                          <Pencil aria-hidden /> Edit
                        </Button>
                      ) : null}
                    </div>
                  </div>
                  {couldNotRead(invoice) ? (
                    <CouldNotRead
                      invoice={invoice}
                      onDeleted={onClose}
                      onReject={() => setRejecting(true)}
                      rights={rights}
                    />
                  ) : null}
                  <InvoiceStateNotice invoice={invoice} />
                  <ReviewActions
                    key={invoice.id}
                    invoice={invoice}
                    decision={decision}
                    rejecting={rejecting}
                    setRejecting={setRejecting}
                    allowProcessing={words.allowProcessing}
                    rights={rights}
                  />
                  {invoice.status === 'APPROVED' && rights.approve ? (
                    <ApprovedActions invoice={invoice} />
                  ) : null}
                  {invoice.status === 'APPROVED' ? (
                    <PaymentActions key={`paid-${invoice.id}`} invoice={invoice} canMark={rights.approve} />
                  ) : null}
                  <BoundaryActions
                    key={`pages-${invoice.id}`}
                    invoice={invoice}
                    canEdit={rights.edit}
                    // The merged-away invoice is gone: show the one its pages joined, else close.
                    onMerged={(merged) => (onOpenInvoice ? onOpenInvoice(merged.id) : onClose())}
                  />
                  {rejectable ? (
                    <RejectReason
                      key={`reject-${invoice.id}`}
                      by={words.rejectBy}
                      decision={decision}
                      rejecting={rejecting}
                      setRejecting={setRejecting}
                    />
                  ) : null}
                  {decision.confirmDialog}
                  {onOpenInvoice ? <ReviewQueue queue={queue} onOpen={onOpenInvoice} /> : null}
                </div>
                <Tabs value={tab} onValueChange={setTab} className="order-3 min-w-0 p-5 pt-0 lg:p-0">
                  <TabsList className="w-full justify-start overflow-x-auto">
                    <TabsTrigger value="details">Details</TabsTrigger>
                    <TabsTrigger value="line-items">Line Items</TabsTrigger>
                    <TabsTrigger value="comments">Comments</TabsTrigger>
                    <TabsTrigger value="files">Files</TabsTrigger>
                    <TabsTrigger value="history">History</TabsTrigger>
                  </TabsList>
                  <TabsContent value="details" className="pt-4">
                    {editing ? (
                      <InvoiceEditForm
                        key={invoice.id}
                        invoice={invoice}
                        focusField={firstAttentionField(invoice) ?? 'vendorName'}
                        onDone={() => setEditing(false)}
                      />
                    ) : (
                      <ExtractedInformation invoice={invoice} canRetrySync={rights.approve} />
                    )}
                  </TabsContent>
                  <TabsContent value="line-items" className="pt-4">
                    <LineItemsTable invoiceId={invoice.id} currency={invoice.currency ?? 'USD'} />
                  </TabsContent>
                  <TabsContent value="comments" className="pt-4">
                    <CommentsTab invoice={invoice} canComment={rights.edit} />
                  </TabsContent>
                  <TabsContent value="files" className="pt-4">
                    <FilesTab invoice={invoice} />
                  </TabsContent>
                  <TabsContent value="history" className="pt-4">
                    <AuditHistory invoiceId={invoice.id} currency={invoice.currency} />
                  </TabsContent>
                </Tabs>
              </div>
            </div>
          </FieldHighlightProvider>
        )}
      </DialogContent>
    </Dialog>
  );
}
