/**
 * The only module that touches pdf.js. The preview loads it with `import()`, so pdf.js and its worker
 * stay out of the landing and dashboard bundles; tests mock it, as their DOM has no canvas.
 */
import { GlobalWorkerOptions, getDocument, RenderingCancelledException } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

// Fonts a PDF names without embedding them (Helvetica, Times, Courier…: common in invoices made by
// billing tools) are drawn from pdf.js's own copies, not whatever the system has. Their metrics are
// the ones the extraction measured, so the text sits where the field boxes say it is.
const standardFontUrls = new Map(
  Object.entries(
    import.meta.glob<string>('../../../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
      query: '?url',
      import: 'default',
      eager: true,
    }),
  ).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
);

/** pdf.js asks the page (not its worker) for font files: they are assets with hashed names. */
class StandardFontFiles {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind === 'standardFontDataUrl' ? standardFontUrls.get(filename) : undefined;
    if (!url) throw new Error(`No ${kind} file ${filename}`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${response.status} loading ${url}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** A page's size in PDF points, as displayed (rotation applied). */
export interface PageSize {
  width: number;
  height: number;
}

export interface RenderTask {
  /** Settles when the page is drawn; a cancelled render resolves quietly. */
  promise: Promise<void>;
  cancel: () => void;
}

export interface OpenedPdf {
  pageSizes: PageSize[];
  /** Draws a page into `canvas`, `cssWidth` CSS pixels wide, sharp at the screen's pixel ratio. */
  renderPage: (pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number) => RenderTask;
  destroy: () => void;
}

/** Opens a PDF from its bytes and reads every page's size, so pages can be laid out before they draw. */
export async function openPdf(data: Uint8Array): Promise<OpenedPdf> {
  // Eval off: the deployed CSP has no 'unsafe-eval', and pdf.js would otherwise try it and log a violation.
  const task = getDocument({
    data,
    isEvalSupported: false,
    useSystemFonts: false,
    useWorkerFetch: false,
    BinaryDataFactory: StandardFontFiles,
  });
  const doc = await task.promise;
  try {
    const pageSizes: PageSize[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const { width, height } = (await doc.getPage(n)).getViewport({ scale: 1 });
      pageSizes.push({ width, height });
    }
    return {
      pageSizes,
      renderPage(pageNumber, canvas, cssWidth) {
        let cancelled = false;
        let cancelRender = () => {};
        const promise = doc.getPage(pageNumber).then(async (page) => {
          if (cancelled) return;
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({
            scale: (cssWidth / base.width) * (window.devicePixelRatio || 1),
          });
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          const render = page.render({ canvas, viewport });
          cancelRender = () => render.cancel();
          try {
            await render.promise;
          } catch (error) {
            if (!(error instanceof RenderingCancelledException)) throw error;
          }
        });
        return {
          promise,
          cancel() {
            cancelled = true;
            cancelRender();
          },
        };
      },
      destroy: () => void task.destroy(),
    };
  } catch (error) {
    void task.destroy();
    throw error;
  }
}
