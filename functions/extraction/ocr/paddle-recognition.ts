/**
 * PP-OCRv4 text recognition: each text box sampled from the page into the recogniser's 48-px-high
 * input, run one at a time (see REC_BATCH), decoded greedily with the model's dictionary; with a
 * second core, a worker thread reads its share of a page's lines (LineReaderWorker).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { InferenceSession as OrtSession, Tensor as OrtTensor } from 'onnxruntime-node';
import { type GrayImage, sampleQuad, type TextBox } from './paddle-geometry';
import { loadSession, modelsDir } from './paddle-runtime';

const REC_HEIGHT = 48;
/**
 * Boxes per recogniser run (sorted by width, so little of each batch is padding). Measured on
 * receipts (onnxruntime-node 1.30, 2 cores): batches of 8 or 4 boxes of similar width cost 1.3–2×
 * the CPU of one box per run; on full A4 scans they took 1.2–1.4× the wall time. So boxes go one
 * at a time.
 */
const REC_BATCH = Number(process.env.OCR_REC_BATCH ?? 1);

/** A line's width in the recogniser's input: its box scaled to 48 px high, within bounds. */
export function recWidth(box: TextBox): number {
  return Math.max(
    REC_HEIGHT / 4,
    Math.min(REC_HEIGHT * 60, Math.round((REC_HEIGHT * box.width) / box.height)),
  );
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
    const rec = await loadSession('ch_PP-OCRv4_rec_infer.onnx', 1);
    // Class 0 is the CTC blank; then one class per line of the key file, then the space.
    const keys = readFileSync(join(modelsDir(), 'ppocr_keys_v1.txt'), 'utf8').split('\n');
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
export class LineReaderWorker {
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
