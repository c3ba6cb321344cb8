import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { readEmbeddedEInvoice } from '../../functions/core/extraction/e-invoice';
import { normalizeAnalysis, unsureFields } from '../../functions/core/extraction/pipeline';
import { inProcessPdfReader, TextLayerAnalyzer } from '../../functions/extraction';
import { inspectBytes } from '../../functions/workflow/states/inspect';
import { corpusDir, loadCorpus } from '../extraction/corpus';
import { readTextractRouting } from '../extraction/textract-routing';

/**
 * The path a document takes through the workflow's extraction (process-invoice.asl.json): read by the
 * local engine and sure, read by it and sent on to Textract, or straight to Textract; one page is a
 * synchronous AnalyzeExpense, more an asynchronous job; a rejected file goes to review unread.
 */
export type Route =
  | 'text-pdf, sure'
  | 'text-pdf, unsure, 1 page'
  | 'text-pdf, unsure, pages'
  | 'scan, 1 page'
  | 'scan, pages'
  | 'rejected';

export interface RoutedDocument {
  path: string;
  source: string;
  bytes: number;
  pages: number;
  route: Route;
}

/** Whether a route's document is read by Textract (and billed for its pages). */
export const reachesTextract = (route: Route) => route !== 'text-pdf, sure' && route !== 'rejected';

/**
 * SROIE's scanned shop receipts are not the product's documents (property managers' invoices and
 * utility bills), and at 174 of the corpus's 248 documents they would make it a receipt-scanning
 * corpus: they are left out of the mix.
 */
const NOT_INVOICES = new Set(['sroie']);

/**
 * Routes every invoice of the development corpus as the workflow would: Inspect's test (every page
 * has a text layer, `inspectBytes`), then for a text PDF whether ExtractLocally is unsure
 * (`unsureFields`). That verdict comes from `npm run eval:extract`'s out-of-sample reading when it ran on
 * the current engine and model (scripts/extraction/textract-routing.ts); otherwise from the local
 * engine's own reading here, with the embedded e-invoice XML a PDF may carry (the functions the states
 * run), which is in-sample (optimistic: the field model was trained on this corpus). `basis` says which.
 */
export async function routeCorpus(): Promise<{ routed: RoutedDocument[]; basis: string }> {
  const analyzer = new TextLayerAnalyzer();
  const routed: RoutedDocument[] = [];
  const outOfSample = readTextractRouting();
  let inSample = 0;
  for (const doc of loadCorpus([corpusDir]).filter((d) => !NOT_INVOICES.has(d.source))) {
    const bytes = new Uint8Array(readFileSync(doc.path));
    const inspection = await inspectBytes(bytes, inProcessPdfReader.outline);
    const pages = inspection.pageCount ?? 0;
    const textract = (kind: 'text-pdf, unsure' | 'scan'): Route =>
      pages > 1 ? `${kind}, pages` : `${kind}, 1 page`;
    let route: Route;
    if (inspection.rejectReason || !inspection.kind) route = 'rejected';
    else if (inspection.kind === 'scan') route = textract('scan');
    else if (outOfSample && relative(corpusDir, doc.path) in outOfSample.unsure) {
      route = outOfSample.unsure[relative(corpusDir, doc.path)]
        ? textract('text-pdf, unsure')
        : 'text-pdf, sure';
    } else {
      inSample++;
      const input = { bytes, contentType: 'application/pdf' } as const;
      const [answer, eInvoice] = await Promise.all([
        analyzer.analyze(input),
        readEmbeddedEInvoice(input, inProcessPdfReader.embeddedFiles),
      ]);
      const unsure = unsureFields(normalizeAnalysis(answer, eInvoice).invoice);
      route = unsure.length ? textract('text-pdf, unsure') : 'text-pdf, sure';
    }
    routed.push({
      path: relative(corpusDir, doc.path),
      source: doc.source,
      bytes: bytes.length,
      pages,
      route,
    });
  }
  const textPdfs = routed.filter((d) => d.route.startsWith('text-pdf')).length;
  const basis = !outOfSample
    ? 'in-sample: the local engine read here (run npm run eval:extract for the out-of-sample share)'
    : inSample === 0
      ? `npm run eval:extract's verdicts, ${outOfSample.basis}, of ${outOfSample.generatedAt.slice(0, 10)}`
      : `npm run eval:extract's verdicts (${outOfSample.basis}), ${inSample} of ${textPdfs} text PDFs read here in-sample`;
  return { routed, basis };
}

/** Documents and Textract pages over a routed set, for the bill. */
export function textractFigures(routed: RoutedDocument[]) {
  const reaching = routed.filter((d) => reachesTextract(d.route));
  return {
    documents: routed.length,
    textractDocuments: reaching.length,
    textractPages: reaching.reduce((n, d) => n + d.pages, 0),
  };
}
