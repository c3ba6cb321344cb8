/**
 * The labelled development corpus (../shared/corpus/<source>/labels.jsonl) and a cache of what the
 * local engine read from each file (words and geometry per page), so that evaluation and training
 * iterate on cached words in seconds instead of re-running OCR.
 *
 * The cache lives in `.cache/extract-pages/` (gitignored), keyed by the file's SHA-256 and the
 * engine version: a hash of the source files that turn bytes into positioned words. Editing the
 * OCR or text-layer code therefore invalidates it; editing field detection does not.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentContentType } from '../../functions/core/extraction/expense-types';
import { sniffContentType } from '../../functions/core/files/sniff';
import type { LocalExpenseAnalyzer, ReadPages } from '../../functions/extraction';

export const repo = fileURLToPath(new URL('../../', import.meta.url));
export const corpusDir = resolve(repo, '../shared/corpus');
const cacheDir = join(repo, '.cache/extract-pages');
/**
 * Documents derived from the corpus (degraded scans of its PDFs), laid out like the corpus itself
 * (`<source>/labels.jsonl` beside the files) but generated, so kept in `.cache/`, never in the repo.
 */
export const derivedDir = join(repo, '.cache/derived');

/** One labelled document: the label object of its source's labels.jsonl, with where it lives. */
export interface CorpusDoc {
  /** Absolute path of the file. */
  path: string;
  /** The source folder (einvoice, invoice2data, parsee_invoices, sroie; einvoice-scan derived). */
  source: string;
  /**
   * The source a document comes from in the end: a derived scan belongs to its original's source,
   * and leave-one-source-out holds the two out together (else a scan's fold trains on its own PDF).
   */
  family: string;
  /** The seller, normalised: documents of one seller are never split between train and test. */
  group: string;
  label: Record<string, unknown> & { file: string };
}

