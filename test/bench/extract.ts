/**
 * Extraction benchmark over the development corpus (../shared/corpus/<source>/).
 *
 *   npm run bench:extract [-- --limit N]
 *
 * Runs the same pipeline as `npm run extract`, one document at a time (warm engines), and prints
 * per document kind the median and p95 wall time, documents per minute and the peak RSS. The kind is
 * decided as the workflow's Inspect decides it: a PDF whose every page has a usable text layer is a
 * "text PDF" (timed per document); photos, scans and PDFs with a page without text are "scanned
 * pages" (timed per page read). It also counts the text PDFs that went through OCR (there should be
 * none) and those the engine is unsure of (the cloud reads those again with Textract). The first
 * document of each kind is a warm-up and is not counted. `--limit N` takes N documents per kind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imagePageCount } from '../../functions/adapters/textract/image-prep';
import {
  LocalExpenseAnalyzer,
  shutdownLocalAnalyzer,
} from '../../functions/adapters/textract/local-analyzer';
import { paddleTimings } from '../../functions/adapters/textract/ocr-engines';
import { MAX_LOCAL_PAGES, openPdf, textLayers } from '../../functions/adapters/textract/pdf-pages';
import { extractInvoice, unsureFields } from '../../functions/core/extraction/pipeline';
import { sniffContentType } from '../../functions/core/files/sniff';

const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Number.POSITIVE_INFINITY;
if (!(limit >= 0)) {
  console.error('usage: npm run bench:extract [-- --limit N]');
  process.exit(2);
}

type Kind = 'text PDF' | 'scanned page';
const files: string[] = [];
for (const source of readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  const stack = [join(corpus, source.name)];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (/\.(pdf|jpe?g|png|tiff?)$/i.test(entry.name)) files.push(path);
    }
  }
}
files.sort((a, b) => a.localeCompare(b));

/** The kind of a file as Inspect decides it, and the pages the local engine reads of it. */
async function kindOf(bytes: Uint8Array, contentType: string): Promise<{ kind: Kind; pages: number }> {
  if (contentType !== 'application/pdf') {
    return { kind: 'scanned page', pages: Math.min(await imagePageCount(bytes), MAX_LOCAL_PAGES) };
  }
  const pdf = await openPdf(bytes);
  try {
    const layers = await textLayers(pdf);
    return {
      kind: layers.every((page) => page !== null) ? 'text PDF' : 'scanned page',
      pages: layers.length,
    };
  } finally {
    await pdf.close();
  }
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : Number.NaN;
};

const documents: Array<{ path: string; contentType: string; kind: Kind; pages: number }> = [];
for (const path of files) {
  const bytes = new Uint8Array(readFileSync(path));
  const contentType = sniffContentType(bytes);
  if (!contentType) continue;
  // Bytes are read again when timed, so the corpus is not held in memory (peak RSS is reported).
  documents.push({ path, contentType, ...(await kindOf(bytes, contentType)) });
}

const analyzer = new LocalExpenseAnalyzer();
const report: string[] = [];
try {
  for (const kind of ['text PDF', 'scanned page'] as Kind[]) {
    const chosen = documents.filter((d) => d.kind === kind).slice(0, limit + 1);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let throughOcr = 0;
    let unsure = 0;
    const started = performance.now();
    const ocrBefore = { ...paddleTimings };
    for (const [i, d] of chosen.entries()) {
      const bytes = new Uint8Array(readFileSync(d.path));
      const boxesBefore = paddleTimings.boxes;
      const t = performance.now();
      const cpu = process.cpuUsage();
      const { invoice } = await extractInvoice({ analyzer }, { bytes, contentType: d.contentType as never });
      const ms = performance.now() - t;
      const used = process.cpuUsage(cpu);
      if (paddleTimings.boxes > boxesBefore) throughOcr++;
      if (unsureFields(invoice).length > 0) unsure++;
      // A text PDF is timed per document; a scan per page read (the engine reads pages one by one).
      const per = kind === 'text PDF' ? 1 : Math.max(1, d.pages);
      if (i > 0) {
        times.push(ms / per);
        cpuTimes.push((used.user + used.system) / 1000 / per);
      }
      process.stderr.write(
        `${kind} ${i}/${chosen.length - 1} ${Math.round(ms)} ms ${d.pages} p ${d.path.slice(corpus.length)}\n`,
      );
    }
    const minutes = (performance.now() - started) / 60_000;
    const unit = kind === 'text PDF' ? 'docs' : 'files';
    report.push(
      `${kind.padEnd(13)} n=${String(times.length).padStart(3)}  median ${Math.round(quantile(times, 0.5))} ms  p95 ${Math.round(quantile(times, 0.95))} ms  ${(chosen.length / minutes).toFixed(1)} ${unit}/min  CPU median ${Math.round(quantile(cpuTimes, 0.5))} ms${kind === 'scanned page' ? '  (per page)' : ''}`,
    );
    if (kind === 'text PDF') {
      report.push(`${''.padEnd(13)} went through OCR: ${throughOcr} of ${chosen.length}`);
      // The cloud's ExtractLocally sends these to Textract as well (docs/cost.md); scans always go there.
      report.push(
        `${''.padEnd(13)} unsure of a key field (read again by Textract in the cloud): ${unsure} of ${chosen.length}`,
      );
    }
    // Where OCR time went (all documents of this kind that needed OCR, warm-up included).
    const ocr = {
      detect: paddleTimings.detectMs - ocrBefore.detectMs,
      boxes: paddleTimings.boxesMs - ocrBefore.boxesMs,
      recognize: paddleTimings.recognizeMs - ocrBefore.recognizeMs,
      n: paddleTimings.boxes - ocrBefore.boxes,
    };
    const ocrTotal = ocr.detect + ocr.boxes + ocr.recognize;
    if (ocrTotal > 0) {
      const share = (x: number) => `${Math.round((100 * x) / ocrTotal)}%`;
      report.push(
        `${''.padEnd(13)} OCR wall time: detection ${share(ocr.detect)}, box finding ${share(ocr.boxes)}, recognition ${share(ocr.recognize)} (${ocr.n} text boxes, ${(ocr.recognize / Math.max(1, ocr.n)).toFixed(0)} ms each)`,
      );
    }
  }
} finally {
  await shutdownLocalAnalyzer();
}
console.log(report.join('\n'));
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
