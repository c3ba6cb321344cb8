/**
 * Measures where a batch scan is split into documents (core/files/document-boundaries.ts):
 * `npm run eval:boundaries`.
 *
 * 1. Every multi-page text-layer PDF of the dev corpus (../shared/corpus) read as it is: each is one
 *    document, so any split is wrong.
 * 2. Every ordered pair of different text-layer PDFs joined into one file (B's pages after A's): the
 *    boundary is found when the answer is exactly A's pages, then B's. The pages are joined as read (the
 *    function sees pages, not bytes), which is what a PDF of A's pages followed by B's reads as.
 * 3. The same two measures on the corpus's scans (image-only PDFs, and the einvoice PDFs printed and
 *    scanned back by `npm run cache:extract`), from the OCR lines that command cached: each page's lines
 *    as SplitRead sees them in an OCR answer (top and bottom as fractions of the page, no cells). A scan
 *    not in the cache of the current engine is left out and counted.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { PageReading } from '../functions/core/files/document-boundaries';
import { type DocumentRange, documentBoundaries } from '../functions/core/files/document-boundaries';
import { type LayoutPage, openPdf, textLayers } from '../functions/extraction';
import { cachedRead, corpusDir, derivedDir, loadCorpus } from './extraction/corpus';

/** More pages than any corpus document has: read them all, not the engine's first ten. */
const ALL_PAGES = 100;

interface Read {
  name: string;
  source: string;
  pages: PageReading[];
}

/** The corpus's PDFs, each read by its text layer (`text`) or, without one on every page, by OCR (`scans`). */
async function corpusPdfs(): Promise<{ text: Read[]; scans: Read[]; uncached: number }> {
  const text: Read[] = [];
  const scans: Read[] = [];
  let uncached = 0;
  for (const doc of loadCorpus([corpusDir, derivedDir]).filter((d) => /\.pdf$/i.test(d.path))) {
    const name = relative(doc.path.startsWith(derivedDir) ? derivedDir : corpusDir, doc.path);
    const pdf = await openPdf(new Uint8Array(readFileSync(doc.path)));
    let layers: (LayoutPage | null)[];
    try {
      layers = await textLayers(pdf, ALL_PAGES);
    } finally {
      await pdf.close();
    }
    if (layers.length > 0 && layers.every((p) => p !== null)) {
      text.push({ name, source: doc.source, pages: layers as LayoutPage[] });
      continue;
    }
    const read = cachedRead(doc.path)?.pages.read;
    if (!read?.length) {
      uncached += 1;
      continue;
    }
    // As an OCR answer's LINE blocks give them (core/extraction/page-readings.ts): fractions, no cells.
    const pages = read.map((p) => ({
      height: 1,
      lines: p.lines.map((l) => ({
        text: l.text.replace(/\s{2,}/g, ' '),
        y0: l.y0 / p.height,
        y1: l.y1 / p.height,
      })),
    }));
    scans.push({ name, source: doc.source, pages });
  }
  return { text, scans, uncached };
}

const pct = (n: number, of: number) => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);
const show = (ranges: DocumentRange[]) =>
  ranges.map((r) => `${r.firstPage}-${r.lastPage} (${r.startedBy})`).join(', ');

const { text, scans, uncached } = await corpusPdfs();
console.log(
  `Text-layer PDFs: ${text.length}; scans read by OCR: ${scans.length} (${uncached} not in the OCR cache of this engine: npm run cache:extract)`,
);

/** Both measures on one kind of document; `heading` names the kind on every figure. */
function measure(read: Read[], heading: string) {
  const multi = read.filter((d) => d.pages.length > 1);
  const wronglySplit = multi.filter((d) => documentBoundaries(d.pages).length !== 1);
  console.log(
    `\n${heading}1. Multi-page documents read whole: ${multi.length - wronglySplit.length} of ${multi.length} ` +
      `(${multi.reduce((s, d) => s + d.pages.length, 0)} pages); split wrongly: ${wronglySplit.length}`,
  );
  for (const d of wronglySplit) console.log(`   ${d.name}: ${show(documentBoundaries(d.pages))}`);

  interface Tally {
    pairs: number;
    exact: number;
    missed: number;
    extra: number;
  }
  const tally = (): Tally => ({ pairs: 0, exact: 0, missed: 0, extra: 0 });
  const all = tally();
  const sameSource = tally();
  const sameFamilyMisses = new Map<string, number>();
  const byReason = new Map<string, number>();
  for (const a of read) {
    for (const b of read) {
      if (a === b) continue;
      const joined = [...a.pages, ...b.pages];
      const ranges = documentBoundaries(joined);
      const boundary = a.pages.length + 1;
      const found = ranges.some((r) => r.firstPage === boundary);
      const exact = found && ranges.length === 2;
      for (const t of a.source === b.source ? [all, sameSource] : [all]) {
        t.pairs += 1;
        if (exact) t.exact += 1;
        if (!found) t.missed += 1;
        if (ranges.length > (found ? 2 : 1)) t.extra += 1;
      }
      const start = ranges.find((r) => r.firstPage === boundary);
      if (start) byReason.set(start.startedBy, (byReason.get(start.startedBy) ?? 0) + 1);
      else sameFamilyMisses.set(b.name, (sameFamilyMisses.get(b.name) ?? 0) + 1);
    }
  }
  const line = (label: string, t: Tally) =>
    console.log(
      `   ${label}: ${t.pairs} pairs; boundary found exactly ${t.exact} (${pct(t.exact, t.pairs)}), ` +
        `missed ${t.missed} (${pct(t.missed, t.pairs)}), with an extra split ${t.extra} (${pct(t.extra, t.pairs)})`,
    );
  console.log(`\n${heading}2. Two documents joined into one file (A then B)`);
  line('all pairs', all);
  line('both from the same source', sameSource);
  console.log(
    `   what found the boundary: ${[...byReason.entries()]
      .sort((x, y) => y[1] - x[1])
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')}`,
  );
  const worst = [...sameFamilyMisses.entries()].sort((x, y) => y[1] - x[1]).slice(0, 8);
  if (worst.length > 0) {
    console.log('   documents most often not seen to start (as B, of how many pairs each):');
    for (const [name, n] of worst) console.log(`     ${n} of ${read.length - 1}  ${name}`);
  }
}

measure(text, 'Text layer: ');
measure(scans, 'Scans (OCR lines): ');
