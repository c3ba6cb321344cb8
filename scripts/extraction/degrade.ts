/**
 * Degraded scans of PDFs, for measuring and training the OCR path on invoices whose text layer is
 * known: each page is rendered with the engine's own PDF renderer (pdf-pages.ts), then turned by a
 * small angle, blurred, shifted in contrast and brightness, shaded, sprinkled with noise, scaled
 * down to a scanner's resolution and saved as a JPEG, the way an office scanner or a phone
 * photograph leaves a printed invoice. Seeded: the same PDF and seed give the same bytes.
 *
 * A one-page document becomes a JPEG (a photo or a single scanned sheet); a longer one an
 * image-only PDF of its JPEG pages (what a scanner's "scan to PDF" sends).
 */
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { openPdf } from '../../functions/extraction';
import { rng } from './random';

/**
 * The degradation's version, stored with each derived scan: scans of another version are made
 * again. Raise it whenever a change here changes the pixels.
 */
export const DEGRADE_VERSION = 1;

/** How one page is degraded. */
export interface ScanParams {
  /** Clockwise turn, degrees (a sheet fed or laid slightly askew). */
  rotation: number;
  /** Gaussian blur sigma in pixels at the scan's resolution (optics, focus, motion). */
  blur: number;
  /** Standard deviation of the per-pixel noise, in grey levels. */
  noise: number;
  /** Contrast factor (below 1: washed out, above 1: harsh). */
  contrast: number;
  /** Brightness offset in grey levels (a dark or a bright scan). */
  brightness: number;
  /** Resolution of the scan. */
  dpi: number;
  /** JPEG quality. */
  quality: number;
  /** Darkening towards one edge, 0–1 (a shadow across a photographed page, a curled sheet). */
  shadow: number;
  /** Whether the scan is grey rather than colour. */
  grey: boolean;
}

/** The resolution pages are rendered at before they are degraded: finer than any scan made of them. */
const RENDER_DPI = 300;

/** Samples a page's degradation from a seeded generator, within what real office scans show. */
export function scanParams(random: () => number): ScanParams {
  const between = (a: number, b: number) => a + (b - a) * random();
  const sign = random() < 0.5 ? -1 : 1;
  return {
    rotation: sign * between(0.5, 3),
    blur: between(0.3, 1.2),
    noise: between(4, 14),
    contrast: between(0.7, 1.15),
    brightness: between(-25, 20),
    dpi: Math.round(between(150, 200)),
    quality: Math.round(between(40, 80)),
    shadow: random() < 0.4 ? between(0.1, 0.35) : 0,
    grey: random() < 0.5,
  };
}

/** Normal samples from a seeded uniform generator (Box–Muller). */
export function gaussian(random: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    const u = Math.max(1e-12, random());
    const v = random();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}

/**
 * One page image (PNG or any format sharp reads, rendered at `renderedDpi`) as a degraded JPEG scan.
 * The paper around the turned page is off-white, as a scanner lid leaves it.
 */
export async function degradePage(
  image: Uint8Array,
  renderedDpi: number,
  params: ScanParams,
  seed: number,
): Promise<Buffer> {
  const paper = { r: 246, g: 244, b: 238, alpha: 1 };
  const turned = await sharp(image)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .rotate(params.rotation, { background: paper })
    .blur(Math.max(0.3, params.blur * (renderedDpi / params.dpi)))
    .toBuffer({ resolveWithObject: true });
  const scale = params.dpi / renderedDpi;
  const width = Math.max(1, Math.round(turned.info.width * scale));
  const height = Math.max(1, Math.round(turned.info.height * scale));
  const { data, info } = await sharp(turned.data)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .linear(params.contrast, params.brightness + 128 * (1 - params.contrast))
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Noise and shading in one pass over the pixels, drawn from the page's own seed.
  const noise = gaussian(rng(seed));
  const channels = info.channels;
  const fromLeft = (seed & 1) === 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const edge = fromLeft ? 1 - x / info.width : x / info.width;
      const shade = 1 - params.shadow * edge * edge;
      const n = noise() * params.noise;
      const at = (y * info.width + x) * channels;
      for (let c = 0; c < channels; c++) data[at + c] = clamp(data[at + c] * shade + n);
    }
  }
  let out = sharp(data, { raw: { width: info.width, height: info.height, channels } });
  if (params.grey) out = out.grayscale();
  return out.withMetadata({ density: params.dpi }).jpeg({ quality: params.quality }).toBuffer();
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** A degraded scan of a PDF: its bytes, their type and each page's degradation. */
export interface DegradedScan {
  bytes: Uint8Array;
  contentType: 'image/jpeg' | 'application/pdf';
  params: ScanParams[];
}

/** Renders every page of a PDF (at most `maxPages`) and degrades it as a scan, seeded by `seed`. */
export async function degradedScan(pdfBytes: Uint8Array, seed: number, maxPages = 10): Promise<DegradedScan> {
  const random = rng(seed);
  const pdf = await openPdf(pdfBytes);
  const pages: Array<{ jpeg: Buffer; widthPt: number; heightPt: number }> = [];
  const params: ScanParams[] = [];
  try {
    for (let p = 1; p <= Math.min(pdf.pageCount, maxPages); p++) {
      const rendered = await pdf.render(p, RENDER_DPI);
      const page = scanParams(random);
      params.push(page);
      const jpeg = await degradePage(rendered.png, RENDER_DPI, page, Math.floor(random() * 2 ** 31));
      // The turned page is a little larger than the sheet; the PDF page takes the scan's size.
      const size = await sharp(jpeg).metadata();
      pages.push({ jpeg, widthPt: (size.width * 72) / page.dpi, heightPt: (size.height * 72) / page.dpi });
    }
  } finally {
    await pdf.close();
  }
  if (pages.length === 1) return { bytes: new Uint8Array(pages[0].jpeg), contentType: 'image/jpeg', params };
  return { bytes: new Uint8Array(await imagePdf(pages)), contentType: 'application/pdf', params };
}

/** An image-only PDF, one JPEG per page filling it; the fixed date keeps the bytes reproducible. */
function imagePdf(pages: Array<{ jpeg: Buffer; widthPt: number; heightPt: number }>): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const page of pages) {
    doc.addPage({ size: [page.widthPt, page.heightPt], margin: 0 });
    doc.image(page.jpeg, 0, 0, { width: page.widthPt, height: page.heightPt });
  }
  doc.end();
  return done;
}
