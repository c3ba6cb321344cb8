import { formatFileSize } from '@shared/format';
import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX, Clock, FileText, Lightbulb, X } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { stageLabel, statusLabel, statusTone } from '@/features/invoices';
import { InboxCard } from '@/features/organization';
import { ApiError } from '@/lib/api-client';
import { useRights, VIEWER_UPLOAD_NOTE } from '@/lib/rights';
import { Dropzone } from './components/dropzone';
import { type QueueItem, useUploadQueue } from './hooks/use-upload-queue';
import { canRemove, QUEUE_STATUS_LABELS, queueProgress } from './lib/queue-progress';

/** The queue row text for a failed upload. */
export function uploadErrorText(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage || `Upload failed with status ${err.status}`;
  return err instanceof Error ? err.message : String(err);
}

const TIPS = [
  'Upload clear scans or the original PDF for the best accuracy.',
  'One invoice per file; multi-page invoices are fine.',
  'Files up to 10MB: PDF, JPEG, PNG and TIFF.',
  'Processing usually takes 10-30 seconds per invoice.',
  'Anything the AI is unsure about is flagged for your review.',
];

function StatusIcon({ item }: { item: QueueItem }) {
  if (item.status === 'success')
    return <CircleCheck className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden />;
  if (item.status === 'error')
    return <CircleX className="size-5 text-red-600 dark:text-red-400" aria-hidden />;
  if (item.status === 'pending') return <Clock className="size-5 text-slate-400" aria-hidden />;
  return <Spinner className="size-5 text-brand-600 dark:text-brand-400" />;
}

export function UploadPage() {
  const { items, addFiles, remove, clearFinished } = useUploadQueue({
    onProcessed: (item) =>
      toast({
        title: 'Success',
        description: `${item.file.name} uploaded and processed successfully`,
        variant: 'success',
      }),
    onError: (item) =>
      toast({ title: 'Error', description: `Failed to upload ${item.file.name}`, variant: 'destructive' }),
    errorText: uploadErrorText,
    onRejected: (item) => toast({ title: 'Error', description: item.error, variant: 'destructive' }),
  });
  const finished = items.some((i) => i.status === 'success' || i.status === 'error');
  const { edit: uploads } = useRights();

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <PageHeader
        title="Upload Invoices"
        description="Drop vendor invoices here and let AI extract the data."
      />
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card>
            <CardContent className="p-5">
              {uploads ? (
                <Dropzone camera onFiles={addFiles} hint="Supports PDF, JPEG, PNG, and TIFF files" />
              ) : (
                <p className="rounded-xl border-2 border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
                  {VIEWER_UPLOAD_NOTE}
                </p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <div>
                <CardTitle>Processing Queue</CardTitle>
                <CardDescription>
                  {items.length
                    ? `${items.length} file${items.length === 1 ? '' : 's'}`
                    : 'Files you add appear here with their progress.'}
                </CardDescription>
              </div>
              {finished ? (
                <Button variant="ghost" size="sm" onClick={clearFinished}>
                  Clear finished
                </Button>
              ) : null}
            </CardHeader>
            <CardContent>
              {items.length === 0 ? (
                <div className="rounded-lg border border-dashed border-slate-200 py-10 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
                  No files in the queue
                </div>
              ) : (
                <ul className="grid gap-3" aria-label="Processing Queue">
                  {items.map((item) => {
                    const progress = queueProgress(item);
                    return (
                      <li
                        key={item.id}
                        className="flex min-w-0 items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
                      >
                        <StatusIcon item={item} />
                        <div className="min-w-0 flex-1">
                          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                            <p
                              className="truncate text-sm font-medium text-slate-900 dark:text-white"
                              title={item.file.name}
                            >
                              {item.file.name}
                            </p>
                            <span className="text-xs text-slate-500 dark:text-slate-400">
                              {formatFileSize(item.file.size)}
                            </span>
                          </div>
                          <Progress className="mt-2" value={progress} label={`${item.file.name} progress`} />
                          <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2 text-xs">
                            <span
                              className={
                                item.status === 'error'
                                  ? 'text-red-600 dark:text-red-400'
                                  : 'text-slate-600 dark:text-slate-300'
                              }
                            >
                              {item.status === 'error'
                                ? item.error
                                : item.status === 'processing'
                                  ? `${QUEUE_STATUS_LABELS.processing} · ${stageLabel(item.invoice?.processingStage)}`
                                  : QUEUE_STATUS_LABELS[item.status]}
                            </span>
                            <span className="flex items-center gap-2">
                              {item.status === 'success' && item.invoice ? (
                                <>
                                  <Badge tone={statusTone(item.invoice.status)}>
                                    {statusLabel(item.invoice.status)}
                                  </Badge>
                                  <Link
                                    to="/"
                                    search={{ invoice: item.invoice.id }}
                                    className="font-medium text-brand-600 hover:underline dark:text-brand-400"
                                  >
                                    View
                                  </Link>
                                </>
                              ) : null}
                              <span className="text-slate-500 tabular-nums dark:text-slate-400">
                                {progress}%
                              </span>
                            </span>
                          </div>
                        </div>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Remove ${item.file.name}`}
                          disabled={!canRemove(item)}
                          onClick={() => remove(item.id)}
                        >
                          <X aria-hidden />
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <Card className="h-fit">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Lightbulb className="size-4 text-amber-500" aria-hidden /> Upload Tips
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-3 text-sm text-slate-600 dark:text-slate-300">
                {TIPS.map((t) => (
                  <li key={t} className="flex gap-2">
                    <FileText className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
                    {t}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <InboxCard />
        </div>
      </div>
    </div>
  );
}
