import { formatConfidence, formatDate, formatMoney } from '@shared/format';
import type { Invoice } from '@shared/schemas/invoice';
import {
  Check,
  CircleCheck,
  FileX,
  Pencil,
  RefreshCw,
  Trash,
  TriangleExclamationPoint,
  X,
} from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useInvoice } from '@/features/invoices/api/get-invoice';
import { useDeleteInvoice, useReprocessInvoice } from '@/features/invoices/api/invoice-actions';
import { useReviewQueue } from '@/features/invoices/hooks/use-review-queue';
import {
  amountDisplay,
  canDecide,
  confidenceTone,
  couldNotRead,
  fieldEditor,
  fileNameOf,
  firstAttentionField,
  invoiceDisplayNumber,
  needsReview,
  type ReviewField,
  readyToApprove,
  reviewReasonsOf,
  stageLabel,
  vendorDisplay,
} from '@/features/invoices/lib/invoice-rules';
import { errorDetail } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { AuditHistory } from './audit-history';
import { useDecision } from './decision';
import { DecisionTextPanel, useApprovalComment } from './decision-text-panel';
import { DocumentPreview } from './document-preview';
import { DueBadge } from './due-badge';
import { FieldHighlightProvider, useClearHighlightOnUnmount, useFieldHighlight } from './field-highlight';
import { InvoiceEditForm } from './invoice-edit-form';
import { LineItemsTable } from './line-items-table';
import { RetrySyncButton } from './retry-sync-button';
import { ReviewQueue } from './review-queue';
import {
  escapeLeavesTextBoxFirst,
  type ReviewKeyActions,
  reviewKeyHandler,
  ShortcutsHelp,
  useReviewKeysFromBody,
} from './review-shortcuts';
import { StatusBadge } from './status-badge';

