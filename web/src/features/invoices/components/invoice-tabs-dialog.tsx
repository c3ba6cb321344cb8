import { formatConfidence, formatDate, formatFileSize, formatMoney } from '@shared/format';
import type { Invoice } from '@shared/schemas/invoice';
import { Check, Download, ExternalLink, MessageSquare, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { UserAvatar } from '@/components/user-avatar';
import { useInvoice } from '@/features/invoices/api/get-invoice';
import { useComments } from '@/features/invoices/api/get-invoice-children';
import { useAddComment } from '@/features/invoices/api/invoice-actions';
import { downloadInvoiceFile, openInvoiceInNewTab } from '@/features/invoices/api/invoice-files';
import { useReviewQueue } from '@/features/invoices/hooks/use-review-queue';
import {
  amountDisplay,
  canDecide,
  confidenceTone,
  couldNotRead,
  fieldEditor,
  fileNameOf,
  invoiceDisplayNumber,
  type ReviewField,
  vendorDisplay,
} from '@/features/invoices/lib/invoice-rules';
import { errorDetail } from '@/lib/api-client';
import { formatRelativeTime } from '@/lib/utils';
import { AuditHistory } from './audit-history';
import { useDecision } from './decision';
import { useApprovalComment } from './decision-text-panel';
import { CouldNotRead, InvoiceStateNotice, Section, useFocusFirstField } from './invoice-detail-dialog';
import { LineItemsTable } from './line-items-table';
import { PromptDialog } from './prompt-dialog';
import { ReviewQueue } from './review-queue';
import { escapeLeavesTextBoxFirst, reviewKeyHandler, ShortcutsHelp } from './review-shortcuts';
import { StatusBadge } from './status-badge';

function Row({
  label,
  field,
  editedBy,
  children,
}: {
  label: string;
  /** The invoice field: the keyboard stops on it, and the dialog opens on the first needing attention. */
  field?: ReviewField;
  editedBy?: string | null;
  children: React.ReactNode;
}) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd
        data-field={field}
        tabIndex={field ? 0 : undefined}
        className="rounded-sm break-words text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-white"
      >
        {children || '—'}
        {editedBy ? (
          <Badge tone="blue" className="ml-2 px-1.5 py-0 text-[10px]">
            Edited by {editedBy}
          </Badge>
        ) : null}
      </dd>
    </div>
  );
}

function DetailsTab({ invoice }: { invoice: Invoice }) {
  const cur = invoice.currency ?? 'USD';
  const edit = (field: ReviewField) => ({ field, editedBy: fieldEditor(invoice, field) });
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <Row label="Vendor" {...edit('vendorName')}>
          {vendorDisplay(invoice)}
        </Row>
        <Row label="Invoice #" {...edit('invoiceNumber')}>
          {invoiceDisplayNumber(invoice)}
        </Row>
        <Row label="Invoice Date" {...edit('invoiceDate')}>
          {formatDate(invoice.invoiceDate)}
        </Row>
        <Row label="Due Date" {...edit('dueDate')}>
          {formatDate(invoice.dueDate)}
        </Row>
        <Row label="Category" {...edit('category')}>
          {invoice.categoryName || 'Choose a category'}
        </Row>
        <Row label="Email" {...edit('vendorEmail')}>
          {invoice.vendorEmail}
        </Row>
        <Row label="Phone" {...edit('vendorPhone')}>
          {invoice.vendorPhone}
        </Row>
        <Row label="Address" {...edit('vendorAddress')}>
          {invoice.vendorAddress}
        </Row>
      </dl>
      <div className="grid content-start gap-4">
        <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-4 dark:divide-slate-800 dark:border-slate-800">
          <Row label="Subtotal" {...edit('subtotal')}>
            {formatMoney(invoice.subtotal, cur)}
          </Row>
          <Row label="Tax" {...edit('taxAmount')}>
            {formatMoney(invoice.taxAmount, cur)}
          </Row>
          <Row label="Total" {...edit('totalAmount')}>
            <span className="font-semibold">{amountDisplay(invoice)}</span>
          </Row>
          <Row label="AI Confidence">
            {invoice.aiConfidence === null ? (
              'N/A'
            ) : (
              <Badge tone={confidenceTone(invoice.aiConfidence)}>
                {formatConfidence(invoice.aiConfidence, 0)}
              </Badge>
            )}
          </Row>
        </dl>
        {invoice.notes ? <p className="text-sm text-slate-600 dark:text-slate-300">{invoice.notes}</p> : null}
        <Section title="History">
          <AuditHistory invoiceId={invoice.id} currency={invoice.currency} />
        </Section>
      </div>
    </div>
  );
}

