import sharp, { type Sharp } from 'sharp';

/**
 * A page image ready for OCR: grey, one byte per pixel. Kept raw so the OCR engine reads the
 * pixels as they are, without encoding and decoding an image file in between.
 */
export interface PreparedImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** The first channel of a sharp pipeline's output, as a prepared image. */
async function greyPixels(pipeline: Sharp): Promise<PreparedImage> {
  const { data, info } = await pipeline.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return {
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** The image as PNG, for engines that only take files (tesseract.js). */
export async function preparedAsPng(image: PreparedImage): Promise<Buffer> {
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Quarter turns clockwise. */
export type QuarterTurn = 0 | 90 | 180 | 270;

/**
 * The prepared image turned clockwise by a multiple of 90° (sharp, lossless for quarter turns).
 * Sizes stay multiples of 32, as width and height swap.
 */
export async function rotatePrepared(image: PreparedImage, degrees: QuarterTurn): Promise<PreparedImage> {
  if (degrees === 0) return image;
  return greyPixels(
    sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } }).rotate(degrees),
  );
}

/**
 * OCR works best when text is 15–40 px tall: shrink huge scans, enlarge tiny ones. Detection sees the
 * page at most 1280 px long anyway (paddle-detection's DET_MAX_SIDE), so the upper bound only sets how many
 * pixels each line is read from: 2400 keeps an A4 page at 200 dpi, where 8-pt print is still ~20 px
 * tall. Against 1600 it read 80.9% instead of 76.1% of the words of scanned A4 invoices, and 92.5%
 * instead of 91.5% of receipts' labelled words, in the same time (recognition cost follows the
 * number of lines, not the page's pixels).
 */
const MAX_LONG_SIDE = 2400;
const MIN_LONG_SIDE = 1100;
/** The detection model works on sizes that are multiples of 32; padding avoids a distorting resize. */
const BLOCK = 32;

// Keep libvips' own cache small: documents are processed one by one and never revisited.
sharp.cache({ memory: 64, files: 0, items: 20 });
sharp.concurrency(1);

/** Number of pages of an image (multi-page TIFFs have several). */
export async function imagePageCount(bytes: Uint8Array): Promise<number> {
  const meta = await sharp(bytes).metadata();
  return meta.pages ?? 1;
}

/** Decoded pixels, interleaved by channel (a rendered PDF page: RGBA), row by row. */
export interface RawPixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decodes one page of an image (file bytes, or pixels already decoded) and cleans it up for OCR:
 * applies the EXIF orientation, flattens transparency on white, converts to grayscale with
 * stretched contrast, scales it into a size band where text is legible but detection stays fast,
 * and pads it to a multiple of 32 pixels.
 */
export async function prepareForOcr(input: Uint8Array | RawPixels, page = 0): Promise<PreparedImage> {
  const open = (): Sharp =>
    input instanceof Uint8Array
      ? sharp(input, { page, limitInputPixels: 120_000_000 })
      : sharp(input.data, {
          raw: { width: input.width, height: input.height, channels: input.channels },
          limitInputPixels: 120_000_000,
        });
  const oriented = await open().metadata();
  const fullWidth = oriented.autoOrient?.width ?? oriented.width ?? 0;
  const fullHeight = oriented.autoOrient?.height ?? oriented.height ?? 0;
  const ink = await inkBox(open, fullWidth, fullHeight);
  const base = open().rotate();
  if (ink) base.extract(ink);
  let width = ink?.width ?? fullWidth;
  let height = ink?.height ?? fullHeight;
  const longSide = Math.max(width, height);
  let scale = 1;
  if (longSide > MAX_LONG_SIDE) scale = MAX_LONG_SIDE / longSide;
  else if (longSide > 0 && longSide < MIN_LONG_SIDE) scale = Math.min(2, MIN_LONG_SIDE / longSide);
  width = Math.max(1, Math.round(width * scale));
  height = Math.max(1, Math.round(height * scale));
  const grey = await greyPixels(
    base
      .flatten({ background: '#ffffff' })
      .resize(width, height, { fit: 'fill', kernel: scale < 1 ? 'lanczos3' : 'cubic' })
      .grayscale(),
  );
  return padToBlock(stretchContrast(grey));
}

