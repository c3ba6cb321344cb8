import { formatFileSize } from '@shared/format';
import { CircleCheck, CircleX, FileText, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { stageLabel, statusLabel, statusTone } from '@/features/invoices';
import { Dropzone, type QueueItem, useUploadQueue } from '@/features/upload';
import { errorDetail } from '@/lib/api-client';
import { useRights, VIEWER_UPLOAD_NOTE } from '@/lib/rights';

function EntryStatus({ item }: { item: QueueItem }) {
  switch (item.status) {
    case 'pending':
    case 'uploading':
      return (
        <div className="mt-2 grid gap-1">
          <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400">
            <span>Uploading</span>
            <span className="tabular-nums">{item.uploadProgress}%</span>
          </div>
          <Progress value={item.uploadProgress} label={`Uploading ${item.file.name}`} />
        </div>
      );
    case 'processing':
      return (
        <p className="mt-1 flex items-center gap-1.5 text-xs text-blue-700 dark:text-blue-300">
          <Spinner className="size-3.5" /> Processing
          {item.invoice?.processingStage ? (
            <span className="text-slate-500 dark:text-slate-400">
              · {stageLabel(item.invoice.processingStage)}
            </span>
          ) : null}
        </p>
      );
    case 'success': {
      const status = item.invoice?.status;
      return (
        <p className="mt-1 flex items-center gap-1.5 text-xs">
          <CircleCheck className="size-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden />
          <span className="text-emerald-700 dark:text-emerald-300">Processed</span>
          {status && status !== 'PROCESSED' ? (
            <Badge tone={statusTone(status)} className="ml-1">
              {statusLabel(status)}
            </Badge>
          ) : null}
        </p>
      );
    }
    case 'error':
      return (
        <p className="mt-1 flex items-start gap-1.5 text-xs text-red-600 dark:text-red-400">
          <CircleX className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>
            Error<span className="text-slate-500 dark:text-slate-400">: {item.error}</span>
          </span>
        </p>
      );
  }
}

/** Dashboard Quick Upload: real upload progress, then the processing stage and the final status. */
export function QuickUpload() {
  const { items, addFiles, remove } = useUploadQueue({
    onUploaded: (item) =>
      toast({
        title: 'Upload successful',
        description: `${item.file.name} has been uploaded and is being processed.`,
        variant: 'success',
      }),
    onError: (item, err) =>
      toast({
        title: 'Upload failed',
        description: `Failed to upload ${item.file.name}: ${errorDetail(err)}`,
        variant: 'destructive',
      }),
    errorText: errorDetail,
    onRejected: (item) => toast({ title: 'Upload failed', description: item.error, variant: 'destructive' }),
  });
  const { edit: uploads } = useRights();

  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <CardTitle>Quick Upload</CardTitle>
        <CardDescription>AI extracts the data in 10-30 seconds.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        {uploads ? (
          <Dropzone compact camera onFiles={addFiles} hint="Supports PDF, PNG, JPG, TIFF up to 10MB" />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {VIEWER_UPLOAD_NOTE}
          </p>
        )}
        {items.length ? (
          <ul aria-label="Uploads" className="grid gap-2">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex min-w-0 items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
              >
                <FileText className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <p
                      className="line-clamp-2 text-sm font-medium break-all text-slate-900 dark:text-white"
                      title={item.file.name}
                    >
                      {item.file.name}
                    </p>
                    <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                      {formatFileSize(item.file.size)}
                    </span>
                  </div>
                  <EntryStatus item={item} />
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${item.file.name} from the list`}
                  onClick={() => remove(item.id)}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
