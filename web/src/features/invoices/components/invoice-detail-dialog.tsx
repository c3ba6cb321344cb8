import { Check, Pencil, RefreshCw, TriangleExclamationPoint, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { formatConfidence, formatDate, formatMoney } from '../../../../../shared/format';
import type { Invoice } from '../../../../../shared/schemas/invoice';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorDetail } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useInvoice } from '../api/get-invoice';
import { useApproveInvoice, useRejectInvoice, useReprocessInvoice } from '../api/invoice-actions';
import {
  amountDisplay,
  canDecide,
  confidenceTone,
  fileNameOf,
  invoiceDisplayNumber,
  needsReview,
  stageLabel,
  vendorDisplay,
} from '../lib/invoice-rules';
import { AuditHistory } from './audit-history';
import { DocumentPreview } from './document-preview';
import { DueBadge } from './due-badge';
import { FieldHighlightProvider, useClearHighlightOnUnmount, useFieldHighlight } from './field-highlight';
import { InvoiceEditForm } from './invoice-edit-form';
import { LineItemsTable } from './line-items-table';
import { ReviewQueue } from './review-queue';
import { StatusBadge } from './status-badge';

function Field({
  label,
  value,
  confidence,
  wide,
  name,
}: {
  label: string;
  value: ReactNode;
  confidence?: number;
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
        // The padding is taken back by the margin, so a located field sits exactly where others do.
        located && 'relative -m-1.5 rounded-lg p-1.5',
        located && active === name && 'bg-brand-50 dark:bg-brand-500/15',
      )}
    >
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
        {label}
        {confidence !== undefined ? (
          <Badge tone={confidenceTone(confidence)} className="px-1.5 py-0 text-[10px]" title="AI confidence">
            <span className="sr-only">confidence </span>
            {formatConfidence(confidence, 0)}
          </Badge>
        ) : null}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 dark:text-white">
        {value || '—'}
        {located ? (
          // Stretched over the whole field, so hovering anywhere on it, tabbing to it or tapping it shows
          // the box. It sits in the <dd> because a <dl> group may only hold <dt> and <dd> elements.
          <button
            type="button"
            aria-label={`Show ${label} on the document`}
            className="absolute inset-0 cursor-pointer rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500"
            onMouseEnter={() => setHovered(name)}
            onMouseLeave={() => setHovered(null)}
            onFocus={() => setFocused(name)}
            onBlur={() => setFocused(null)}
          />
        ) : null}
      </dd>
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
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Field name="vendorName" label="Vendor" value={vendorDisplay(invoice)} confidence={c.vendorName} />
        <Field
          name="invoiceNumber"
          label="Invoice Number"
          value={invoiceDisplayNumber(invoice)}
          confidence={c.invoiceNumber}
        />
        <Field
          name="invoiceDate"
          label="Invoice Date"
          value={formatDate(invoice.invoiceDate)}
          confidence={c.invoiceDate}
        />
        <Field name="dueDate" label="Due Date" value={formatDate(invoice.dueDate)} confidence={c.dueDate} />
        <Field
          name="subtotal"
          label="Subtotal"
          value={formatMoney(invoice.subtotal, cur)}
          confidence={c.subtotal}
        />
        <Field
          name="taxAmount"
          label="Tax"
          value={formatMoney(invoice.taxAmount, cur)}
          confidence={c.taxAmount}
        />
        <Field
          name="totalAmount"
          label="Total Amount"
          value={<span className="text-base font-semibold">{amountDisplay(invoice)}</span>}
          confidence={c.totalAmount}
        />
        <Field label="Category" value={invoice.categoryName} confidence={c.category ?? c.categoryId} />
        <Field
          name="vendorEmail"
          label="Vendor Email"
          value={invoice.vendorEmail}
          confidence={c.vendorEmail}
        />
        <Field
          name="vendorPhone"
          label="Vendor Phone"
          value={invoice.vendorPhone}
          confidence={c.vendorPhone}
        />
        <Field
          wide
          name="vendorAddress"
          label="Vendor Address"
          value={invoice.vendorAddress}
          confidence={c.vendorAddress}
        />
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
                  {s.remoteId ? <span className="ml-2 text-slate-500">#{s.remoteId}</span> : null}
                  {s.status !== 'SYNCED' && s.lastError ? (
                    <span className="block text-xs text-slate-500">{s.lastError}</span>
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
        </Section>
      ) : null}
      <Section title="History">
        <AuditHistory invoiceId={invoice.id} />
      </Section>
    </div>
  );
}

