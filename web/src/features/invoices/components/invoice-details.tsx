import { formatConfidence, formatDate, formatMoney } from '@shared/format';
import type { Invoice } from '@shared/schemas/invoice';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import {
  amountDisplay,
  confidenceTone,
  fieldEditor,
  invoiceDisplayNumber,
  type ReviewField,
  vendorDisplay,
} from '@/features/invoices/lib/invoice-rules';
import { cn } from '@/lib/utils';
import { CreditBadge } from './credit-badge';
import { useClearHighlightOnUnmount, useFieldHighlight } from './field-highlight';
import { RetrySyncButton } from './retry-sync-button';

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

/** How each sync outcome reads; REVERSED: the bill was taken back when the invoice was reopened or voided. */
const SYNC_BADGES: Record<Invoice['syncResults'][number]['status'], { tone: BadgeTone; label: string }> = {
  SYNCED: { tone: 'green', label: 'Synced' },
  FAILED: { tone: 'red', label: 'Failed' },
  RETRYING: { tone: 'blue', label: 'Retrying' },
  PENDING: { tone: 'blue', label: 'Pending' },
  REVERSED: { tone: 'gray', label: 'Taken back' },
};
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

/** Where an invoice split from a batch file came from: "Split from scan.pdf, pages 3–4". */
export function batchNote(batch: NonNullable<Invoice['batch']>): string {
  const pages =
    batch.firstPage === batch.lastPage
      ? `page ${batch.firstPage}`
      : `pages ${batch.firstPage}–${batch.lastPage}`;
  return `Split from ${batch.filename}, ${pages}`;
}

/** The Details tab: the extracted fields with their confidence (or who corrected them), and the sync. */
export function ExtractedInformation({ invoice, canRetrySync }: { invoice: Invoice; canRetrySync: boolean }) {
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
          <span className="inline-flex items-center gap-2 text-base font-semibold">
            {amountDisplay(invoice)}
            <CreditBadge invoice={invoice} />
          </span>,
        )}
        {field('category', 'Category', invoice.categoryName || 'Choose a category')}
        {field('vendorEmail', 'Vendor Email', invoice.vendorEmail)}
        {field('vendorPhone', 'Vendor Phone', invoice.vendorPhone)}
        {field('vendorAddress', 'Vendor Address', invoice.vendorAddress, true)}
        {invoice.amountDue !== null && invoice.amountDue !== undefined ? (
          <Field label="Amount Due" value={formatMoney(invoice.amountDue, cur)} />
        ) : null}
        {invoice.accountNumber ? <Field label="Account Number" value={invoice.accountNumber} /> : null}
        {invoice.servicePeriodStart && invoice.servicePeriodEnd ? (
          <Field
            label="Service Period"
            value={`${formatDate(invoice.servicePeriodStart)} – ${formatDate(invoice.servicePeriodEnd)}`}
          />
        ) : null}
        {invoice.serviceAddress ? (
          <Field wide label="Service Address" value={invoice.serviceAddress} />
        ) : null}
        {invoice.allocations?.length ? (
          <Field
            wide
            label="Split"
            value={
              <ul className="grid gap-0.5">
                {invoice.allocations.map((a) => (
                  <li key={`${a.propertyId}-${a.categoryId ?? ''}`}>
                    {a.propertyName ?? 'A property since deleted'}
                    {a.categoryName ? ` · ${a.categoryName}` : ''}: {formatMoney(a.amount, cur)}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        {invoice.notes ? <Field wide label="Notes" value={invoice.notes} /> : null}
        {invoice.rejectionReason ? (
          <Field wide label="Rejection Reason" value={invoice.rejectionReason} />
        ) : null}
      </dl>
      {invoice.batch ? (
        <p data-testid="batch-note" className="text-sm text-slate-600 dark:text-slate-300">
          {batchNote(invoice.batch)}
        </p>
      ) : null}
      {invoice.matchNotes?.length ? (
        <Section title="How it was matched">
          <ul className="grid gap-1 text-sm text-slate-700 dark:text-slate-300">
            {invoice.matchNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </Section>
      ) : null}
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
                  {s.lastError ? (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{s.lastError}</span>
                  ) : null}
                </span>
                <Badge tone={SYNC_BADGES[s.status].tone}>{SYNC_BADGES[s.status].label}</Badge>
              </li>
            ))}
          </ul>
          {canRetrySync && invoice.syncResults.some((s) => s.status === 'FAILED') ? (
            <RetrySyncButton invoiceId={invoice.id} />
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}
