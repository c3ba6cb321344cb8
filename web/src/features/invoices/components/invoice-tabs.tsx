import { formatDate, formatFileSize } from '@shared/format';
import type { Invoice } from '@shared/schemas/invoice';
import { Download, ExternalLink, MessageSquare } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { UserAvatar } from '@/components/user-avatar';
import { useComments } from '@/features/invoices/api/get-invoice-children';
import { useAddComment } from '@/features/invoices/api/invoice-actions';
import { downloadInvoiceFile, openInvoiceInNewTab } from '@/features/invoices/api/invoice-files';
import { fileNameOf } from '@/features/invoices/lib/invoice-rules';
import { errorDetail } from '@/lib/api-client';
import { formatRelativeTime } from '@/lib/utils';

/** The Comments tab: the team's comments, and a box to add one (for those who may edit). */
export function CommentsTab({ invoice, canComment }: { invoice: Invoice; canComment: boolean }) {
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
      {canComment ? (
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
      ) : null}
    </div>
  );
}

/** The Files tab: the stored file, to open or download. */
export function FilesTab({ invoice }: { invoice: Invoice }) {
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