function ReviewActions({ invoice }: { invoice: Invoice }) {
  const approve = useApproveInvoice();
  const reject = useRejectInvoice();
  const reprocess = useReprocessInvoice();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const busy = approve.isPending || reject.isPending || reprocess.isPending;
  const decide = canDecide(invoice, true);
  const processing = invoice.status === 'PROCESSING';
  const review = needsReview(invoice);

  const onApprove = () =>
    approve.mutate(invoice.id, {
      onSuccess: () =>
        toast({
          title: 'Invoice approved',
          description: 'The invoice will be synced to your property management system.',
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: 'Approval failed',
          description: `Failed to approve invoice: ${errorDetail(e)}`,
          variant: 'destructive',
        }),
    });

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
    reject.mutate(
      { id: invoice.id, reason: trimmed },
      {
        onSuccess: () => {
          setRejecting(false);
          setReason('');
          toast({ title: 'Invoice rejected', description: 'The invoice has been marked for review.' });
        },
        onError: (e) =>
          toast({
            title: 'Rejection failed',
            description: `Failed to reject invoice: ${errorDetail(e)}`,
            variant: 'destructive',
          }),
      },
    );
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
            <Button variant="success" onClick={onApprove} disabled={busy}>
              {approve.isPending ? <Spinner /> : <Check aria-hidden />} Approve
            </Button>
            <Button
              variant="destructive"
              onClick={() => setRejecting((r) => !r)}
              disabled={busy}
              aria-expanded={rejecting}
            >
              <X aria-hidden /> Reject
            </Button>
          </>
        ) : null}
        {review || processing ? (
          <Button variant="outline" onClick={onReprocess} disabled={busy}>
            {reprocess.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
            {processing ? 'Force Retry' : 'Retry AI Processing'}
          </Button>
        ) : null}
      </div>
      {rejecting ? (
        <div className="grid gap-2 rounded-lg border border-red-200 bg-red-50/50 p-3 dark:border-red-900 dark:bg-red-500/5">
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Rejection Reason (Optional)
          </label>
          <Textarea
            id={reasonId}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Explain why this invoice is rejected..."
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
            <Button variant="destructive" size="sm" onClick={onReject} disabled={reject.isPending}>
              {reject.isPending ? 'Rejecting...' : 'Confirm Rejection'}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
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
  const [editing, setEditing] = useState(false);
  // Moving to another invoice (the review queue's Next) starts on its extracted fields, not an edit form.
  const [shownId, setShownId] = useState(invoiceId);
  if (shownId !== invoiceId) {
    setShownId(invoiceId);
    setEditing(false);
  }

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
              <div className="grid content-start gap-5 overflow-y-auto p-5">
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
                    {!editing ? (
                      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                        <Pencil aria-hidden /> Edit
                      </Button>
                    ) : null}
                  </div>
                </div>
                {invoice.status === 'PROCESSING' || invoice.status === 'UPLOADED' ? (
                  <p
                    role="status"
                    className="flex items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-800 dark:bg-blue-500/10 dark:text-blue-200"
                  >
                    <Spinner /> {stageLabel(invoice.processingStage)}... this usually takes 10-30 seconds.
                  </p>
                ) : null}
                {needsReview(invoice) && invoice.reviewReasons.length ? (
                  <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 dark:border-amber-900 dark:bg-amber-500/10">
                    <p className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-200">
                      <TriangleExclamationPoint className="size-4" aria-hidden /> Why this needs review
                    </p>
                    <ul className="mt-1.5 list-disc pl-6 text-sm text-amber-900 dark:text-amber-100">
                      {invoice.reviewReasons.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <ReviewActions key={invoice.id} invoice={invoice} />
                {onOpenInvoice ? <ReviewQueue currentId={invoice.id} onOpen={onOpenInvoice} /> : null}
                {editing ? (
                  <InvoiceEditForm key={invoice.version} invoice={invoice} onDone={() => setEditing(false)} />
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
