import { formatDateTime, formatMoney } from '@shared/format';
import type { Vendor } from '@shared/schemas/entities';
import type { ApprovedHistory, LearnedField, LearnedLayout } from '@shared/schemas/vendor-memory';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { useResetVendorMemory, useVendorMemory } from '@/features/vendors/api/vendor-memory';
import { errorDetail } from '@/lib/api-client';
import { useRights } from '@/lib/rights';
import { cn, formatRelativeTime } from '@/lib/utils';

/** The server names fields as a sentence does ("invoice number"); a table cell starts with a capital. */
const asLabel = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

function FieldRow({ field }: { field: LearnedField }) {
  return (
    <TableRow className={cn(!field.used && 'text-slate-500 dark:text-slate-400')}>
      <TableCell className="font-medium">
        {asLabel(field.words)}
        {field.used ? null : (
          <p className="text-xs font-normal text-amber-700 dark:text-amber-300">
            No longer used: corrected too often
          </p>
        )}
      </TableCell>
      <TableCell>{field.foundBy}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        right {field.right}, wrong {field.wrong}
      </TableCell>
    </TableRow>
  );
}

function LayoutItem({ layout }: { layout: LearnedLayout }) {
  const headingId = useId();
  const n = layout.approvals;
  return (
    <li className="grid gap-2">
      <div>
        <h4 id={headingId} className="text-sm font-medium text-slate-900 dark:text-white">
          Layout learned from {n} approved invoice{n === 1 ? '' : 's'}
        </h4>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Last approved{' '}
          <time dateTime={layout.approvedAt} title={formatDateTime(layout.approvedAt)}>
            {formatRelativeTime(layout.approvedAt)}
          </time>
        </p>
      </div>
      <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHead>Field</TableHead>
              <TableHead>Found by</TableHead>
              <TableHead>Record</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {layout.fields.map((field, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a field may be found more than one way, and the list is only ever replaced whole
              <FieldRow key={`${field.field}-${i}`} field={field} />
            ))}
          </TableBody>
        </Table>
      </div>
    </li>
  );
}

/** The vendor's payment terms as a person reads them. */
const termsText = (days: number) =>
  days === 0 ? 'Due on the invoice date' : `Due ${days} day${days === 1 ? '' : 's'} after the invoice date`;

/** The vendor's tax as a person reads it: "Tax at 19% of the subtotal", "No tax charged". */
function taxText(tax: NonNullable<ApprovedHistory['tax']>): string {
  if (!tax.taxed) return 'No tax charged';
  if (tax.rate === null) return 'Tax charged, at varying rates';
  return `Tax at ${Math.round(tax.rate * 10_000) / 100}% of the subtotal`;
}

/** What the vendor's approved invoices taught: what a new invoice of it is weighed against. */
function HistorySummary({ history }: { history: ApprovedHistory }) {
  const n = history.approvedInvoices;
  return (
    <div className="grid gap-1 text-sm text-slate-700 dark:text-slate-300">
      <h4 className="text-sm font-medium text-slate-900 dark:text-white">
        From {n} approved invoice{n === 1 ? '' : 's'}
      </h4>
      <ul className="grid gap-1">
        {history.totals.map((t) => (
          <li key={t.currency}>
            Totals from {formatMoney(t.lowest, t.currency)} to {formatMoney(t.highest, t.currency)}
            {t.count < n ? ` (${t.count} in ${t.currency})` : ''}
          </li>
        ))}
        {history.lastInvoiceNumber ? <li>Last invoice number {history.lastInvoiceNumber}</li> : null}
        {history.accounts.map((a) => (
          <li key={a.accountNumber}>
            Account {a.accountNumber} is booked to {a.propertyName ?? 'a property since deleted'}
          </li>
        ))}
        {/* Older answers predate the bank accounts. */}
        {(history.paymentAccounts ?? []).map((a) => (
          <li key={`${a.kind}-${a.last4}`}>
            Paid to the {a.kind === 'iban' ? 'IBAN' : 'bank account'} ending {a.last4}
          </li>
        ))}
        {/* Older answers predate the terms and the tax too. */}
        {history.paymentTerms ? <li>{termsText(history.paymentTerms.days)}</li> : null}
        {history.tax ? <li>{taxText(history.tax)}</li> : null}
        {history.split ? (
          <li>
            Split{' '}
            {history.split.shares
              .map((s) => `${s.percent}% ${s.propertyName ?? 'a property since deleted'}`)
              .join(', ')}{' '}
            on its last {history.split.count} approved invoices
          </li>
        ) : null}
      </ul>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        A new invoice far outside these totals, numbered unlike them, taxed unlike them, or asking for payment
        to another bank account is sent to review.
        {history.paymentTerms ? ' One without a due date is given one by these terms.' : ''}
        {history.split ? ' Its next invoice arrives split the same way, for you to confirm.' : ''}
      </p>
    </div>
  );
}

/**
 * 'What the AI learned about this vendor': per layout the AI remembers from corrected and approved
 * invoices, where it finds each field and how often that proved right. Editors may reset it, after a
 * confirmation, so the vendor's next invoice is read from scratch.
 */
export function VendorMemorySection({ vendor }: { vendor: Pick<Vendor, 'id' | 'name'> }) {
  const memory = useVendorMemory(vendor.id);
  const reset = useResetVendorMemory();
  const { edit: maintains } = useRights();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const layouts = memory.data?.layouts ?? [];
  const history = memory.data?.history;
  const learned = layouts.length > 0 || (history?.approvedInvoices ?? 0) > 0;

  const confirmReset = () =>
    reset.mutate(vendor.id, {
      onSuccess: () => {
        toast({
          title: 'Memory reset',
          description: `The AI forgot what it learned about ${vendor.name}.`,
          variant: 'success',
        });
        setConfirming(false);
      },
      onError: (e) =>
        toast({
          title: 'Failed to reset what was learned',
          description: errorDetail(e),
          variant: 'destructive',
        }),
    });

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 border-t border-slate-200 p-5 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
          What the AI learned about this vendor
        </h3>
        {/* Nothing to forget while nothing is learned. */}
        {maintains && learned ? (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <RotateCcw aria-hidden /> Reset what was learned
          </Button>
        ) : null}
      </div>
      {memory.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading what was learned...
          </span>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-24 rounded-lg" />
        </div>
      ) : memory.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Failed to load what was learned
        </p>
      ) : !learned ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Nothing learned yet. When someone corrects and approves an invoice from this vendor, the AI
          remembers where each field is on that layout.
        </p>
      ) : (
        <>
          {history && history.approvedInvoices > 0 ? <HistorySummary history={history} /> : null}
          {layouts.length > 0 ? (
            <ul aria-labelledby={headingId} className="grid gap-5">
              {layouts.map((layout) => (
                <LayoutItem key={layout.id} layout={layout} />
              ))}
            </ul>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Reset what was learned about ${vendor.name}?`}
        description="The next invoice from this vendor is read as if it were the first."
        confirmLabel="Reset"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        onConfirm={confirmReset}
        returnFocusToDialog
      />
    </section>
  );
}
