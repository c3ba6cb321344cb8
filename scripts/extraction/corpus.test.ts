import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus';
import { groupedFolds, sourceFolds } from './experiment';
import type { DocData } from './learn';

const root = mkdtempSync(join(tmpdir(), 'corpus-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes `<dir>/<source>/labels.jsonl` with the given labels. */
function source(dir: string, name: string, labels: object[]): void {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'labels.jsonl'), labels.map((l) => JSON.stringify(l)).join('\n'));
}

describe('derived scans in the corpus', () => {
  const corpus = join(root, 'corpus');
  const derived = join(root, 'derived');
  source(corpus, 'einvoice', [
    { file: 'a/one.pdf', split: 'dev', vendorName: 'Lieferant GmbH' },
    { file: 'b/two.pdf', split: 'dev', vendorName: null },
  ]);
  source(corpus, 'sroie', [{ file: 'img/1.jpg', split: 'dev', vendorName: 'Kedai Runcit Sdn Bhd' }]);
  source(derived, 'einvoice-scan', [
    {
      file: 'a/one.jpg',
      split: 'dev',
      vendorName: 'Lieferant GmbH',
      derivedFrom: { source: 'einvoice', file: 'a/one.pdf', seed: 1 },
    },
    {
      file: 'b/two.pdf',
      split: 'dev',
      vendorName: null,
      derivedFrom: { source: 'einvoice', file: 'b/two.pdf', seed: 2 },
    },
  ]);
  const docs = loadCorpus([corpus, derived]);
  const byPath = (end: string) => docs.find((d) => d.path.endsWith(end))!;

  it("keeps each scan in its original's seller group, also where the seller is not labelled", () => {
    expect(byPath('einvoice-scan/a/one.jpg').group).toBe(byPath('einvoice/a/one.pdf').group);
    expect(byPath('einvoice-scan/b/two.pdf').group).toBe(byPath('einvoice/b/two.pdf').group);
    expect(byPath('einvoice-scan/a/one.jpg').source).toBe('einvoice-scan');
  });

  it('puts a scan and its original in the same fold, grouped and leave-one-source-out', () => {
    const data = docs.map((doc) => ({ doc }) as DocData);
    const foldOf = (folds: DocData[][], end: string) =>
      folds.findIndex((f) => f.some((d) => d.doc.path.endsWith(end)));

    for (const folds of [groupedFolds(data, 2), sourceFolds(data)]) {
      expect(foldOf(folds, 'einvoice-scan/a/one.jpg')).toBe(foldOf(folds, 'einvoice/a/one.pdf'));
      expect(foldOf(folds, 'einvoice-scan/b/two.pdf')).toBe(foldOf(folds, 'einvoice/b/two.pdf'));
    }
    expect(sourceFolds(data).map((f) => f.length)).toEqual([4, 1]);
  });
});
