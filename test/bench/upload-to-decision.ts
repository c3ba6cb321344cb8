/**
 * Upload-to-decision latency of the local pipeline (`npm run bench:pipeline`): starts a test stack,
 * uploads N generated text PDFs one by one through the API, polls each until it is decided
 * (PROCESSED or REVIEW_REQUIRED), and prints the median and p95 in ms and this process's peak RSS
 * (the workflow, the local engine and the gateway run in it; DynamoDB Local is a separate JVM).
 * Target: median ≤ 2 s.
 */
import '../../infra/local/polyfills';
import { fileForm, startTestStack } from '../helpers/local-stack';
import { invoicePdf, plumbingInvoice } from '../integration/pipeline-invoices';

const N = Number(process.env.BENCH_N ?? 20);
const TARGET_MEDIAN_MS = 2000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const stack = await startTestStack({ queueWorkers: false });
  try {
    const { api } = await stack.newUser();
    // Files are made before timing starts: the figure is the pipeline's, not pdfkit's.
    const files = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        invoicePdf(
          plumbingInvoice({
            invoiceNumber: `BENCH-${1000 + i}`,
            vendorName: `Bench Vendor ${i % 5} LLC`,
            // Distinct totals, so same-vendor invoices are not (rightly) flagged as duplicates.
            lines: [{ description: 'Service call and repair', quantity: 1, unitPrice: 100 + i * 7.5 }],
          }),
        ),
      ),
    );
    const times: number[] = [];
    const outcomes: Record<string, number> = {};
    for (const [i, bytes] of files.entries()) {
      const started = performance.now();
      const response = await api('/api/invoices/upload', {
        method: 'POST',
        body: fileForm(bytes, `bench-${i}.pdf`),
      });
      if (response.status !== 201)
        throw new Error(`Upload ${i}: ${response.status} ${await response.text()}`);
      const { id } = await response.json();
      let status = 'UPLOADED';
      while (status === 'UPLOADED' || status === 'PROCESSING') {
        await new Promise((r) => setTimeout(r, 20));
        status = (await (await api(`/api/invoices/${id}`)).json()).status;
      }
      const ms = performance.now() - started;
      times.push(ms);
      outcomes[status] = (outcomes[status] ?? 0) + 1;
      console.log(`  ${String(i + 1).padStart(2)}/${N} ${status.padEnd(15)} ${ms.toFixed(0)} ms`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const rssMb = process.resourceUsage().maxRSS / 1024;
    console.log(
      `\nupload-to-decision, ${N} text PDFs: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
        `min ${sorted[0].toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms; ` +
        `outcomes ${JSON.stringify(outcomes)}; peak RSS ${rssMb.toFixed(0)} MB; ` +
        `target median ≤ ${TARGET_MEDIAN_MS} ms: ${median <= TARGET_MEDIAN_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
