import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentBoundaries } from '../files/document-boundaries';
import type { AnalyzeExpenseResponse, ExpenseBlock } from './expense-types';
import { pageReadingsOf } from './page-readings';

// The recorded Textract answers live next to the repository: <repo>/../shared/fixtures/textract/.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const multipage = (): AnalyzeExpenseResponse =>
  JSON.parse(
    readFileSync(`${repoRoot}../shared/fixtures/textract/analyzeExpenseResponse-multipage.json`, 'utf8'),
  );

const line = (id: string, page: number, text: string, top: number): ExpenseBlock => ({
  BlockType: 'LINE',
  Id: id,
  Text: text,
  Page: page,
  Geometry: { BoundingBox: { Left: 0.1, Top: top, Width: 0.3, Height: 0.02 } },
});

describe('pageReadingsOf: a scan as OCR read it, page by page', () => {
  it("puts each of Textract's LINE blocks on its page, and finds one document in a real two-page invoice", () => {
    const answer = multipage();
    const pages = pageReadingsOf(answer, 2);
    const lines = answer.ExpenseDocuments?.flatMap((d) => d.Blocks ?? []).filter(
      (b) => b.BlockType === 'LINE',
    );

    expect(pages?.map((p) => p.lines.length)).toEqual(
      [1, 2].map((n) => lines?.filter((b) => b.Page === n).length),
    );
    expect(pages?.[1].lines[0]).toMatchObject({ text: lines?.find((b) => b.Page === 2)?.Text });
    // Both pages print the same invoice number: the second continues the first.
    expect(documentBoundaries(pages ?? []).map((r) => [r.firstPage, r.lastPage])).toEqual([[1, 2]]);
  });

  it('reads a block repeated across merged answer parts once, and a blank page inside the file as blank', () => {
    const first = [line('a', 1, 'Invoice', 0.05), line('b', 1, 'Invoice Number: A-1', 0.1)];
    const answer: AnalyzeExpenseResponse = {
      ExpenseDocuments: [
        { Blocks: first },
        { Blocks: [...first, line('c', 3, 'Invoice', 0.05), line('d', 3, 'Invoice Number: B-7', 0.1)] },
      ],
    };
    const pages = pageReadingsOf(answer, 3);

    expect(pages?.map((p) => p.lines.map((l) => l.text))).toEqual([
      ['Invoice', 'Invoice Number: A-1'],
      [],
      ['Invoice', 'Invoice Number: B-7'],
    ]);
    expect(pages?.[0].lines[1]).toEqual({ text: 'Invoice Number: A-1', y0: 0.1, y1: 0.1 + 0.02 });
    expect(documentBoundaries(pages ?? []).map((r) => [r.firstPage, r.lastPage])).toEqual([
      [1, 2],
      [3, 3],
    ]);
  });

  it('answers null when the last page has no line: the reader may have stopped before it', () => {
    const answer: AnalyzeExpenseResponse = {
      ExpenseDocuments: [{ Blocks: [line('a', 1, 'Invoice Number: A-1', 0.1)] }],
    };
    expect(pageReadingsOf(answer, 2)).toBeNull();
    expect(pageReadingsOf({ ExpenseDocuments: [] }, 1)).toBeNull();
  });
});