function CommentsTab({ invoice }: { invoice: Invoice }) {
  const { data, isPending, isError } = useComments(invoice.id);
  const add = useAddComment(invoice.id);
  const [text, setText] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const comment = text.trim();
    if (!comment) return;
    add.mutate(comment, {
      onSuccess: () => {
        setText('');
        toast({ title: 'Success', description: 'Comment added', variant: 'success' });
      },
      onError: (err) =>
        toast({
          title: 'Error',
          description: `Failed to add comment: ${errorDetail(err)}`,
          variant: 'destructive',
        }),
    });
  };
  return (
    <div className="grid gap-4">
      {isPending ? (
        <Skeleton className="h-20" />
      ) : isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">Failed to load comments</p>
      ) : data.items.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500 dark:text-slate-400">No comments yet.</p>
      ) : (
        <ul className="grid gap-3">
          {data.items.map((c) => (
            <li key={c.id} className="flex gap-3">
              <UserAvatar firstName={c.userName ?? undefined} className="size-8 text-xs" />
              <div className="min-w-0 flex-1 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  <span className="font-medium text-slate-700 dark:text-slate-200">
                    {c.userName ?? 'Team member'}
                  </span>{' '}
                  · {formatRelativeTime(c.createdAt)}
                </p>
                <p className="mt-0.5 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-100">
                  {c.comment}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="grid gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Add a comment
        </label>
        <Textarea
          id={id}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Write a comment..."
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={!text.trim() || add.isPending}>
            <MessageSquare aria-hidden /> {add.isPending ? 'Adding...' : 'Add Comment'}
          </Button>
        </div>
      </form>
    </div>
  );
}

function FilesTab({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  const name = fileNameOf(invoice);
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center dark:border-slate-800">
      <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-slate-100 text-xs font-bold text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        {invoice.contentType === 'application/pdf'
          ? 'PDF'
          : invoice.contentType.startsWith('image/')
            ? 'IMG'
            : 'FILE'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900 dark:text-white">{name}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {formatFileSize(invoice.fileSize)}
          {invoice.pageCount ? ` · ${invoice.pageCount} page${invoice.pageCount === 1 ? '' : 's'}` : ''} ·
          Uploaded {formatDate(invoice.createdAt)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            openInvoiceInNewTab(invoice.id).catch((e) =>
              toast({ title: 'Error', description: errorDetail(e), variant: 'destructive' }),
            )
          }
        >
          <ExternalLink aria-hidden /> Open
        </Button>
        <Button
          size="sm"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            downloadInvoiceFile(invoice.id, name)
              .catch((e) =>
                toast({ title: 'Download failed', description: errorDetail(e), variant: 'destructive' }),
              )
              .finally(() => setBusy(false));
          }}
        >
          {busy ? <Spinner /> : <Download aria-hidden />} Download
        </Button>
      </div>
    </div>
  );
}

/** The Invoices page dialog: tabs Details, Line Items, Comments, Files; Approve/Reject while undecided. */
export function InvoiceTabsDialog({
  invoiceId,
  onClose,
  onOpenInvoice,
}: {
  invoiceId: string | null;
  onClose: () => void;
  /** Shows another invoice in this dialog (the queue's next one, a duplicate's original). */
  onOpenInvoice?: (id: string) => void;
}) {
  const { data: invoice, isPending, isError } = useInvoice(invoiceId);
  const queue = useReviewQueue(onOpenInvoice ? invoiceId : null);
  const [asking, setAsking] = useState(false);
  const [help, setHelp] = useState(false);
  const [tab, setTab] = useState('details');
  const [shownId, setShownId] = useState(invoiceId);
  if (shownId !== invoiceId) {
    setShownId(invoiceId);
    setTab('details');
  }
  const open_ = (id: string | undefined) => id && onOpenInvoice?.(id);
  const nextId = queue.next?.id;
  const decision = useDecision({
    invoice,
    onDecided: () => open_(nextId),
    onOpenInvoice,
    failTitle: { approve: 'Error', reject: 'Error' },
  });
  const comment = useApprovalComment(decision);
  const body = useFocusFirstField(tab === 'details' ? invoice : undefined, false);
  const decide = invoice ? canDecide(invoice, false) : false;
  const onKeyDown = reviewKeyHandler({
    approve: decide ? decision.approve : undefined,
    reject: decide ? () => setAsking(true) : undefined,
    next: onOpenInvoice ? () => open_(queue.next?.id) : undefined,
    previous: onOpenInvoice ? () => open_(queue.previous?.id) : undefined,
    help: () => setHelp(true),
  });

  return (
    <Dialog open={Boolean(invoiceId)} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        wide
        className="max-w-4xl"
        onKeyDown={onKeyDown}
        onEscapeKeyDown={escapeLeavesTextBoxFirst}
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.target as HTMLElement).focus();
        }}
        headerActions={<ShortcutsHelp open={help} onOpenChange={setHelp} />}
        title={
          <span className="flex items-center gap-2">
            {invoice ? `Invoice #${invoiceDisplayNumber(invoice)}` : 'Invoice'}
            {invoice ? <StatusBadge status={invoice.status} /> : null}
          </span>
        }
        description={invoice ? `${vendorDisplay(invoice)} · ${amountDisplay(invoice)}` : 'Invoice details'}
      >
        {isPending ? (
          <div className="grid gap-3 p-5">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-48" />
          </div>
        ) : isError || !invoice ? (
          <p className="p-8 text-center text-sm text-red-600 dark:text-red-400">
            Failed to load invoice details
          </p>
        ) : (
          <div ref={body} className="grid gap-4 p-5">
            {couldNotRead(invoice) ? <CouldNotRead invoice={invoice} onDeleted={onClose} /> : null}
            <InvoiceStateNotice invoice={invoice} />
            {decide ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="success"
                  disabled={decision.approving}
                  onClick={decision.approve}
                  aria-keyshortcuts="A"
                >
                  <Check aria-hidden /> Approve
                </Button>
                <Button
                  variant="destructive"
                  onClick={() => setAsking(true)}
                  disabled={decision.rejecting}
                  aria-keyshortcuts="R"
                >
                  <X aria-hidden /> Reject
                </Button>
                {comment.toggle(decision.approving || decision.rejecting)}
              </div>
            ) : null}
            {decide ? comment.panel : null}
            {decision.confirmDialog}
            {onOpenInvoice ? <ReviewQueue queue={queue} onOpen={onOpenInvoice} /> : null}
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList className="w-full justify-start overflow-x-auto sm:w-auto">
                <TabsTrigger value="details">Details</TabsTrigger>
                <TabsTrigger value="line-items">Line Items</TabsTrigger>
                <TabsTrigger value="comments">Comments</TabsTrigger>
                <TabsTrigger value="files">Files</TabsTrigger>
              </TabsList>
              <TabsContent value="details" className="pt-4">
                <DetailsTab invoice={invoice} />
              </TabsContent>
              <TabsContent value="line-items" className="pt-4">
                <LineItemsTable invoiceId={invoice.id} currency={invoice.currency ?? 'USD'} />
              </TabsContent>
              <TabsContent value="comments" className="pt-4">
                <CommentsTab invoice={invoice} />
              </TabsContent>
              <TabsContent value="files" className="pt-4">
                <FilesTab invoice={invoice} />
              </TabsContent>
            </Tabs>
            <PromptDialog
              open={asking}
              title="Reject invoice"
              label="Why is this invoice rejected?"
              confirmLabel="Reject Invoice"
              pending={decision.rejecting}
              onCancel={() => setAsking(false)}
              onAnswer={(reason) => {
                setAsking(false);
                decision.reject(reason);
              }}
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
