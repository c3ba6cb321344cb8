/**
 * Reads every document of the development corpus once with the local engine and caches its words
 * and geometry (see corpus.ts). Run before `npm run eval:extract` / `train:extract`; files already
 * cached for the current engine version are skipped. First generates the derived documents (the
 * degraded scans of the e-invoices, see degrade.ts) that are not there yet.
 *
 *   npm run cache:extract
 */
import { LocalExpenseAnalyzer, shutdownLocalAnalyzer } from '../../functions/extraction';
import { buildDerivedScans, engineVersion, loadCorpus, readAndCache } from './corpus';

await buildDerivedScans((line) => console.error(line));
const docs = loadCorpus();
const version = engineVersion();
const analyzer = new LocalExpenseAnalyzer();
let done = 0;
try {
  // Text PDFs first: they are fast, so evaluation can start on them while scans are read.
  const isTextPdf = (d: (typeof docs)[number]) => /\.pdf$/i.test(d.path) && d.family === d.source;
  const ordered = [...docs].sort((a, b) => Number(!isTextPdf(a)) - Number(!isTextPdf(b)));
  for (const doc of ordered) {
    try {
      const r = await readAndCache(analyzer, doc.path, version);
      done++;
      console.error(`${done}/${docs.length} ${r.readMs} ms ${doc.source}/${doc.label.file}`);
    } catch (error) {
      console.error(`${doc.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  await shutdownLocalAnalyzer();
}
console.error(`engine ${version}: ${done} of ${docs.length} documents cached`);
