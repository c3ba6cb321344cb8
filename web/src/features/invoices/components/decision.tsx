import type { Invoice } from '@shared/schemas/invoice';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useApproveInvoice, useRejectInvoice } from '@/features/invoices/api/invoice-actions';
import {
  amountDisplay,
  approvalRecordedText,
  approvalsWaiting,
  type DuplicateRef,
  duplicateOf,
  isCredit,
} from '@/features/invoices/lib/invoice-rules';
import { errorDetail } from '@/lib/api-client';

/**
 * Asks before approving what should not go through on one key press: a suspected duplicate (names the
 * other invoice and opens it on request) or a credit note (money owed back, not a bill to pay).
 */
function ApproveConfirmDialog({
  other,
  credit,
  open,
  pending,
  onCancel,
  onConfirm,
  onOpenOther,
}: {
  other: DuplicateRef | null;
  /** The credit's total as shown ('-$120.00'), when the invoice is a credit note. */
  credit: string | null;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  onOpenOther?: (id: string) => void;
}) {
  const creditText = credit
    ? `The total is ${credit}: this is a credit note, money owed to you, not a bill to pay.`
    : '';
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent
        returnFocusToDialog
        title={other ? 'Approve a possible duplicate?' : 'Approve a credit note?'}
        description={
          other
            ? [
                `This invoice may be a duplicate of ${other.label}: ${other.why}. Approving both may pay the same bill twice.`,
                creditText,
              ]
                .filter(Boolean)
                .join(' ')
            : `${creditText} Approving it books the credit.`
        }
      >
        <div className="grid gap-3 px-5 py-4">
          {other && onOpenOther ? (
            <Button variant="link" className="justify-self-start px-0" onClick={() => onOpenOther(other.id)}>
              <ExternalLink aria-hidden /> Open {other.label}
            </Button>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="success" onClick={onConfirm} disabled={pending}>
              {pending ? 'Approving...' : other ? 'Approve anyway' : 'Approve credit'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Approve and reject for one invoice, shared by both invoice dialogs: approving a suspected duplicate
 * or a credit note asks first (however it is approved: button or A); after a decision `onDecided` runs (the dialogs open the next invoice in the queue).
 * `comment` is the approver's optional comment on this invoice, sent with the approval however it is
 * given (button, A, or after the duplicate question) and shown in the History.
 * `failTitle` is the toast title of a failure, which the two dialogs word differently (spec 8).
 */
export function useDecision({
  invoice,
  onDecided,
  onOpenInvoice,
  failTitle,
}: {
  /** Undefined while it loads: then the actions do nothing. */
  invoice: Invoice | undefined;
  onDecided?: () => void;
  onOpenInvoice?: (id: string) => void;
  failTitle: { approve: string; reject: string };
}) {
  const approveMutation = useApproveInvoice();
  const rejectMutation = useRejectInvoice();
  const [confirming, setConfirming] = useState(false);
  // Kept with the invoice it was written for, so moving to the next invoice starts with none.
  const [draft, setDraft] = useState({ invoiceId: '', text: '' });
  const comment = invoice && draft.invoiceId === invoice.id ? draft.text : '';
  const setComment = (text: string) => invoice && setDraft({ invoiceId: invoice.id, text });
  const other = invoice ? duplicateOf(invoice) : null;
  const credit = invoice && isCredit(invoice) ? amountDisplay(invoice) : null;

  const runApprove = () =>
    invoice &&
    approveMutation.mutate(
      { id: invoice.id, comment: comment.trim() || undefined },
      {
        onSuccess: (after) => {
          setConfirming(false);
          setDraft({ invoiceId: '', text: '' });
          const waiting = approvalsWaiting(after);
          toast(
            waiting
              ? { title: approvalRecordedText(waiting), variant: 'success' }
              : {
                  title: 'Invoice approved',
                  description: 'The invoice will be synced to your property management system.',
                  variant: 'success',
                },
          );
          onDecided?.();
        },
        onError: (e) => {
          setConfirming(false);
          toast({
            title: failTitle.approve,
            description: `Failed to approve invoice: ${errorDetail(e)}`,
            variant: 'destructive',
          });
        },
      },
    );

  const approve = () => {
    if (!invoice || approveMutation.isPending) return;
    if (other || credit) setConfirming(true);
    else runApprove();
  };

  const reject = (reason: string, onDone?: () => void) =>
    invoice &&
    rejectMutation.mutate(
      { id: invoice.id, reason },
      {
        onSuccess: () => {
          onDone?.();
          toast({ title: 'Invoice rejected', description: 'The invoice has been marked for review.' });
          onDecided?.();
        },
        onError: (e) =>
          toast({
            title: failTitle.reject,
            description: `Failed to reject invoice: ${errorDetail(e)}`,
            variant: 'destructive',
          }),
      },
    );

  const confirmDialog =
    other || credit ? (
      <ApproveConfirmDialog
        other={other}
        credit={credit}
        open={confirming}
        pending={approveMutation.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={runApprove}
        onOpenOther={
          onOpenInvoice
            ? (id) => {
                setConfirming(false);
                onOpenInvoice(id);
              }
            : undefined
        }
      />
    ) : null;

  return {
    approve,
    reject,
    comment,
    setComment,
    approving: approveMutation.isPending,
    rejecting: rejectMutation.isPending,
    confirmDialog,
  };
}
