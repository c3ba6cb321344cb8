import type { Invoice } from '@shared/schemas/invoice';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FileText, Image as ImageIcon, TriangleExclamationPoint } from 'lucide-react';
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { invoiceQueryKey } from '@/features/invoices/api/get-invoice';
import { fetchInvoicePreview, openInvoiceInNewTab } from '@/features/invoices/api/invoice-files';
import { fileNameOf } from '@/features/invoices/lib/invoice-rules';
import type { OpenedPdf } from '@/features/invoices/lib/pdf-renderer';
import { errorDetail } from '@/lib/api-client';
import { FieldHighlight } from './field-highlight';

type Kind = 'pdf' | 'image' | 'other';

export function previewKind(invoice: Pick<Invoice, 'contentType' | 'filename' | 'fileName'>): Kind {
  const type = invoice.contentType?.toLowerCase() ?? '';
  const name = fileNameOf(invoice).toLowerCase();
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (type === 'image/png' || type === 'image/jpeg' || /\.(png|jpe?g)$/.test(name)) return 'image';
  return 'other';
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-full min-h-72 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-500 dark:text-slate-400">
      {children}
    </div>
  );
}

function Preparing({ text = 'Preparing PDF...' }: { text?: string }) {
  return (
    <Centered>
      <Spinner className="size-6 text-brand-600 dark:text-brand-400" />
      <p role="status">{text}</p>
    </Centered>
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

function LoadFailed({ id, error }: { id: string; error: unknown }) {
  return (
    <Centered>
      <TriangleExclamationPoint className="size-8 text-red-500" aria-hidden />
      <p className="font-semibold text-slate-900 dark:text-white">Failed to Load PDF</p>
      <p className="max-w-xs">{errorDetail(error) || 'Failed to load PDF'}</p>
      <OpenInNewTab id={id} />
    </Centered>
  );
}

/**
 * The scrollable column of pages, with 'Open in New Tab' pinned at the bottom right. `onWidth` gets
 * the column's width, which the PDF pages are drawn at.
 */
function PageScroller({
  id,
  name,
  onWidth,
  children,
}: {
  id: string;
  name: string;
  onWidth?: (width: number) => void;
  children: ReactNode;
}) {
  const column = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = column.current;
    if (!el || !onWidth || typeof ResizeObserver === 'undefined') return;
    // Reports once on observe, then on every change (dialog opening, window resizing).
    const observer = new ResizeObserver(([entry]) => onWidth(Math.round(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [onWidth]);

  return (
    <div className="relative h-full min-h-[28rem]">
      {/* A stable gutter keeps the width (and so the drawn pages) from changing when the scrollbar shows. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={`Preview of ${name}`}
        data-preview-scroller
        className="absolute inset-0 overflow-y-auto rounded-lg [scrollbar-gutter:stable] focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <div ref={column} className="grid gap-3 p-1 pb-14">
          {children}
        </div>
      </section>
      <div className="absolute right-2 bottom-2 z-20 flex gap-2">
        <OpenInNewTab id={id} />
      </div>
    </div>
  );
}

/** One page: a white sheet, its content (canvas or image), and the highlight overlay above it. */
function PageFrame({ page, style, children }: { page: number; style?: CSSProperties; children: ReactNode }) {
  return (
    <div
      className="relative overflow-hidden rounded-sm bg-white shadow-sm ring-1 ring-slate-200 dark:ring-slate-700"
      style={style}
    >
      {children}
      <FieldHighlight page={page} />
    </div>
  );
}

/**
 * Whether the element has come within a screen of the preview's visible part. A page is drawn only
 * then (and stays drawn): a 100-page PDF must not hold 100 full-size canvases the reviewer never sees.
 */
function useNearView(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { root: el.closest('[data-preview-scroller]'), rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

function PdfPageCanvas({
  pdf,
  page,
  width,
  label,
  onError,
}: {
  pdf: OpenedPdf;
  page: number;
  width: number;
  label: string;
  onError: (error: unknown) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNearView(canvas);
  useEffect(() => {
    if (!near || !canvas.current || width <= 0) return;
    const task = pdf.renderPage(page, canvas.current, width);
    task.promise.catch(onError);
    return () => task.cancel();
  }, [near, pdf, page, width, onError]);
  return <canvas ref={canvas} role="img" aria-label={label} className="absolute inset-0 size-full" />;
}

type PdfState =
  | { status: 'opening' }
  | { status: 'ready'; pdf: OpenedPdf }
  | { status: 'failed'; error: unknown };

/** Draws every page with pdf.js (loaded on first use), stacked and fitted to the preview's width. */
function PdfPages({ id, name, blob }: { id: string; name: string; blob: Blob }) {
  const [state, setState] = useState<PdfState>({ status: 'opening' });
  const [width, setWidth] = useState(0);
  const fail = useCallback((error: unknown) => setState({ status: 'failed', error }), []);

  // A refetched file (every approve or edit refreshes the invoice's queries) opens in the background:
  // the pages on screen stay until the new document replaces them.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const [{ openPdf }, bytes] = await Promise.all([
        import('@/features/invoices/lib/pdf-renderer'),
        blob.arrayBuffer(),
      ]);
      const opened = await openPdf(new Uint8Array(bytes));
      if (cancelled) opened.destroy();
      else setState({ status: 'ready', pdf: opened });
    })().catch((error) => {
      if (!cancelled) fail(error);
    });
    return () => {
      cancelled = true;
    };
  }, [blob, fail]);

  // The document shown is released when another replaces it or the preview closes.
  useEffect(() => {
    if (state.status !== 'ready') return;
    const { pdf } = state;
    return () => pdf.destroy();
  }, [state]);

  if (state.status === 'failed') return <LoadFailed id={id} error={state.error} />;
  if (state.status === 'opening') return <Preparing />;
  const { pdf } = state;
  const pages = pdf.pageSizes.map((size, i) => ({ ...size, page: i + 1 }));
  return (
    <PageScroller id={id} name={name} onWidth={setWidth}>
      {pages.map(({ page, width: w, height: h }) => (
        // The page's proportions hold its place (and the highlight's) before it is drawn.
        <PageFrame key={page} page={page} style={{ aspectRatio: `${w} / ${h}` }}>
          <PdfPageCanvas
            pdf={pdf}
            page={page}
            width={width}
            label={`Page ${page} of ${name}`}
            onError={fail}
          />
        </PageFrame>
      ))}
    </PageScroller>
  );
}

/** A PNG/JPEG scan as one page, so field highlights work on images as on PDFs. */
function ImagePage({ id, name, blob }: { id: string; name: string; blob: Blob }) {
  const [url, setUrl] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob);
    setReady(false);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  if (!url) return <Preparing />;
  return (
    <div className="relative h-full">
      {!ready ? (
        <div className="absolute inset-0 z-10 bg-slate-50 dark:bg-slate-900">
          <Preparing />
        </div>
      ) : null}
      <PageScroller id={id} name={name}>
        <PageFrame page={1}>
          <img
            src={url}
            alt={`Scan of ${name}`}
            className="block h-auto w-full"
            onLoad={() => setReady(true)}
            onError={() => setReady(true)}
          />
        </PageFrame>
      </PageScroller>
    </div>
  );
}

/** The document preview: PDF pages drawn by pdf.js, PNG/JPEG as images, each with the field highlight. */
export function DocumentPreview({ invoice }: { invoice: Invoice }) {
  const kind = previewKind(invoice);
  const file = useQuery({
    queryKey: [...invoiceQueryKey(invoice.id), 'preview'] as const,
    queryFn: () => fetchInvoicePreview(invoice.id),
    enabled: kind !== 'other',
    gcTime: 60_000,
  });
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
  if (file.isError) return <LoadFailed id={invoice.id} error={file.error} />;
  if (file.isPending) return <Preparing text="Loading PDF..." />;
  return kind === 'pdf' ? (
    <PdfPages id={invoice.id} name={name} blob={file.data.blob} />
  ) : (
    <ImagePage id={invoice.id} name={name} blob={file.data.blob} />
  );
}

export function PreviewIcon({ invoice }: { invoice: Invoice }) {
  return previewKind(invoice) === 'image' ? (
    <ImageIcon className="size-4" aria-hidden />
  ) : (
    <FileText className="size-4" aria-hidden />
  );
}