/**
 * The share of the ink pixels mapped to black: its darker core. Blacker ink (a higher share) keeps
 * the gaps between words clear to the recogniser, but stretches the scanner's noise with it.
 */
const INK_CORE = 0.3;

/**
 * Stretches the grey levels so that the ink is black and the paper white. The black point is the
 * ink's own dark level (a percentile of the pixels clearly darker than the paper), not a fixed
 * share of the page: on an invoice with much white space the ink is under 1% of the pixels, and a
 * "1st percentile" black point lands on the paper itself, which would then be stretched to grey
 * and its scanner noise magnified until text detection sees noise everywhere. The white point is
 * the 99th percentile (the paper, with a few speckles clipped).
 */
export function stretchContrast(image: PreparedImage): PreparedImage {
  const { pixels } = image;
  const histogram = new Uint32Array(256);
  for (const v of pixels) histogram[v]++;
  const percentile = (share: number, below = 256) => {
    let total = 0;
    for (let v = 0; v < below; v++) total += histogram[v];
    let seen = 0;
    for (let v = 0; v < below; v++) {
      seen += histogram[v];
      if (seen >= share * total) return v;
    }
    return below - 1;
  };
  const paper = percentile(0.5);
  const white = percentile(0.99);
  // The paper's noise, from its upper half (no ink there): ink is what lies well below it.
  const spread = Math.max(2, white - paper);
  const inkBelow = Math.max(0, paper - 3 * spread);
  let inkPixels = 0;
  for (let v = 0; v < inkBelow; v++) inkPixels += histogram[v];
  // Never a higher black point than the 1st percentile: where that is already in the ink (most
  // receipts), the stretch stays as strong as it was.
  const black = Math.min(
    percentile(0.01),
    inkPixels >= pixels.length * 0.0005 ? percentile(INK_CORE, inkBelow) : 0,
  );
  if (white - black < 16) return image;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++)
    lut[v] = Math.max(0, Math.min(255, Math.round(((v - black) * 255) / (white - black))));
  const out = new Uint8Array(pixels.length);
  for (let i = 0; i < pixels.length; i++) out[i] = lut[pixels[i]];
  return { ...image, pixels: out };
}

/** The image on a white canvas whose sides are multiples of 32, image at the top left. */
function padToBlock(image: PreparedImage): PreparedImage {
  const width = Math.ceil(image.width / BLOCK) * BLOCK;
  const height = Math.ceil(image.height / BLOCK) * BLOCK;
  if (width === image.width && height === image.height) return image;
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < image.height; y++)
    pixels.set(image.pixels.subarray(y * image.width, (y + 1) * image.width), y * width);
  return { pixels, width, height };
}

/**
 * The prepared image turned clockwise by a small angle (degrees) about its centre, on white, on a
 * canvas grown to hold the turned page and padded to multiples of 32: undoes the skew of a sheet
 * scanned or photographed askew, so that the words of one printed line stand on one row.
 */
export async function deskewPrepared(image: PreparedImage, degrees: number): Promise<PreparedImage> {
  if (degrees === 0) return image;
  const turned = await greyPixels(
    sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } }).rotate(degrees, {
      background: '#ffffff',
    }),
  );
  return padToBlock(turned);
}

/**
 * Where the printed matter is on a page: a small receipt photographed or scanned on a large sheet
 * leaves most of the picture blank, and its text too small to read unless the blank is cut away.
 * Returns the region (with a margin) when it covers less than 60% of the page, else null.
 */
