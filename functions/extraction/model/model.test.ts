import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isCorrect } from '../../../scripts/extraction/labels';
import { detectExpenseDocument } from '../fields/document';
import { LocalExpenseAnalyzer, shutdownLocalAnalyzer } from '../local-analyzer';
import { type ExtractionModel, loadModel, modelValues } from './model';
import modelJson from './model.json';

const corpus = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url));
const committed = modelJson as unknown as ExtractionModel & {
  check: { files: string[]; right: Record<string, number> };
};

afterAll(shutdownLocalAnalyzer);

describe('the committed extraction model', () => {
  it('loads and reproduces its check fold: the einvoice text PDFs, field by field', async () => {
    const model = loadModel(committed);
    const labels = new Map<string, Record<string, unknown> & { file: string }>();
    for (const line of readFileSync(join(corpus, 'einvoice/labels.jsonl'), 'utf8').split('\n')) {
      if (line.trim()) labels.set(`einvoice/${JSON.parse(line).file}`, JSON.parse(line));
    }
    const analyzer = new LocalExpenseAnalyzer();
    const right: Record<string, number> = {};
    for (const file of committed.check.files) {
      const path = join(corpus, file);
      expect(existsSync(path), file).toBe(true);
      const pages = await analyzer.readPages({
        bytes: new Uint8Array(readFileSync(path)),
        contentType: 'application/pdf',
      });
      const values = modelValues(pages.read, model, detectExpenseDocument(pages.read));
      for (const field of model.use) {
        if (isCorrect(labels.get(file)!, field, values[field])) right[field] = (right[field] ?? 0) + 1;
      }
    }
    expect(committed.check.files.length).toBeGreaterThan(0);
    expect(right).toEqual(committed.check.right);
  }, 120_000);

  it('refuses a model trained on other features', () => {
    expect(() => loadModel({ ...committed, featureNames: ['something else'] })).toThrow(/train:extract/);
  });
});
