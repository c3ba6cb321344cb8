import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RawPixels } from '../ocr/image-prep';
import type { LayoutPage, LayoutWord } from '../text-layout';
import { groupIntoLines, splitRun } from '../text-layout';

/** The canvas pdfjs draws on in Node (@napi-rs/canvas), as far as it is used here. */
interface PageCanvas {
  canvas: { encode(type: 'png'): Promise<Buffer> };
  context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}
interface CanvasFactory {
  create(width: number, height: number): PageCanvas;
  destroy(target: PageCanvas): void;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

let pdfjsModule: Promise<PdfJs> | null = null;
/**
 * pdfjs is loaded once per process and only when a PDF arrives. Its minified builds are loaded: they
 * are the same release without source maps, and under the TypeScript loader (npm start, the
 * scripts), which turns source maps on, the full builds' maps cost about 160 MB of resident memory.
 * The worker's code is imported here and handed to pdfjs through `globalThis.pdfjsWorker`, which
 * pdfjs reads before loading `workerSrc` itself: it runs in this thread, as pdfjs's fake worker
 * always does in Node, and a bundle carries it.
 */
function pdfjs(): Promise<PdfJs> {
  pdfjsModule ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.min.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs'),
  ]).then(([lib, worker]) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
    return lib;
  });
  return pdfjsModule;
}

/**
 * pdfjs's standard fonts, for rendering PDFs that do not embed them. Resolved on first use and optional:
 * in a bundled Lambda there is no node_modules, and reading a PDF's pages needs no fonts.
 */
let fontsUrl: string | null | undefined;
function standardFontDataUrl(): string | undefined {
  if (fontsUrl === undefined) {
    try {
      fontsUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
    } catch {
      fontsUrl = null;
    }
  }
  return fontsUrl ?? undefined;
}

/** An open PDF; call {@link PdfFile.close} when done to free its memory. */
export interface PdfFile {
  pageCount: number;
  /** The page's own text layer as lines, or null when it has none worth reading. */
  textLayer(page: number): Promise<LayoutPage | null>;
  /** The page rendered to a PNG at `dpi`, or smaller when that would exceed the pixel budget (see {@link renderScale}). */
  render(page: number, dpi: number): Promise<{ png: Buffer; width: number; height: number }>;
  /**
   * The page rendered as {@link render} does, as raw RGBA pixels: what OCR reads. Encoding a noisy
   * scan's page as PNG took longer than rendering it (0.4–0.6 s for an A4 page at 150 dpi).
   */
  pixels(page: number, dpi: number): Promise<RawPixels>;
  /** The page object's reference in the file (what a cut of the file's pages lists, core/files/pdf-cut.ts). */
  pageRef(page: number): Promise<{ num: number; gen: number }>;
  close(): Promise<void>;
}

/**
 * The most pixels a page is rendered with: an invoice page at 150 dpi has about 2 MP, and OCR reads
 * at most 1600 px on the long side after cropping to the ink (image-prep.ts), so 25 MP leaves room for
 * a small receipt on a big sheet. A poster-sized page (a 9,600 pt side is 20,000 px at 150 dpi, 1.6 GB
 * of canvas) is rendered smaller instead: rendering it at full size takes gigabytes, or fails.
 */
export const MAX_RENDER_PIXELS = 25_000_000;
/** The longest side a page is rendered with (a long strip stays within what a canvas can hold). */
export const MAX_RENDER_SIDE = 10_000;

/** Scale from PDF points (1/72 in) to pixels for a page of `width` × `height` points at `dpi`, within the budget. */
export function renderScale(width: number, height: number, dpi: number): number {
  const wanted = dpi / 72;
  const byArea = Math.sqrt(MAX_RENDER_PIXELS / Math.max(1, width * height));
  const bySide = MAX_RENDER_SIDE / Math.max(1, width, height);
  return Math.min(wanted, byArea, bySide);
}

/** Pages the local engine reads at most (invoices are short; this bounds time and memory on odd uploads). */
export const MAX_LOCAL_PAGES = 10;

/**
 * Each of the first `maxPages` pages' text layer, or null for a page without usable text (a scan):
 * what Inspect routes by and what the local engine reads without OCR.
 */
