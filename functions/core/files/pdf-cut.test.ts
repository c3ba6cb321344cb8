import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../../extraction/pdf/pdf-reader';
import { cutPdfPages, PdfCutFailed } from './pdf-cut';

/** A PDF (pdfkit, a real writer) whose page n reads "Page n of <count> <label>". */
function pdfOfPages(count: number, label: string): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  for (let n = 1; n <= count; n++) {
    if (n > 1) doc.addPage();
    doc.fontSize(14).text(`Page ${n} of ${count} ${label} with enough words to read as text`, 50, 80);
  }
  doc.end();
  return done;
}

const firstLines = async (bytes: Uint8Array) =>
  (await pdfPageTexts(bytes, 100)).pages.map((p) => p?.lines[0]?.text ?? null);

describe('cutPdfPages', () => {
  it('answers a PDF that a reader opens with exactly the chosen pages, in order', async () => {
    const original = await pdfOfPages(4, 'batch');
    const { refs } = await pdfPageTexts(original, 100);
    const cut = cutPdfPages(original, [refs[2], refs[3]]);
    expect(await firstLines(cut)).toEqual([
      expect.stringContaining('Page 3 of 4'),
      expect.stringContaining('Page 4 of 4'),
    ]);
    // The original's bytes come first, unchanged: the cut is an incremental update of it.
    expect(Buffer.from(cut.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
  });

  it('gives the same bytes for the same pages, and can be cut again', async () => {
    const original = await pdfOfPages(3, 'again');
    const { refs } = await pdfPageTexts(original, 100);
    const once = cutPdfPages(original, [refs[1], refs[2]]);
    expect(Buffer.from(cutPdfPages(original, [refs[1], refs[2]])).equals(Buffer.from(once))).toBe(true);
    const twice = cutPdfPages(once, [refs[2]]);
    expect(await firstLines(twice)).toEqual([expect.stringContaining('Page 3 of 3')]);
  });

  it('refuses a file it cannot update instead of writing a broken one', () => {
    const notPdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n');
    expect(() => cutPdfPages(notPdf, [{ num: 1, gen: 0 }])).toThrow(PdfCutFailed);
  });
});
