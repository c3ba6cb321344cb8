import { formatDate } from '@shared/format';
import type { Invoice } from '@shared/schemas/invoice';
import { BadgeCheck, Banknote, Undo2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useMarkPaid, useMarkUnpaid } from '@/features/invoices/api/invoice-payment';
import { errorDetail } from '@/lib/api-client';

/** Today on the person's own calendar (the day they paid), as `YYYY-MM-DD`. */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Asks the day it was paid (today by default); a refusal (a 409 for a changed invoice, a 400 for a
 * future day) stays in the dialog, in the server's words.
 */
function MarkPaidDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const [paidOn, setPaidOn] = useState(localToday);
  const mark = useMarkPaid();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Awaited rather than mutate's callbacks: the paid invoice's query swaps this dialog's button for
    // "Paid on", which unmounts the dialog before mutate's callbacks would run. A failure is shown from
    // the mutation's state.
    mark.mutateAsync({ invoice, paidOn }).then(
      () => {
        onClose();
        toast({
          title: 'Invoice marked paid',
          description: `Paid on ${formatDate(paidOn)}. It no longer counts as an open payable.`,
          variant: 'success',
        });
      },
      () => undefined,
    );
  };
  const error = mark.isError ? errorDetail(mark.error) : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o) return;
        mark.reset();
        onClose();
      }}
    >
      <DialogContent title="Mark as paid" returnFocusToDialog>
        <form onSubmit={submit} className="grid gap-4 p-5">
          <FormField id={id} label="Paid on" error={error}>
            <Input
              id={id}
              type="date"
              required
              value={paidOn}
              onChange={(e) => setPaidOn(e.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
              autoFocus
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="success" disabled={mark.isPending || !paidOn}>
              {mark.isPending ? <Spinner /> : <Banknote aria-hidden />} Mark as paid
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The paid mark of an approved invoice: "Paid on <date>" once paid, and for those who may act on
 * approved invoices, Mark as paid (asking the day) or Undo paid. Paid invoices leave the open payables
 * the AP reports count.
 */
export function PaymentActions({ invoice, canMark }: { invoice: Invoice; canMark: boolean }) {
  const [asking, setAsking] = useState(false);
  const unpaid = useMarkUnpaid();
  // A server from before the paid mark sends no paidOn: the invoice then shows as not paid.
  const paidOn = invoice.paidOn ?? null;
  const undo = () =>
    unpaid.mutate(invoice, {
      onSuccess: () =>
        toast({
          title: 'Paid mark removed',
          description: 'The invoice is an open payable again.',
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: 'Error',
          description: `Failed to undo the paid mark: ${errorDetail(e)}`,
          variant: 'destructive',
        }),
    });
  if (paidOn) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-200">
          <BadgeCheck className="size-4 shrink-0" aria-hidden /> Paid on {formatDate(paidOn)}
        </p>
        {canMark ? (
          <Button variant="outline" size="sm" onClick={undo} disabled={unpaid.isPending}>
            {unpaid.isPending ? <Spinner /> : <Undo2 aria-hidden />} Undo paid
          </Button>
        ) : null}
      </div>
    );
  }
  if (!canMark) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setAsking(true)}>
        <Banknote aria-hidden /> Mark as paid
      </Button>
      {asking ? <MarkPaidDialog invoice={invoice} open onClose={() => setAsking(false)} /> : null}
    </div>
  );
}