/** A seller name reduced to its distinctive words, so spelling variants of one seller group together. */
export function sellerKey(name: unknown): string {
  return String(name ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\b(sdn|bhd|gmbh|inc|ltd|llc|sas|sa|bv|co|kg|ag|plc|limited|corp|corporation|company)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Every labelled document of the development corpus, and of the documents derived from it that
 * `npm run cache:extract` has generated, in a stable order.
 */
export function loadCorpus(dirs = [corpusDir, derivedDir]): CorpusDoc[] {
  const docs: CorpusDoc[] = [];
  for (const dir of dirs.filter((d) => existsSync(d))) {
    for (const source of readdirSync(dir, { withFileTypes: true })) {
      const labels = join(dir, source.name, 'labels.jsonl');
      if (!source.isDirectory() || !existsSync(labels)) continue;
      for (const line of readFileSync(labels, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        const label = JSON.parse(line) as CorpusDoc['label'] & Partial<DerivedLabel>;
        if (label.split && label.split !== 'dev') continue;
        const path = resolve(dirname(labels), label.file);
        const family = label.derivedFrom?.source ?? source.name;
        // A rendering of another document (a PNG of a PDF, a scan) belongs to that document's seller.
        const seller =
          sellerKey(label.vendorName) || `${family}/${basename(label.derivedFrom?.file ?? label.file)}`;
        docs.push({ path, source: source.name, family, group: seller, label });
      }
    }
  }
  return docs.sort((a, b) => a.path.localeCompare(b.path));
}

/** What a derived document's label adds to its original's. */
interface DerivedLabel {
  derivedFrom: { source: string; file: string; seed: number };
}

/** Corpus sources rendered as degraded scans, and the name of each derived source. */
export const SCANNED_SOURCES: Record<string, string> = { einvoice: 'einvoice-scan' };

/**
 * Generates the degraded scans of the corpus PDFs of {@link SCANNED_SOURCES} (see degrade.ts), with
 * their originals' labels, unless the same degradation of the same original is already there.
 * Each document gets its own seed from its path, so adding a document changes no other scan.
 */
export async function buildDerivedScans(log: (line: string) => void = () => {}): Promise<void> {
  const { degradedScan, DEGRADE_VERSION } = await import('./degrade');
  for (const [source, derived] of Object.entries(SCANNED_SOURCES)) {
    const dir = join(derivedDir, derived);
    const labelsFile = join(dir, 'labels.jsonl');
    const existing = new Map<string, string>();
    if (existsSync(labelsFile)) {
      for (const line of readFileSync(labelsFile, 'utf8')
        .split('\n')
        .filter((l) => l.trim())) {
        const l = JSON.parse(line) as CorpusDoc['label'] & DerivedLabel & { degradeVersion?: number };
        if (l.degradeVersion === DEGRADE_VERSION && existsSync(join(dir, l.file)))
          existing.set(l.derivedFrom.file, line);
      }
    }
    const lines: string[] = [];
    for (const doc of loadCorpus([corpusDir]).filter((d) => d.source === source)) {
      const original = relative(join(corpusDir, source), doc.path);
      const kept = existing.get(original);
      if (kept) {
        lines.push(kept);
        continue;
      }
      const seed = Number.parseInt(createHash('sha256').update(original).digest('hex').slice(0, 8), 16);
      const started = performance.now();
      const scan = await degradedScan(new Uint8Array(readFileSync(doc.path)), seed);
      const file = original.replace(/\.pdf$/i, scan.contentType === 'image/jpeg' ? '.jpg' : '.pdf');
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), scan.bytes);
      const { sha256: _sha, bytes: _bytes, pixelSize: _px, ...label } = doc.label;
      lines.push(
        JSON.stringify({
          ...label,
          file,
          docKind: `degraded scan (${scan.contentType}) of ${String(doc.label.docKind ?? 'a PDF')}`,
          renderingOf: original,
          derivedFrom: { source, file: original, seed },
          degradeVersion: DEGRADE_VERSION,
          scan: scan.params,
        }),
      );
      log(
        `${derived}/${file}: ${scan.params.length} page(s) in ${Math.round(performance.now() - started)} ms`,
      );
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(labelsFile, `${lines.join('\n')}\n`);
  }
}

// The code that turns bytes into positioned words. local-analyzer.ts is in: it decides what is
// rendered and read. A new model changes model.json, not these files, so it keeps the cache.
const ENGINE_FILES = [
  'functions/extraction/pdf/pdf-pages.ts',
  'functions/extraction/ocr/image-prep.ts',
  'functions/extraction/local-analyzer.ts',
  'functions/extraction/ocr/ocr-engines.ts',
  'functions/extraction/ocr/paddle-ocr.ts',
  'functions/extraction/ocr/paddle-runtime.ts',
  'functions/extraction/ocr/paddle-detection.ts',
  'functions/extraction/ocr/paddle-recognition.ts',
  'functions/extraction/ocr/paddle-geometry.ts',
  'functions/extraction/ocr/paddle-ocr-worker.ts',
  'functions/extraction/ocr/restore-spaces.ts',
  'functions/extraction/text-layout.ts',
];

/** A hash of the code that turns a file into positioned words. */
export function engineVersion(): string {
  const h = createHash('sha256');
  for (const f of ENGINE_FILES) {
    const p = join(repo, f);
    h.update(f);
    if (existsSync(p)) h.update(readFileSync(p));
  }
  h.update(process.env.LOCAL_OCR_ENGINE ?? 'default');
  return h.digest('hex').slice(0, 16);
}

/** What the engine read from one file, and how long reading took. */
export interface CachedRead {
  sha256: string;
  engineVersion: string;
  contentType: DocumentContentType;
  /** Wall time of reading the pages (text layer or OCR), in ms. */
  readMs: number;
  pages: ReadPages;
}

function cachePath(sha: string, version: string): string {
  return join(cacheDir, version, `${sha}.json`);
}

/** The cached read of a file, or null when it has not been read by this engine version. */
export function cachedRead(path: string, version = engineVersion()): CachedRead | null {
  const sha = createHash('sha256').update(readFileSync(path)).digest('hex');
  const p = cachePath(sha, version);
  return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as CachedRead) : null;
}

/** Reads a file with the engine (unless cached) and stores the result. */
export async function readAndCache(
  analyzer: LocalExpenseAnalyzer,
  path: string,
  version = engineVersion(),
): Promise<CachedRead> {
  const bytes = new Uint8Array(readFileSync(path));
  const sha = createHash('sha256').update(bytes).digest('hex');
  const p = cachePath(sha, version);
  if (existsSync(p)) return JSON.parse(readFileSync(p, 'utf8')) as CachedRead;
  const contentType = sniffContentType(bytes);
  if (!contentType) throw new Error(`${path}: not a PDF, JPEG, PNG or TIFF`);
  const started = performance.now();
  const pages = await analyzer.readPages({ bytes, contentType });
  const entry: CachedRead = {
    sha256: sha,
    engineVersion: version,
    contentType,
    readMs: Math.round(performance.now() - started),
    pages,
  };
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, JSON.stringify(entry));
  return entry;
}