export async function textLayers(pdf: PdfFile, maxPages = MAX_LOCAL_PAGES): Promise<(LayoutPage | null)[]> {
  const pages: (LayoutPage | null)[] = [];
  for (let p = 1; p <= Math.min(pdf.pageCount, maxPages); p++) {
    const text = await pdf.textLayer(p);
    pages.push(text && text.lines.length > 0 ? text : null);
  }
  return pages;
}

/** Opens a PDF from its bytes with pdfjs-dist (Apache-2.0). */
export async function openPdf(bytes: Uint8Array): Promise<PdfFile> {
  const lib = await pdfjs();
  // pdfjs takes ownership of the buffer it is given, so hand it a copy.
  const doc: PdfDocument = await lib.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: standardFontDataUrl(),
    verbosity: 0,
    isEvalSupported: false,
  }).promise;
  /** Draws a page on a canvas of the page's size at `dpi` (within the budget) and reads it with `read`. */
  const draw = async <T>(
    pageNumber: number,
    dpi: number,
    read: (target: PageCanvas, width: number, height: number) => Promise<T>,
  ): Promise<T> => {
    const page = await doc.getPage(pageNumber);
    const size = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: renderScale(size.width, size.height, dpi) });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const target = factory.create(width, height);
    try {
      await page.render({ canvasContext: target.context as never, viewport, canvas: target.canvas as never })
        .promise;
      return await read(target, width, height);
    } finally {
      factory.destroy(target);
      page.cleanup();
    }
  };
  return {
    pageCount: doc.numPages,
    async textLayer(pageNumber) {
      const page = await doc.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const words: LayoutWord[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        // Control characters come from fonts without a Unicode map; they are not text.
        const str = Array.from(item.str, (ch) =>
          ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch,
        ).join('');
        if (!str.trim()) continue;
        // Item transform → viewport space (top-left origin, y down), which also undoes page rotation.
        const [a, b, c, d, e, f] = lib.Util.transform(viewport.transform, item.transform);
        const fontHeight = Math.hypot(c, d) || Math.hypot(a, b) || item.height || 10;
        const horizontal = Math.abs(b) < Math.abs(a) * 0.2 || Math.abs(a) < 1e-6;
        if (!horizontal) continue; // vertical text (margins, stamps) is not invoice data
        const width =
          item.width * (Math.hypot(a, b) / (Math.hypot(item.transform[0], item.transform[1]) || 1));
        words.push(
          ...splitRun(
            str,
            {
              x0: e,
              x1: e + (width || fontHeight * 0.5 * str.length),
              y0: f - fontHeight * 0.8,
              y1: f + fontHeight * 0.2,
              confidence: 99,
            },
            content.styles[item.fontName]?.fontFamily === 'monospace' ? 'even' : 'proportional',
          ),
        );
      }
      page.cleanup();
      if (!isReadableText(words.map((w) => w.text).join(' '))) return null;
      return {
        page: pageNumber,
        width: viewport.width,
        height: viewport.height,
        lines: groupIntoLines(pageNumber, words),
        source: 'pdf-text',
      };
    },
    async render(pageNumber, dpi) {
      return draw(pageNumber, dpi, async ({ canvas }, width, height) => ({
        png: await canvas.encode('png'),
        width,
        height,
      }));
    },
    pixels(pageNumber, dpi) {
      return draw(pageNumber, dpi, async ({ context }, width, height) => ({
        data: context.getImageData(0, 0, width, height).data,
        width,
        height,
        channels: 4 as const,
      }));
    },
    async pageRef(pageNumber) {
      const page = await doc.getPage(pageNumber);
      const ref = page.ref;
      page.cleanup();
      if (!ref) throw new Error(`Page ${pageNumber} has no object reference`);
      return { num: ref.num, gen: ref.gen };
    },
    async close() {
      await doc.destroy();
    },
  };
}

/**
 * Whether a text layer is real text: enough letters, and mostly ordinary characters. Fonts with
 * private glyph encodings (Type3 fonts, subset fonts without a ToUnicode map) yield control
 * characters or symbol soup instead.
 */
export function isReadableText(text: string): boolean {
  const visible = text.replace(/\s+/g, '');
  if (visible.length < 20) return false;
  const ordinary = visible.match(/[\p{L}\p{N}.,:;/#€$£%&()'"@+*-]/gu)?.length ?? 0;
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  const words = text.match(/\b\p{L}{3,}\b/gu)?.length ?? 0;
  return ordinary / visible.length > 0.85 && letters >= 10 && words >= 3;
}
