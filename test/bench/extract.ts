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
import { detectContentType } from '../../functions/core/extraction/file-type';
import { extractInvoice } from '../../functions/core/extraction/pipeline';

const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Number.POSITIVE_INFINITY;

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
    const started = performance.now();
    for (const [i, f] of chosen.entries()) {
      const bytes = new Uint8Array(readFileSync(f.path));
      const contentType = detectContentType(bytes);
      if (!contentType) continue;
      const t = performance.now();
      await extractInvoice({ analyzer }, { bytes, contentType });
      const ms = performance.now() - t;
      if (i > 0) times.push(ms);
      process.stderr.write(
        `${kind} ${i}/${chosen.length - 1} ${Math.round(ms)} ms ${f.path.slice(corpus.length)}\n`,
      );
    }
    const minutes = (performance.now() - started) / 60_000;
    report.push(
      `${kind.padEnd(14)} n=${String(times.length).padStart(3)}  median ${Math.round(quantile(times, 0.5))} ms  p95 ${Math.round(quantile(times, 0.95))} ms  ${(chosen.length / minutes).toFixed(1)} docs/min`,
    );
  }
} finally {
  await shutdownLocalAnalyzer();
}
console.log(report.join('\n'));
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