async function inkBox(
  open: () => Sharp,
  width: number,
  height: number,
): Promise<{ left: number; top: number; width: number; height: number } | null> {
  if (width < 400 || height < 400) return null;
  // The thumbnail is made first and stretched on its own: normalise() in the same pipeline made
  // libvips run the whole page through it twice (once for its histogram), the same pixels in 1.6×
  // the time.
  const thumb = await open()
    .rotate()
    .grayscale()
    .resize({ width: 240, height: 240, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = await sharp(thumb.data, {
    raw: { width: thumb.info.width, height: thumb.info.height, channels: thumb.info.channels },
  })
    .grayscale()
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const dark = (x: number, y: number) => data[y * w + x] < 110;
  /**
   * The span of the inked runs (separated by gaps longer than `maxGap`) that carry at least a
   * tenth of the heaviest run's ink: the heaviest alone would cut a long receipt at its first
   * wide blank (a spaced-out footer, a torn-off stub), while specks and scanner edges stay out.
   */
  const mainRun = (counts: number[], minInk: number, maxGap: number): [number, number] | null => {
    const runs: Array<[number, number, number]> = [];
    let start = -1;
    let end = -1;
    let mass = 0;
    let gap = 0;
    counts.forEach((c, i) => {
      if (c >= minInk) {
        if (start < 0) start = i;
        end = i;
        mass += c;
        gap = 0;
      } else if (start >= 0 && ++gap > maxGap) {
        runs.push([start, end, mass]);
        start = -1;
        mass = 0;
        gap = 0;
      }
    });
    if (start >= 0) runs.push([start, end, mass]);
    if (runs.length === 0) return null;
    const heaviest = Math.max(...runs.map((r) => r[2]));
    const kept = runs.filter((r) => r[2] >= heaviest * 0.1);
    return [Math.min(...kept.map((r) => r[0])), Math.max(...kept.map((r) => r[1]))];
  };
  const rowCounts = Array.from({ length: h }, (_, y) => {
    let n = 0;
    for (let x = 0; x < w; x++) if (dark(x, y)) n++;
    return n;
  });
  /**
   * Grows a span over fainter print next to it: pale thermal print reads as blank beside a black
   * band (a torn edge, the scanner lid), and cutting at the last dark row would lose it.
   */
  const faint = (x: number, y: number) => data[y * w + x] < 170;
  const grow = ([a, b]: [number, number], count: (i: number) => number, length: number, maxGap: number) => {
    let gap = 0;
    for (let i = b + 1; i < length && gap <= maxGap; i++) {
      if (count(i) >= 2) [b, gap] = [i, 0];
      else gap++;
    }
    gap = 0;
    for (let i = a - 1; i >= 0 && gap <= maxGap; i--) {
      if (count(i) >= 2) [a, gap] = [i, 0];
      else gap++;
    }
    return [a, b] as [number, number];
  };
  const faintInRow = (y: number) => {
    let n = 0;
    for (let x = 0; x < w; x++) if (faint(x, y)) n++;
    return n;
  };
  const darkRows = mainRun(rowCounts, 2, Math.ceil(h * 0.12));
  if (!darkRows) return null;
  const rows = grow(darkRows, faintInRow, h, Math.ceil(h * 0.12));
  const colCounts = Array.from({ length: w }, (_, x) => {
    let n = 0;
    for (let y = rows[0]; y <= rows[1]; y++) if (dark(x, y)) n++;
    return n;
  });
  const faintInColumn = (x: number) => {
    let n = 0;
    for (let y = rows[0]; y <= rows[1]; y++) if (faint(x, y)) n++;
    return n;
  };
  // Table columns leave wide vertical gaps, so columns tolerate larger gaps than rows.
  const darkCols = mainRun(colCounts, 2, Math.ceil(w * 0.3));
  if (!darkCols) return null;
  const cols = grow(darkCols, faintInColumn, w, Math.ceil(w * 0.3));
  const margin = 0.03;
  const x0 = Math.max(0, cols[0] / w - margin);
  const x1 = Math.min(1, (cols[1] + 1) / w + margin);
  const y0 = Math.max(0, rows[0] / h - margin);
  const y1 = Math.min(1, (rows[1] + 1) / h + margin);
  if ((x1 - x0) * (y1 - y0) > 0.6) return null;
  // A receipt on a scanner bed still spans a good part of both sides; a thinner strip means faint
  // print was taken for blank (a narrow column of dark digits, only the bold header) and cutting
  // there would lose most of the text.
  if (x1 - x0 < 0.25 || y1 - y0 < 0.25) return null;
  const left = Math.floor(x0 * width);
  const top = Math.floor(y0 * height);
  return {
    left,
    top,
    width: Math.max(1, Math.min(width - left, Math.ceil((x1 - x0) * width))),
    height: Math.max(1, Math.min(height - top, Math.ceil((y1 - y0) * height))),
  };
}
