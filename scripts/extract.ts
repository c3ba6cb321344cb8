/**
 * Extraction CLI: runs the same extraction the workflow runs (local engine and a PDF's embedded
 * e-invoice XML, Normalize, Classify, Validate, Decide) on files, with no server.
 *
 *   npm run --silent extract -- FILE...
 *
 * Prints one JSON object per file per line on stdout, in the order the files were given (the
 * "Extraction contract" of ARCHITECTURE.md); logs go to stderr. Files are processed with bounded
 * concurrency (EXTRACT_CONCURRENCY, default 2).
 */

import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extractInvoice, extractionRecord } from '../functions/core/extraction/pipeline';
import { NO_ACCOUNT_FIELDS } from '../functions/core/extraction/types';
import { sniffContentType } from '../functions/core/files/sniff';
import { LocalExpenseAnalyzer, pdfEmbeddedFiles, shutdownLocalAnalyzer } from '../functions/extraction';

const files = process.argv.slice(2).filter((a) => a !== '--');
if (files.length === 0) {
  console.error('usage: npm run --silent extract -- FILE...');
  process.exit(2);
}

const analyzer = new LocalExpenseAnalyzer();
const concurrency = Math.max(
  1,
  Math.min(Number(process.env.EXTRACT_CONCURRENCY ?? 2), availableParallelism(), 2),
);

async function extractOne(file: string): Promise<Record<string, unknown>> {
  const started = performance.now();
  const empty = {
    vendorName: null,
    vendorAddress: null,
    vendorEmail: null,
    vendorPhone: null,
    invoiceNumber: null,
    invoiceDate: null,
    dueDate: null,
    subtotal: null,
    taxAmount: null,
    totalAmount: null,
    currency: null,
    ...NO_ACCOUNT_FIELDS,
    lineItems: [],
    category: null,
    aiConfidence: 0,
    confidence: {},
  };
  try {
    const bytes = new Uint8Array(await readFile(file));
    const contentType = sniffContentType(bytes);
    if (!contentType) {
      return {
        file,
        ...empty,
        status: 'REVIEW_REQUIRED',
        reviewReasons: ['The file is not a PDF, JPEG, PNG or TIFF.'],
        ms: Math.round(performance.now() - started),
      };
    }
    const r = await extractInvoice({ analyzer, embeddedFiles: pdfEmbeddedFiles }, { bytes, contentType });
    return { file, ...extractionRecord(r), ms: Math.round(performance.now() - started) };
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return {
      file,
      ...empty,
      status: 'REVIEW_REQUIRED',
      reviewReasons: [`Extraction failed: ${error instanceof Error ? error.message : String(error)}`],
      ms: Math.round(performance.now() - started),
    };
  }
}

// Results are printed in input order as soon as every earlier file is done. Pictures (OCR) and
// PDFs go through separate queues, so a fast text PDF never waits behind a slow scan; OCR itself
// runs one page at a time.
const results: Array<Record<string, unknown> | undefined> = new Array(files.length);
let printed = 0;
const isPdf = (f: string) => /\.pdf$/i.test(f);
const queues = [
  files.map((_, i) => i).filter((i) => isPdf(files[i])),
  files.map((_, i) => i).filter((i) => !isPdf(files[i])),
];
async function worker(queue: number[]): Promise<void> {
  for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
    results[i] = await extractOne(files[i]);
    while (printed < files.length && results[printed]) {
      process.stdout.write(`${JSON.stringify(results[printed])}\n`);
      results[printed] = undefined;
      printed++;
    }
  }
}

try {
  await Promise.all(
    concurrency > 1 ? queues.map((q) => worker(q)) : [worker(queues.flat().sort((a, b) => a - b))],
  );
} finally {
  await shutdownLocalAnalyzer();
}
