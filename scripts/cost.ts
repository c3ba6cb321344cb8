/**
 * `npm run cost`: the bill per 1,000 invoices at 1k, 10k and 100k invoices a month, from the synthesized
 * template and figures measured on the local parts (scripts/cost/), printed and written to docs/cost.md.
 */
import { writeFileSync } from 'node:fs';
import { synthesizeApp } from '../test/cloud-bundles/synth';
import { ASSUMPTIONS } from './cost/assumptions';
import { bill } from './cost/bill';
import { measuredFigures } from './cost/figures';
import { measure } from './cost/measure';
import { billTable, costMarkdown, runTable } from './cost/report';
import { readInfrastructure } from './cost/template';
import { routeCorpus } from './cost/textract-share';

const VOLUMES = [1_000, 10_000, 100_000];
const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const log = (line: string) => console.log(line);

let step = performance.now();
// The production stage as deployed: a sandbox differs in what it bills (log retention, log level, the
// custom resources that empty its buckets on deletion).
const synth = synthesizeApp('prod');
const infra = readInfrastructure(synth.templates);
log(`synth with bundling: ${seconds(step)} s, ${infra.functions.length} functions`);

step = performance.now();
const { routed, basis } = await routeCorpus();
log(`Textract share, Inspect and ExtractLocally's decision over the corpus: ${seconds(step)} s`);
const source = `the workflow's Inspect / ExtractLocally decision over ../shared/corpus/ (its invoices; SROIE receipts left out); text PDFs read again: ${basis}`;

log('measurements:');
const scheduled = [...new Set(infra.schedules.flatMap((s) => s.targets))];
const measurements = await measure(synth, routed, scheduled, log);
const measured = measuredFigures(routed, measurements, source);
const bills = VOLUMES.map((invoices) => bill(infra, measured, ASSUMPTIONS, invoices));

log(`\nroutes (one document each, weighted by the corpus's ${routed.length} documents):`);
log(runTable(routed, measurements));
log(
  `\nTextract: ${measured.textract.textractDocuments}/${measured.textract.documents} documents, ${measured.textract.textractPages} pages (${source})`,
);
log(`\n${billTable(bills)}`);

const total = Math.round((performance.now() - started) / 1000);
const doc = new URL('../docs/cost.md', import.meta.url);
writeFileSync(
  doc,
  costMarkdown({
    infra,
    routed,
    measurements,
    measured,
    bills,
    generatedAt: new Date().toISOString().slice(0, 10),
    seconds: total,
  }),
);
log(`\nwrote docs/cost.md (${total} s in all)`);
