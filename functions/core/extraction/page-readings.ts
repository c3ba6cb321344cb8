import type { PageReading } from '../files/document-boundaries';
import type { AnalyzeExpenseResponse } from './expense-types';

/**
 * A scanned file's pages as an OCR answer read them (Textract's, or the local engine's in the same
 * shape): what finds the documents of a batch scan that has no text layer. Each LINE block goes to its
 * page, once (Textract repeats no block, but an answer merged from several parts might), with its box's
 * top and bottom as fractions of the page.
 *
 * A page with no line is blank (a separator sheet, the back of a duplex scan) and continues the
 * document before it. Pages after the last one with a line are a different matter: nothing tells a
 * blank tail from pages the reader stopped before (the local engine reads the first ten), so the
 * answer is null and the file is read as one document, as it was before it could be split.
 */
export function pageReadingsOf(response: AnalyzeExpenseResponse, pageCount: number): PageReading[] | null {
  const pages = Array.from({ length: pageCount }, () => [] as { text: string; y0: number; y1: number }[]);
  const seen = new Set<string>();
  for (const doc of response.ExpenseDocuments ?? []) {
    for (const block of doc.Blocks ?? []) {
      const text = block.Text?.replace(/\s+/g, ' ').trim();
      const box = block.Geometry?.BoundingBox;
      const page = block.Page ?? 1;
      if (block.BlockType !== 'LINE' || !text || page < 1 || page > pageCount) continue;
      if (block.Id) {
        if (seen.has(block.Id)) continue;
        seen.add(block.Id);
      }
      const top = box?.Top ?? 0;
      pages[page - 1].push({ text, y0: top, y1: top + (box?.Height ?? 0) });
    }
  }
  if (pages[pageCount - 1]?.length === 0) return null;
  return pages.map((lines) => ({ height: 1, lines }));
}
