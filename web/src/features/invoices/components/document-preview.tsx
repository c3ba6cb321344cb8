import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FileText, Image as ImageIcon, TriangleExclamationPoint } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Invoice } from '../../../../../shared/schemas/invoice';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorDetail } from '../../../lib/api-client';
import { invoiceQueryKey } from '../api/get-invoice';
import { fetchInvoicePreview, openInvoiceInNewTab } from '../api/invoice-files';
import { fileNameOf } from '../lib/invoice-rules';

type Kind = 'pdf' | 'image' | 'other';

export function previewKind(invoice: Pick<Invoice, 'contentType' | 'filename' | 'fileName'>): Kind {
  const type = invoice.contentType?.toLowerCase() ?? '';
  const name = fileNameOf(invoice).toLowerCase();
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (type === 'image/png' || type === 'image/jpeg' || /\.(png|jpe?g)$/.test(name)) return 'image';
  return 'other';
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex h-full min-h-72 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-500 dark:text-slate-400">
      {children}
    </div>
  );
}

function OpenInNewTab({ id }: { id: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        openInvoiceInNewTab(id).catch((err) =>
          toast({
            title: 'Error',
            description: errorDetail(err) || 'Failed to load PDF',
            variant: 'destructive',
          }),
        )
      }
    >
      <ExternalLink aria-hidden /> Open in New Tab
    </Button>
  );
}

/** The document preview: PDFs in the browser's viewer, PNG/JPEG as images, from a blob URL. */
export function DocumentPreview({ invoice }: { invoice: Invoice }) {
  const kind = previewKind(invoice);
  const file = useQuery({
    queryKey: [...invoiceQueryKey(invoice.id), 'preview'] as const,
    queryFn: () => fetchInvoicePreview(invoice.id),
    enabled: kind !== 'other',
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!file.data) return;
    const objectUrl = URL.createObjectURL(
      kind === 'pdf' && file.data.blob.type !== 'application/pdf'
        ? new Blob([file.data.blob], { type: 'application/pdf' })
        : file.data.blob,
    );
    setReady(false);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file.data, kind]);

  const name = fileNameOf(invoice);

  if (kind === 'other') {
    return (
      <Centered>
        <span className="grid size-16 place-items-center rounded-xl bg-slate-100 text-xs font-bold text-slate-500 dark:bg-slate-800 dark:text-slate-300">
          {invoice.contentType?.startsWith('image/') ? 'IMG' : 'FILE'}
        </span>
        <p className="font-medium text-slate-700 dark:text-slate-200">{name}</p>
        <p>Preview available for PDF files only</p>
      </Centered>
    );
  }
  if (file.isError) {
    return (
      <Centered>
        <TriangleExclamationPoint className="size-8 text-red-500" aria-hidden />
        <p className="font-semibold text-slate-900 dark:text-white">Failed to Load PDF</p>
        <p className="max-w-xs">{errorDetail(file.error) || 'Failed to load PDF'}</p>
        <OpenInNewTab id={invoice.id} />
      </Centered>
    );
  }
  if (file.isPending || !url) {
    return (
      <Centered>
        <Spinner className="size-6 text-brand-600 dark:text-brand-400" />
        <p role="status">{file.isPending ? 'Loading PDF...' : 'Preparing PDF...'}</p>
      </Centered>
    );
  }
  return (
    <div className="relative h-full min-h-[28rem]">
      {!ready ? (
        <div className="absolute inset-0 z-10 bg-slate-50 dark:bg-slate-900">
          <Centered>
            <Spinner className="size-6 text-brand-600 dark:text-brand-400" />
            <p role="status">Preparing PDF...</p>
          </Centered>
        </div>
      ) : null}
      {kind === 'pdf' ? (
        <iframe
          src={url}
          title={`Preview of ${name}`}
          className="h-full min-h-[28rem] w-full rounded-lg border-0 bg-white"
          onLoad={() => setReady(true)}
        />
      ) : (
        <div className="flex h-full items-start justify-center overflow-auto p-2">
          <img
            src={url}
            alt={`Scan of ${name}`}
            className="max-w-full rounded-md shadow-sm"
            onLoad={() => setReady(true)}
            onError={() => setReady(true)}
          />
        </div>
      )}
      <div className="absolute right-2 bottom-2 z-20 flex gap-2">
        <OpenInNewTab id={invoice.id} />
      </div>
    </div>
  );
}

export function PreviewIcon({ invoice }: { invoice: Invoice }) {
  return previewKind(invoice) === 'image' ? (
    <ImageIcon className="size-4" aria-hidden />
  ) : (
    <FileText className="size-4" aria-hidden />
  );
}