function Field({
  label,
  value,
  confidence,
  editedBy,
  wide,
  name,
}: {
  label: string;
  value: ReactNode;
  confidence?: number;
  /** Who corrected it: their 'Edited by' badge replaces the AI's confidence. */
  editedBy?: string | null;
  wide?: boolean;
  /** The invoice field, whose box on the document (if it was read from one) hover and focus show. */
  name?: string;
}) {
  const { locations, active, setHovered, setFocused } = useFieldHighlight();
  const located = name !== undefined && locations[name] !== undefined;
  return (
    <div
      className={cn(
        wide ? 'col-span-2 min-w-0' : 'min-w-0',
        // The padding is taken back by the margin, so a highlighted field sits exactly where others do.
        name !== undefined &&
          'relative -m-1.5 rounded-lg p-1.5 focus-within:ring-2 focus-within:ring-brand-500',
        located && active === name && 'bg-brand-50 dark:bg-brand-500/15',
      )}
    >
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
        {label}
        {editedBy ? (
          <Badge tone="blue" className="px-1.5 py-0 text-[10px]">
            Edited by {editedBy}
          </Badge>
        ) : confidence !== undefined ? (
          <Badge tone={confidenceTone(confidence)} className="px-1.5 py-0 text-[10px]" title="AI confidence">
            <span className="sr-only">confidence </span>
            {formatConfidence(confidence, 0)}
          </Badge>
        ) : null}
      </dt>
      {located ? (
        <dd className="mt-0.5 text-sm break-words text-slate-900 dark:text-white">
          {value || '—'}
          {/* Stretched over the whole field, so hovering anywhere on it, tabbing to it or tapping it shows
              the box. It sits in the <dd> because a <dl> group may only hold <dt> and <dd> elements. */}
          <button
            type="button"
            data-field={name}
            aria-label={`Show ${label} on the document`}
            className="absolute inset-0 cursor-pointer rounded-lg outline-none"
            onMouseEnter={() => setHovered(name)}
            onMouseLeave={() => setHovered(null)}
            onFocus={() => setFocused(name)}
            onBlur={() => setFocused(null)}
          />
        </dd>
      ) : (
        // A field not read from the page has no box to show, but the keyboard still stops on it, so Tab
        // walks every field in reading order.
        <dd
          data-field={name}
          tabIndex={name === undefined ? undefined : 0}
          className="mt-0.5 rounded-sm text-sm break-words text-slate-900 outline-none dark:text-white"
        >
          {value || '—'}
        </dd>
      )}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

function ExtractedInformation({ invoice }: { invoice: Invoice }) {
  useClearHighlightOnUnmount();
  const c = invoice.fieldConfidence ?? {};
  const cur = invoice.currency ?? 'USD';
  const field = (name: ReviewField, label: string, value: ReactNode, wide = false) => (
    <Field
      key={name}
      name={name}
      label={label}
      value={value}
      wide={wide}
      confidence={name === 'category' ? (c.category ?? c.categoryId) : c[name]}
      editedBy={fieldEditor(invoice, name)}
    />
  );
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        {field('vendorName', 'Vendor', vendorDisplay(invoice))}
        {field('invoiceNumber', 'Invoice Number', invoiceDisplayNumber(invoice))}
        {field('invoiceDate', 'Invoice Date', formatDate(invoice.invoiceDate))}
        {field('dueDate', 'Due Date', formatDate(invoice.dueDate))}
        {field('subtotal', 'Subtotal', formatMoney(invoice.subtotal, cur))}
        {field('taxAmount', 'Tax', formatMoney(invoice.taxAmount, cur))}
        {field(
          'totalAmount',
          'Total Amount',
          <span className="text-base font-semibold">{amountDisplay(invoice)}</span>,
        )}
        {field('category', 'Category', invoice.categoryName || 'Choose a category')}
        {field('vendorEmail', 'Vendor Email', invoice.vendorEmail)}
        {field('vendorPhone', 'Vendor Phone', invoice.vendorPhone)}
        {field('vendorAddress', 'Vendor Address', invoice.vendorAddress, true)}
        {invoice.notes ? <Field wide label="Notes" value={invoice.notes} /> : null}
        {invoice.rejectionReason ? (
          <Field wide label="Rejection Reason" value={invoice.rejectionReason} />
        ) : null}
      </dl>
      <Section title="Line Items">
        <LineItemsTable invoiceId={invoice.id} currency={cur} compact />
      </Section>
      {invoice.syncResults.length ? (
        <Section title="Sync">
          <ul className="grid gap-2 text-sm">
            {invoice.syncResults.map((s) => (
              <li key={s.integrationId} className="flex items-center justify-between gap-2">
                <span className="truncate text-slate-700 dark:text-slate-300">
                  {s.integrationName}
                  {s.remoteId ? (
                    <span className="ml-2 text-slate-500 dark:text-slate-400">#{s.remoteId}</span>
                  ) : null}
                  {s.status !== 'SYNCED' && s.lastError ? (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{s.lastError}</span>
                  ) : null}
                </span>
                <Badge tone={s.status === 'SYNCED' ? 'green' : s.status === 'FAILED' ? 'red' : 'blue'}>
                  {s.status === 'SYNCED'
                    ? 'Synced'
                    : s.status === 'FAILED'
                      ? 'Failed'
                      : s.status === 'RETRYING'
                        ? 'Retrying'
                        : 'Pending'}
                </Badge>
              </li>
            ))}
          </ul>
          {invoice.syncResults.some((s) => s.status === 'FAILED') ? (
            <RetrySyncButton invoiceId={invoice.id} />
          ) : null}
        </Section>
      ) : null}
      <Section title="History">
        <AuditHistory invoiceId={invoice.id} currency={invoice.currency} />
      </Section>
    </div>
  );
}

function ReviewActions({
  invoice,
  decision,
  rejecting,
  setRejecting,
}: {
  invoice: Invoice;
  decision: ReturnType<typeof useDecision>;
  rejecting: boolean;
  setRejecting: (r: boolean) => void;
}) {
  const reprocess = useReprocessInvoice();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const comment = useApprovalComment(decision);
  const busy = decision.approving || decision.rejecting || reprocess.isPending;
  const decide = canDecide(invoice, true);
  const processing = invoice.status === 'PROCESSING';
  const review = needsReview(invoice);

  const onReject = () => {
    const trimmed = reason.trim();
    if (!trimmed) {
      toast({
        title: 'Rejection reason required',
        description: 'Please provide a reason for rejecting this invoice.',
        variant: 'destructive',
      });
      return;
    }
    decision.reject(trimmed, () => {
      setRejecting(false);
      setReason('');
    });
  };

  const onReprocess = () =>
    reprocess.mutate(invoice.id, {
      onSuccess: () =>
        toast({
          title: 'Processing Started',
          description: 'AI processing has restarted. This usually takes 10-30 seconds.',
        }),
      onError: (e) =>
        toast({
          title: 'Error',
          description: errorDetail(e) || 'Failed to reprocess invoice',
          variant: 'destructive',
        }),
    });

  if (!decide && !review && !processing) return null;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {decide ? (
          <>
            <Button variant="success" onClick={decision.approve} disabled={busy} aria-keyshortcuts="A">
              {decision.approving ? <Spinner /> : <Check aria-hidden />} Approve
            </Button>
            <Button
              variant="destructive"
              onClick={() => setRejecting(!rejecting)}
              disabled={busy}
              aria-expanded={rejecting}
              aria-keyshortcuts="R"
            >
              <X aria-hidden /> Reject
            </Button>
            {comment.toggle(busy)}
          </>
        ) : null}
        {review || processing ? (
          <Button variant="outline" onClick={onReprocess} disabled={busy}>
            {reprocess.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
            {processing ? 'Force Retry' : 'Retry AI Processing'}
          </Button>
        ) : null}
      </div>
      {decide ? comment.panel : null}
      {rejecting ? (
        <DecisionTextPanel
          id={reasonId}
          tone="reject"
          label="Rejection Reason (Optional)"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Explain why this invoice is rejected..."
        >
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
            <Button variant="destructive" size="sm" onClick={onReject} disabled={decision.rejecting}>
              {decision.rejecting ? 'Rejecting...' : 'Confirm Rejection'}
            </Button>
          </div>
        </DecisionTextPanel>
      ) : null}
    </div>
  );
}

/** The state panels above the actions: still processing, could not read, ready to approve, why review. */
export function InvoiceStateNotice({ invoice }: { invoice: Invoice }) {
  if (couldNotRead(invoice)) return null;
  if (invoice.status === 'PROCESSING' || invoice.status === 'UPLOADED') {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-800 dark:bg-blue-500/10 dark:text-blue-200"
      >
        <Spinner /> {stageLabel(invoice.processingStage)}... this usually takes 10-30 seconds.
      </p>
    );
  }
  if (needsReview(invoice)) {
    return (
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 dark:border-amber-900 dark:bg-amber-500/10">
        <p className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-200">
          <TriangleExclamationPoint className="size-4" aria-hidden /> Why this needs review
        </p>
        <ul className="mt-1.5 list-disc pl-6 text-sm text-amber-900 dark:text-amber-100">
          {reviewReasonsOf(invoice).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (readyToApprove(invoice)) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-100">
        <CircleCheck className="size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">Ready to approve.</span> The AI found nothing to question; check the
          fields and approve.
        </span>
      </p>
    );
  }
  return null;
}

/** A file that is not a readable invoice: say so, and offer Reprocess and Delete (never Approve). */
export function CouldNotRead({ invoice, onDeleted }: { invoice: Invoice; onDeleted: () => void }) {
  const reprocess = useReprocessInvoice();
  const del = useDeleteInvoice();
  return (
    <div className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-500/10">
      <p className="flex items-center gap-2 font-semibold text-red-900 dark:text-red-100">
        <FileX className="size-5 shrink-0" aria-hidden /> We could not read this file
      </p>
      <p className="text-sm text-red-900 dark:text-red-100">
        {invoice.readFailure} Reprocess it, or delete it and upload a clearer copy.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={reprocess.isPending || del.isPending}
          onClick={() =>
            reprocess.mutate(invoice.id, {
              onSuccess: () =>
                toast({
                  title: 'Processing Started',
                  description: 'AI processing has restarted. This usually takes 10-30 seconds.',
                }),
              onError: (e) =>
                toast({
                  title: 'Error',
                  description: errorDetail(e) || 'Failed to reprocess invoice',
                  variant: 'destructive',
                }),
            })
          }
        >
          {reprocess.isPending ? <Spinner /> : <RefreshCw aria-hidden />} Reprocess
        </Button>
        <Button
          variant="destructive"
          disabled={reprocess.isPending || del.isPending}
          // Awaited rather than mutate's callbacks: the deleted invoice's query empties this panel, which
          // unmounts it before mutate's callbacks would run.
          onClick={() =>
            del.mutateAsync(invoice.id).then(
              () => {
                toast({ title: 'Invoice deleted', description: 'The file was deleted.', variant: 'success' });
                onDeleted();
              },
              (e) =>
                toast({
                  title: 'Delete failed',
                  description: `Failed to delete invoice: ${errorDetail(e)}`,
                  variant: 'destructive',
                }),
            )
          }
        >
          {del.isPending ? <Spinner /> : <Trash aria-hidden />} Delete
        </Button>
      </div>
    </div>
  );
}

/**
 * Focuses, once per shown invoice, the first field needing attention (else the first field), and keeps
 * the keyboard on the field the person is on when that field is replaced by a new element.
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
    // Once the person moves on (to the edit form), the field is no longer theirs to get back.
    if (editing) lastField.current = null;
    if (!invoice || editing || !root.current) return;
    if (shownFor.current !== invoice.id) {
      const target = firstAttentionField(invoice);
      const el =
        (target && root.current.querySelector<HTMLElement>(`[data-field="${target}"]`)) ||
        root.current.querySelector<HTMLElement>('[data-field]');
      if (!el) return;
      shownFor.current = invoice.id;
      el.focus();
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

/** The dashboard's invoice dialog: preview, extracted data with confidence, edit, review actions, history. */
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
  const { data: invoice, isPending, isError } = useInvoice(open ? invoiceId : null);
  const queue = useReviewQueue(open && onOpenInvoice ? invoiceId : null);
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [help, setHelp] = useState(false);
  // Moving to another invoice (the review queue's Next) starts on its extracted fields, not an edit form.
  const [shownId, setShownId] = useState(invoiceId);
  if (shownId !== invoiceId) {
    setShownId(invoiceId);
    setEditing(false);
    setRejecting(false);
  }
  // The edit form keeps the version it was opened on: a newer one arriving while the person types (the
  // workflow finishing, a teammate's save) must not remount the form under their caret, dropping what
  // they typed and moving the focus. Saving over it answers 409; from then on the form follows the latest.
  const [formVersion, setFormVersion] = useState<number | 'latest' | null>(null);
  if (editing && invoice && formVersion === null) setFormVersion(invoice.version);
  if (!editing && formVersion !== null) setFormVersion(null);
  const open_ = (id: string | undefined) => id && onOpenInvoice?.(id);
  const nextId = queue.next?.id;
  const decision = useDecision({
    invoice,
    onDecided: () => open_(nextId),
    onOpenInvoice,
    failTitle: { approve: 'Approval failed', reject: 'Rejection failed' },
  });
  const body = useFocusFirstField(invoice, editing);
  const decide = invoice ? canDecide(invoice, true) : false;
  const keyActions: ReviewKeyActions = {
    approve: decide ? decision.approve : undefined,
    reject: decide ? () => setRejecting(true) : undefined,
    edit: invoice && !couldNotRead(invoice) ? () => setEditing(true) : undefined,
    next: onOpenInvoice ? () => open_(queue.next?.id) : undefined,
    previous: onOpenInvoice ? () => open_(queue.previous?.id) : undefined,
    help: () => setHelp(true),
    close: () => {
      setEditing(false);
      onClose();
    },
  };
  const onKeyDown = reviewKeyHandler(keyActions);
  const latestKeyActions = useRef(keyActions);
  latestKeyActions.current = keyActions;
  useReviewKeysFromBody(open, latestKeyActions);

  const title = invoice ? `Invoice #${invoiceDisplayNumber(invoice)}` : 'Invoice';
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setEditing(false);
          onClose();
        }
      }}
    >
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
        headerActions={<ShortcutsHelp open={help} onOpenChange={setHelp} />}
        title={
          <span className="flex items-center gap-2">
            {title}
            {invoice ? <StatusBadge status={invoice.status} /> : null}
            {invoice ? <DueBadge invoice={invoice} /> : null}
          </span>
        }
        description={invoice ? `${vendorDisplay(invoice)} · ${fileNameOf(invoice)}` : 'Invoice details'}
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
            <div className="grid lg:h-[min(78dvh,900px)] lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <div className="border-b border-slate-200 bg-slate-50 p-3 lg:border-r lg:border-b-0 dark:border-slate-800 dark:bg-slate-950/40">
                <DocumentPreview invoice={invoice} />
              </div>
              <div ref={body} className="grid content-start gap-5 overflow-y-auto p-5">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 className="text-base font-semibold text-slate-900 dark:text-white">
                    {editing ? 'Edit Invoice' : 'Extracted Information'}
                  </h3>
                  <div className="flex items-center gap-2">
                    {invoice.aiConfidence !== null ? (
                      <Badge tone={confidenceTone(invoice.aiConfidence)}>
                        AI confidence {formatConfidence(invoice.aiConfidence, 1)}
                      </Badge>
                    ) : null}
                    {!editing && !couldNotRead(invoice) ? (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(true)}
                        aria-keyshortcuts="E"
                      >
                        <Pencil aria-hidden /> Edit
                      </Button>
                    ) : null}
                  </div>
                </div>
                {couldNotRead(invoice) ? <CouldNotRead invoice={invoice} onDeleted={onClose} /> : null}
                <InvoiceStateNotice invoice={invoice} />
                <ReviewActions
                  key={invoice.id}
                  invoice={invoice}
                  decision={decision}
                  rejecting={rejecting}
                  setRejecting={setRejecting}
                />
                {decision.confirmDialog}
                {onOpenInvoice ? <ReviewQueue queue={queue} onOpen={onOpenInvoice} /> : null}
                {editing ? (
                  <InvoiceEditForm
                    key={typeof formVersion === 'number' ? formVersion : invoice.version}
                    invoice={invoice}
                    focusField={firstAttentionField(invoice) ?? 'vendorName'}
                    onDone={() => setEditing(false)}
                    onConflict={() => setFormVersion('latest')}
                  />
                ) : (
                  <ExtractedInformation invoice={invoice} />
                )}
              </div>
            </div>
          </FieldHighlightProvider>
        )}
      </DialogContent>
    </Dialog>
  );
}
