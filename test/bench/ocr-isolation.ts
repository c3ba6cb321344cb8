/**
 * The API while the local engine reads a poster-sized text-less page (`npm run bench:ocr-isolation`):
 * starts a test stack, uploads text-less PDF pages of 9,600 pt and 14,400 pt one after the other, and
 * while each is processed sends GET /api/invoices back to back. Prints the GET latencies (p50, p99,
 * max), the peak RSS of this process (the API, gateway and workflow run in it) and of the engine's
 * process, and how each invoice ended. Target: GET p99 ≤ 100 ms.
 * `OCR_IN_PROCESS=1` runs the engine in this process instead, as before isolation, for comparison.
 */
import '../../infra/local/polyfills';
import type { ExpenseAnalyzer } from '../../functions/core/extraction/expense-types';
import { IsolatedExpenseAnalyzer, LocalExpenseAnalyzer, processMemoryMb } from '../../functions/extraction';
import { fileForm, startTestStack } from '../helpers/local-stack';
import { textlessPdf } from '../integration/pipeline-invoices';

const SIDES = [9_600, 14_400];
const TARGET_P99_MS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const inProcess = process.env.OCR_IN_PROCESS === '1';
  const isolated = inProcess ? undefined : new IsolatedExpenseAnalyzer();
  const analyzer: ExpenseAnalyzer = isolated ?? new LocalExpenseAnalyzer();
  const stack = await startTestStack({ queueWorkers: false, analyzer });
  let enginePeakMb = 0;
  const sampler = setInterval(() => {
    const memory = isolated?.pid ? processMemoryMb(isolated.pid) : undefined;
    if (memory) enginePeakMb = Math.max(enginePeakMb, memory.peak);
  }, 50);
  try {
    const { api } = await stack.newUser();
    const files = await Promise.all(SIDES.map((side) => textlessPdf(side)));
    const apiBaselineMb = process.resourceUsage().maxRSS / 1024;
    console.log(
      `engine: ${inProcess ? 'in the API process' : `own process, cap ${isolated?.memoryLimitMb} MB`}`,
    );
    // The same GETs with nothing being read: what the machine gives without a page in the engine.
    const idle: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      await (await api('/api/invoices?limit=20')).arrayBuffer();
      idle.push(performance.now() - t0);
    }
    idle.sort((a, b) => a - b);
    console.log(
      `GET /api/invoices with nothing being read: ${idle.length} requests, p50 ${percentile(idle, 50).toFixed(0)} ms, p99 ${percentile(idle, 99).toFixed(0)} ms`,
    );
    const latencies: number[] = [];
    for (const [i, bytes] of files.entries()) {
      const started = performance.now();
      const response = await api('/api/invoices/upload', {
        method: 'POST',
        body: fileForm(bytes, `poster-${SIDES[i]}.pdf`),
      });
      if (response.status !== 201) throw new Error(`Upload: ${response.status} ${await response.text()}`);
      const { id } = await response.json();
      let decided = false;
      void stack.workflow?.idle().then(() => {
        decided = true;
      });
      const own: number[] = [];
      while (!decided) {
        const t0 = performance.now();
        const list = await api('/api/invoices?limit=20');
        await list.arrayBuffer();
        own.push(performance.now() - t0);
      }
      latencies.push(...own);
      const invoice = await (await api(`/api/invoices/${id}`)).json();
      const sorted = [...own].sort((a, b) => a - b);
      console.log(
        `  ${SIDES[i]} pt page: ${invoice.status} in ${((performance.now() - started) / 1000).toFixed(1)} s` +
          ` (${invoice.reviewReasons?.[0] ?? 'no reason'}); GET ×${own.length}` +
          ` p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`,
      );
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    console.log(
      `GET /api/invoices while pages were read: ${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
        `p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms (target p99 ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `peak RSS: API process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (${apiBaselineMb.toFixed(0)} MB before the pages)` +
        (isolated ? `, engine process ${enginePeakMb.toFixed(0)} MB` : ''),
    );
  } finally {
    clearInterval(sampler);
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    // A stack that failed half-way keeps handles open: exit instead of hanging.
    process.exit(1);
  },
);
