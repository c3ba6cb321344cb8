/**
 * Extraction benchmark over the development corpus (../shared/corpus/<source>/).
 *
 *   npm run bench:extract [-- --limit N]
 *
 * Runs the same pipeline as `npm run extract`, one document at a time (warm engines), and prints
 * per document kind the median and p95 wall time, documents per minute and the peak RSS. The first
 * document of each kind is a warm-up and is not counted. `--limit N` takes N documents per kind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LocalExpenseAnalyzer,
  shutdownLocalAnalyzer,
} from '../../functions/adapters/textract/local-analyzer';
import { paddleTimings } from '../../functions/adapters/textract/ocr-engines';
import { extractInvoice } from '../../functions/core/extraction/pipeline';
import { sniffContentType } from '../../functions/core/files/sniff';

const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Number.POSITIVE_INFINITY;
if (!(limit >= 0)) {
  console.error('usage: npm run bench:extract [-- --limit N]');
  process.exit(2);
}

type Kind = 'text PDF' | 'scanned image';
const files: Array<{ path: string; kind: Kind }> = [];
for (const source of readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  const stack = [join(corpus, source.name)];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (/\.pdf$/i.test(entry.name)) files.push({ path, kind: 'text PDF' });
      else if (/\.(jpe?g|png|tiff?)$/i.test(entry.name)) files.push({ path, kind: 'scanned image' });
    }
  }
}
files.sort((a, b) => a.path.localeCompare(b.path));

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : Number.NaN;
};

const analyzer = new LocalExpenseAnalyzer();
const report: string[] = [];
try {
  for (const kind of ['text PDF', 'scanned image'] as Kind[]) {
    const chosen = files.filter((f) => f.kind === kind).slice(0, limit + 1);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const started = performance.now();
    const ocrBefore = { ...paddleTimings };
    for (const [i, f] of chosen.entries()) {
      const bytes = new Uint8Array(readFileSync(f.path));
      const contentType = sniffContentType(bytes);
      if (!contentType) continue;
      const t = performance.now();
      const cpu = process.cpuUsage();
      await extractInvoice({ analyzer }, { bytes, contentType });
      const ms = performance.now() - t;
      const used = process.cpuUsage(cpu);
      if (i > 0) {
        times.push(ms);
        cpuTimes.push((used.user + used.system) / 1000);
      }
      process.stderr.write(
        `${kind} ${i}/${chosen.length - 1} ${Math.round(ms)} ms ${f.path.slice(corpus.length)}\n`,
      );
    }
    const minutes = (performance.now() - started) / 60_000;
    report.push(
      `${kind.padEnd(14)} n=${String(times.length).padStart(3)}  median ${Math.round(quantile(times, 0.5))} ms  p95 ${Math.round(quantile(times, 0.95))} ms  ${(chosen.length / minutes).toFixed(1)} docs/min  CPU median ${Math.round(quantile(cpuTimes, 0.5))} ms`,
    );
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
        `${''.padEnd(14)} OCR wall time: detection ${share(ocr.detect)}, box finding ${share(ocr.boxes)}, recognition ${share(ocr.recognize)} (${ocr.n} text boxes, ${(ocr.recognize / Math.max(1, ocr.n)).toFixed(0)} ms each)`,
      );
    }
  }
} finally {
  await shutdownLocalAnalyzer();
}
console.log(report.join('\n'));
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
