/**
 * Extraction benchmark over the development corpus (../shared/corpus/<source>/) and the degraded
 * scans derived from its e-invoices (.cache/derived/einvoice-scan/, made by `npm run cache:extract`).
 *
 *   npm run bench:extract [-- --limit N]
 *
 * Runs the same pipeline as `npm run extract`, one document at a time (warm engines), and prints
 * per document kind the median and p95 wall time, documents per minute and the peak RSS. Whether a
 * file is a text PDF is decided as the workflow's Inspect decides it: a PDF whose every page has a
 * usable text layer is a "text PDF" (timed per document); photos, scans and PDFs with a page
 * without text are scanned pages (timed per page read). Scanned pages are timed in two kinds, as
 * their cost differs several-fold: receipts (the SROIE photos and scans) and full invoice pages (the
 * degraded e-invoice scans, A4 at 150–200 dpi, and the corpus's other scanned invoices); a last row
 * pools both. It also counts the text PDFs that went through OCR (there should be none) and those
 * the engine is unsure of (the cloud reads those again with Textract). The first document of each
 * kind is a warm-up and is not counted. `--limit N` takes N documents per kind.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractInvoice, unsureFields } from '../../functions/core/extraction/pipeline';
import { sniffContentType } from '../../functions/core/files/sniff';
import {
  ENGINE_ENV,
  imagePageCount,
  LocalExpenseAnalyzer,
  MAX_LOCAL_PAGES,
  openPdf,
  paddleTimings,
  shutdownLocalAnalyzer,
  textLayers,
} from '../../functions/extraction';
import { derivedDir } from '../../scripts/extraction/corpus';

// The engine reads here in this process, to be timed directly; in the product it runs in a process
// of its own started with ENGINE_ENV, so this one runs again under it and its memory is that process's.
if (Object.keys(ENGINE_ENV).some((key) => process.env[key] === undefined)) {
  const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...ENGINE_ENV, ...process.env },
  });
  process.exit(run.status ?? 1);
}

const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Number.POSITIVE_INFINITY;
if (!(limit >= 0)) {
  console.error('usage: npm run bench:extract [-- --limit N]');
  process.exit(2);
}
if (!existsSync(join(derivedDir, 'einvoice-scan'))) {
  console.error('no degraded scans in .cache/derived/einvoice-scan: run `npm run cache:extract` first');
  process.exit(2);
}

type Kind = 'text PDF' | 'scanned page (receipt)' | 'scanned page (full page)';
/** Sources whose scans are receipts; every other scan is a full invoice page. */
const RECEIPT_SOURCES = new Set(['sroie']);
const files: Array<{ path: string; source: string; name: string }> = [];
for (const root of [corpus, derivedDir]) {
  for (const source of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const stack = [join(root, source.name)];
    while (stack.length) {
      const dir = stack.pop()!;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) stack.push(path);
        else if (/\.(pdf|jpe?g|png|tiff?)$/i.test(entry.name))
          files.push({ path, source: source.name, name: relative(root, path) });
      }
    }
  }
}
files.sort((a, b) => a.path.localeCompare(b.path));

/** The kind of a file (see the header) and the pages the local engine reads of it. */
async function kindOf(
  bytes: Uint8Array,
  contentType: string,
  source: string,
): Promise<{ kind: Kind; pages: number }> {
  const scanned: Kind = RECEIPT_SOURCES.has(source) ? 'scanned page (receipt)' : 'scanned page (full page)';
  if (contentType !== 'application/pdf') {
    return { kind: scanned, pages: Math.min(await imagePageCount(bytes), MAX_LOCAL_PAGES) };
  }
  const pdf = await openPdf(bytes);
  try {
    const layers = await textLayers(pdf);
    return {
      kind: layers.every((page) => page !== null) ? 'text PDF' : scanned,
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

const label = (kind: string) => kind.padEnd(25);

/** One kind's line: median and p95 wall time, throughput, median CPU time. */
function row(kind: string, times: number[], cpuTimes: number[], throughput: string): string {
  const perPage = kind === 'text PDF' ? '' : '  (per page)';
  return `${label(kind)} n=${String(times.length).padStart(3)}  median ${Math.round(quantile(times, 0.5))} ms  p95 ${Math.round(quantile(times, 0.95))} ms  ${throughput}CPU median ${Math.round(quantile(cpuTimes, 0.5))} ms${perPage}`;
}

const documents: Array<{ path: string; name: string; contentType: string; kind: Kind; pages: number }> = [];
for (const { path, source, name } of files) {
  const bytes = new Uint8Array(readFileSync(path));
  const contentType = sniffContentType(bytes);
  if (!contentType) continue;
  // Bytes are read again when timed, so the corpus is not held in memory (peak RSS is reported).
  documents.push({ path, name, contentType, ...(await kindOf(bytes, contentType, source)) });
}

const analyzer = new LocalExpenseAnalyzer();
const report: string[] = [];
/** Per-page times of every scanned kind, for the pooled row. */
const scannedTimes: number[] = [];
const scannedCpu: number[] = [];
try {
  for (const kind of ['text PDF', 'scanned page (receipt)', 'scanned page (full page)'] as Kind[]) {
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
      process.stderr.write(`${kind} ${i}/${chosen.length - 1} ${Math.round(ms)} ms ${d.pages} p ${d.name}\n`);
    }
    const minutes = (performance.now() - started) / 60_000;
    const unit = kind === 'text PDF' ? 'docs' : 'files';
    report.push(row(kind, times, cpuTimes, `${(chosen.length / minutes).toFixed(1)} ${unit}/min  `));
    if (kind !== 'text PDF') {
      scannedTimes.push(...times);
      scannedCpu.push(...cpuTimes);
    } else {
      report.push(`${label('')} went through OCR: ${throughOcr} of ${chosen.length}`);
      // The cloud's ExtractLocally sends these to Textract as well (docs/cost.md); scans always go there.
      report.push(
        `${label('')} unsure of a key field (read again by Textract in the cloud): ${unsure} of ${chosen.length}`,
      );
    }
    // Where OCR time went (all documents of this kind that needed OCR, warm-up included).
    const ocr = {
      detect: paddleTimings.detectMs - ocrBefore.detectMs,
      boxes: paddleTimings.boxesMs - ocrBefore.boxesMs,
      recognize: paddleTimings.recognizeMs - ocrBefore.recognizeMs,
      n: paddleTimings.boxes - ocrBefore.boxes,
      inWorker: paddleTimings.workerBoxes - ocrBefore.workerBoxes,
    };
    const ocrTotal = ocr.detect + ocr.boxes + ocr.recognize;
    if (ocrTotal > 0) {
      const share = (x: number) => `${Math.round((100 * x) / ocrTotal)}%`;
      report.push(
        `${label('')} OCR wall time: detection ${share(ocr.detect)}, box finding ${share(ocr.boxes)}, recognition ${share(ocr.recognize)} (${ocr.n} text boxes, ${(ocr.recognize / Math.max(1, ocr.n)).toFixed(0)} ms each, ${ocr.inWorker} of them read in the worker thread)`,
      );
    }
  }
  report.push(row('scanned page (all)', scannedTimes, scannedCpu, ''));
} finally {
  await shutdownLocalAnalyzer();
}
console.log(report.join('\n'));
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
