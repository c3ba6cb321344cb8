import type { Invoice } from '@shared/schemas/invoice';
import { Combine, Scissors } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useMergeWithPrevious, useSplitInvoice } from '@/features/invoices/api/invoice-boundaries';
import { errorDetail } from '@/lib/api-client';

const pages = (first: number, last: number) => (first === last ? `page ${first}` : `pages ${first}–${last}`);

/**
 * Asks the page the new invoice starts at (2 by default); a refusal (a 409 for a changed invoice, a
 * 400 for a page out of range) stays in the dialog, in the server's words.
 */
function SplitDialog({ invoice, count, onClose }: { invoice: Invoice; count: number; onClose: () => void }) {
  const id = useId();
  const [atPage, setAtPage] = useState(2);
  const split = useSplitInvoice();
  const valid = Number.isInteger(atPage) && atPage >= 2 && atPage <= count;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    // Awaited rather than mutate's callbacks: the kept invoice's query may re-render the dialog first.
    split.mutateAsync({ invoice, atPage }).then(
      () => {
        onClose();
        toast({
          title: 'Invoice split',
          description: `The new invoice holds ${pages(atPage, count)}. Both invoices are being read again.`,
          variant: 'success',
        });
      },
      () => undefined,
    );
  };
  const error = split.isError ? errorDetail(split.error) : undefined;
  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (o) return;
        split.reset();
        onClose();
      }}
    >
      <DialogContent title="Split this invoice" returnFocusToDialog>
        <form onSubmit={submit} className="grid gap-4 p-5">
          <FormField
            id={id}
            label="First page of the new invoice"
            hint={
              valid
                ? `This invoice keeps ${pages(1, atPage - 1)}; ${pages(atPage, count)} ${atPage === count ? 'becomes' : 'become'} a new invoice.`
                : `Choose a page from 2 to ${count}.`
            }
            error={error}
          >
            <Input
              id={id}
              type="number"
              min={2}
              max={count}
              step={1}
              required
              value={Number.isNaN(atPage) ? '' : atPage}
              onChange={(e) => setAtPage(e.target.valueAsNumber)}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              autoFocus
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={split.isPending || !valid}>
              {split.isPending ? <Spinner /> : <Scissors aria-hidden />} Split invoice
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Asks before merging: this invoice is deleted, its pages join the invoice before it. */
function MergeDialog({
  invoice,
  onClose,
  onMerged,
}: {
  invoice: Invoice & { batch: NonNullable<Invoice['batch']> };
  onClose: () => void;
  onMerged: (merged: Invoice) => void;
}) {
  const merge = useMergeWithPrevious();
  const run = () =>
    merge.mutateAsync(invoice).then(
      (merged) => {
        onMerged(merged);
        toast({
          title: 'Invoices merged',
          description: `One invoice again: ${pages(merged.batch?.firstPage ?? 1, invoice.batch.lastPage)} of ${invoice.batch.filename}. It is being read again.`,
          variant: 'success',
        });
      },
      () => undefined,
    );
  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (o) return;
        merge.reset();
        onClose();
      }}
    >
      <DialogContent title="Merge with previous invoice" returnFocusToDialog>
        <div className="grid gap-4 p-5">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            This invoice ({pages(invoice.batch.firstPage, invoice.batch.lastPage)} of {invoice.batch.filename}
            ) joins the invoice before it, which is then read again as one invoice. This invoice is deleted.
          </p>
          {merge.isError ? (
            <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {errorDetail(merge.error)}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={run} disabled={merge.isPending}>
              {merge.isPending ? <Spinner /> : <Combine aria-hidden />} Merge invoices
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Where a batch file's documents begin and end, corrected by a reviewer: "Split here…" on a PDF invoice
 * of several pages, "Merge with previous invoice" on one split from a file after its first document.
 * Neither is offered on an approved invoice, nor to someone who may not edit invoices.
 */
export function BoundaryActions({
  invoice,
  canEdit,
  onMerged,
}: {
  invoice: Invoice;
  canEdit: boolean;
  /** The invoice this one was merged into, which the dialog shows from then on. */
  onMerged: (merged: Invoice) => void;
}) {
  const [asking, setAsking] = useState<'split' | 'merge' | null>(null);
  if (!canEdit || invoice.status === 'APPROVED' || invoice.contentType !== 'application/pdf') return null;
  const { batch } = invoice;
  const count = batch ? batch.lastPage - batch.firstPage + 1 : (invoice.pageCount ?? 1);
  const mergeable = batch && batch.firstPage > 1 ? { ...invoice, batch } : null;
  if (count < 2 && !mergeable) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {count >= 2 ? (
        <Button variant="outline" size="sm" onClick={() => setAsking('split')}>
          <Scissors aria-hidden /> Split here…
        </Button>
      ) : null}
      {mergeable ? (
        <Button variant="outline" size="sm" onClick={() => setAsking('merge')}>
          <Combine aria-hidden /> Merge with previous invoice
        </Button>
      ) : null}
      {asking === 'split' ? (
        <SplitDialog invoice={invoice} count={count} onClose={() => setAsking(null)} />
      ) : null}
      {asking === 'merge' && mergeable ? (
        <MergeDialog
          invoice={mergeable}
          onClose={() => setAsking(null)}
          onMerged={(merged) => {
            setAsking(null);
            onMerged(merged);
          }}
        />
      ) : null}
    </div>
  );
}
