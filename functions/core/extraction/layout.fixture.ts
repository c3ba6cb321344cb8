import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextLayerAnalyzer } from '../../extraction/text-layer';
import type { AnalyzeExpenseResponse } from './expense-types';
import { layoutOf, type PageLine } from './layout';

/**
 * Real documents for the layout memory's tests: recorded Textract answers (../shared/fixtures/textract)
 * and corpus PDFs read by the local engine's text layer, as the product reads them.
 */
const shared = fileURLToPath(new URL('../../../../shared/', import.meta.url));

/** A recorded Textract answer, by file name. */
export const textractAnswer = (file: string): AnalyzeExpenseResponse =>
  JSON.parse(readFileSync(`${shared}fixtures/textract/${file}`, 'utf8')) as AnalyzeExpenseResponse;

/** The corpus's labels of one source, by file. */
export function corpusLabels(source: string): Record<string, Record<string, unknown>> {
  const rows = readFileSync(`${shared}corpus/${source}/labels.jsonl`, 'utf8').trim().split('\n');
  return Object.fromEntries(
    rows.map((r) => JSON.parse(r) as Record<string, unknown>).map((r) => [String(r.file), r]),
  );
}

const analyzer = new TextLayerAnalyzer();

/** A corpus text PDF as the local engine answers it (`source/file`). */
export const corpusAnswer = async (path: string): Promise<AnalyzeExpenseResponse> =>
  analyzer.analyze({
    bytes: new Uint8Array(readFileSync(`${shared}corpus/${path}`)),
    contentType: 'application/pdf',
  });

export const corpusLayout = async (path: string): Promise<PageLine[]> => layoutOf(await corpusAnswer(path));

/**
 * The next invoice of a recorded answer's template: each text in `values` printed in its place instead
 * (a new number, date, amount), and every line at or below `from` (a longer item table above it)
 * moved down by `shift` on its page. The words the template prints stay as they are.
 */
export function nextOf(
  answer: AnalyzeExpenseResponse,
  values: Record<string, string>,
  move: { page: number; from: number; shift: number } | null = null,
): AnalyzeExpenseResponse {
  const copy = structuredClone(answer);
  for (const doc of copy.ExpenseDocuments ?? []) {
    for (const block of doc.Blocks ?? []) {
      if (block.BlockType !== 'LINE' || !block.Text) continue;
      for (const [was, now] of Object.entries(values)) block.Text = block.Text.replace(was, now);
      const box = block.Geometry?.BoundingBox;
      if (move && box && (block.Page ?? 1) === move.page && (box.Top ?? 0) >= move.from)
        box.Top = (box.Top ?? 0) + move.shift;
    }
  }
  return copy;
}
