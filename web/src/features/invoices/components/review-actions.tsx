import type { Invoice } from '@shared/schemas/invoice';
import {
  Ban,
  Check,
  CircleCheck,
  FileX,
  RefreshCw,
  RotateCcw,
  ShieldAlert,
  Trash,
  TriangleExclamationPoint,
  X,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import {
  useDeleteInvoice,
  useReprocessInvoice,
  useUndoApproval,
} from '@/features/invoices/api/invoice-actions';
import {
  canDecide,
  couldNotRead,
  type InvoiceRights,
  needsReview,
  readyToApprove,
  reviewReasonsOf,
  stageLabel,
} from '@/features/invoices/lib/invoice-rules';
import { errorDetail } from '@/lib/api-client';
import type { useDecision } from './decision';
import { DecisionTextPanel, useApprovalComment } from './decision-text-panel';
import { PromptDialog } from './prompt-dialog';

/** How the dialog asks for a rejection's reason: the dashboard's textarea, or the Invoices page's prompt. */
export type RejectBy = 'panel' | 'prompt';

function useReprocessWithToasts() {
  const reprocess = useReprocessInvoice();
  const run = (id: string) =>
    reprocess.mutate(id, {
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
  return { run, pending: reprocess.isPending };
}

/** The rejection's reason, as the dialog asks for it; `rejecting` opens it (the Reject button, R). */
export function RejectReason({
  by,
  decision,
  rejecting,
  setRejecting,
}: {
  by: RejectBy;
  decision: ReturnType<typeof useDecision>;
  rejecting: boolean;
  setRejecting: (r: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  if (by === 'prompt') {
    return (
      <PromptDialog
        open={rejecting}
        title="Reject invoice"
        label="Why is this invoice rejected?"
        confirmLabel="Reject Invoice"
        pending={decision.rejecting}
        onCancel={() => setRejecting(false)}
        onAnswer={(answer) => {
          setRejecting(false);
          decision.reject(answer);
        }}
      />
    );
  }
  if (!rejecting) return null;
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
  return (
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
  );
}

/** Approve, Reject (with the optional approval comment) and Retry AI Processing, as the person's role allows. */
export function ReviewActions({
  invoice,
  decision,
  rejecting,
  setRejecting,
  allowProcessing,
  rights,
}: {
  invoice: Invoice;
  decision: ReturnType<typeof useDecision>;
  rejecting: boolean;
  setRejecting: (r: boolean) => void;
  /** The dashboard's dialog also decides an invoice still PROCESSING. */
  allowProcessing: boolean;
  rights: InvoiceRights;
}) {
  const reprocess = useReprocessWithToasts();
  const comment = useApprovalComment(decision);
  const busy = decision.approving || decision.rejecting || reprocess.pending;
  const decide = rights.approve && canDecide(invoice, allowProcessing);
  const processing = invoice.status === 'PROCESSING';
  const retry =
    rights.edit && !couldNotRead(invoice) && (needsReview(invoice) || (allowProcessing && processing));

  if (!decide && !retry) return null;
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
        {retry ? (
          <Button variant="outline" onClick={() => reprocess.run(invoice.id)} disabled={busy}>
            {reprocess.pending ? <Spinner /> : <RefreshCw aria-hidden />}
            {processing ? 'Force Retry' : 'Retry AI Processing'}
          </Button>
        ) : null}
      </div>
      {decide ? comment.panel : null}
    </div>
  );
}

/**
 * Reopen and Void of an approved invoice, for those who may approve: each asks why (a blank answer
 * cancels); a reopened invoice is in review again and needs approving again, a voided one is rejected.
 */
export function ApprovedActions({ invoice }: { invoice: Invoice }) {
  const undo = useUndoApproval();
  const [asking, setAsking] = useState<'reopen' | 'void' | null>(null);
  const run = (action: 'reopen' | 'void', reason: string) =>
    undo.mutate(
      { id: invoice.id, action, reason },
      {
        onSuccess: () =>
          toast(
            action === 'reopen'
              ? {
                  title: 'Invoice reopened',
                  description: 'The invoice is back in review and needs approval again.',
                  variant: 'success',
                }
              : { title: 'Invoice voided', description: 'The invoice has been voided.', variant: 'success' },
          ),
        onError: (e) =>
          toast({
            title: 'Error',
            description: `Failed to ${action} invoice: ${errorDetail(e)}`,
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setAsking('reopen')} disabled={undo.isPending}>
        {undo.isPending && undo.variables?.action === 'reopen' ? <Spinner /> : <RotateCcw aria-hidden />}{' '}
        Reopen
      </Button>
      <Button variant="destructive" onClick={() => setAsking('void')} disabled={undo.isPending}>
        {undo.isPending && undo.variables?.action === 'void' ? <Spinner /> : <Ban aria-hidden />} Void
      </Button>
      <PromptDialog
        open={asking !== null}
        title={asking === 'void' ? 'Void invoice' : 'Reopen invoice'}
        label={
          asking === 'void'
            ? 'Why is this approved invoice voided?'
            : 'Why is this approved invoice reopened?'
        }
        confirmLabel={asking === 'void' ? 'Void Invoice' : 'Reopen Invoice'}
        pending={undo.isPending}
        onCancel={() => setAsking(null)}
        onAnswer={(reason) => {
          const action = asking;
          setAsking(null);
          if (action) run(action, reason);
        }}
      />
    </div>
  );
}

/**
 * Why an approval rule on vendor insurance holds the invoice (its steps say so), while it waits: who must
 * approve it, or that nobody can until the vendor has a current certificate.
 */
export function InsuranceHoldNotice({ invoice }: { invoice: Invoice }) {
  const steps = invoice.approvalSteps;
  const hold = steps?.insuranceHold;
  if (!steps || !hold || invoice.status === 'APPROVED' || invoice.status === 'REJECTED') return null;
  const then = hold.blocksApproval
    ? 'It cannot be approved until a current insurance certificate is added to the vendor.'
    : steps.approverRole === 'ADMIN'
      ? 'An admin must approve it.'
      : `It needs ${steps.required} approval${steps.required === 1 ? '' : 's'} under this rule.`;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="font-semibold">{steps.ruleName}:</span> {hold.reason}. {then}
      </span>
    </p>
  );
}

/** The state panels above the actions: still processing, could not read, ready to approve, why review. */
export function InvoiceStateNotice({ invoice }: { invoice: Invoice }) {
  return (
    <>
      <InsuranceHoldNotice invoice={invoice} />
      <StateNotice invoice={invoice} />
    </>
  );
}

function StateNotice({ invoice }: { invoice: Invoice }) {
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
        <ul className="mt-1.5 list-disc pl-6 text-sm break-words text-amber-900 dark:text-amber-100">
          {reviewReasonsOf(invoice).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </div>
    );
  }
  // A rule that refuses approval while the vendor is uninsured: its notice says so, and nothing is ready.
  if (readyToApprove(invoice) && !invoice.approvalSteps?.insuranceHold?.blocksApproval) {
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

/**
 * A file that is not a readable invoice: say so, and offer Reprocess, Reject and Delete (never Approve),
 * each as the person's role allows.
 */
export function CouldNotRead({
  invoice,
  onDeleted,
  onReject,
  rights,
}: {
  invoice: Invoice;
  onDeleted: () => void;
  onReject: () => void;
  rights: InvoiceRights;
}) {
  const reprocess = useReprocessWithToasts();
  const del = useDeleteInvoice();
  const busy = reprocess.pending || del.isPending;
  return (
    <div className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-500/10">
      <p className="flex items-center gap-2 font-semibold text-red-900 dark:text-red-100">
        <FileX className="size-5 shrink-0" aria-hidden /> We could not read this file
      </p>
      <p className="text-sm text-red-900 dark:text-red-100">
        {invoice.readFailure} Reprocess it, or delete it and upload a clearer copy.
      </p>
      {rights.edit || rights.approve ? (
        <div className="flex flex-wrap gap-2">
          {rights.edit ? (
            <Button variant="outline" disabled={busy} onClick={() => reprocess.run(invoice.id)}>
              {reprocess.pending ? <Spinner /> : <RefreshCw aria-hidden />} Reprocess
            </Button>
          ) : null}
          {rights.approve ? (
            <Button variant="outline" disabled={busy} onClick={onReject} aria-keyshortcuts="R">
              <X aria-hidden /> Reject
            </Button>
          ) : null}
          {rights.edit ? (
            <Button
              variant="destructive"
              disabled={busy}
              // Awaited rather than mutate's callbacks: the deleted invoice's query empties this panel, which
              // unmounts it before mutate's callbacks would run.
              onClick={() =>
                del.mutateAsync(invoice.id).then(
                  () => {
                    toast({
                      title: 'Invoice deleted',
                      description: 'The file was deleted.',
                      variant: 'success',
                    });
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
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
