import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineProcessFailed } from '../../extraction/pdf/pdf-reader';
import { inspectBytes } from './inspect';

/** A small PDF made in the test: text on each page, or a picture only (what a scanner writes). */
function pdf(pages: Array<'text' | Buffer>): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A5', autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  for (const page of pages) {
    doc.addPage();
    if (page === 'text') doc.fontSize(12).text('Invoice INV-7 Total due 120.00 EUR', 40, 40);
    else doc.image(page, 0, 0, { width: 300 });
  }
  doc.end();
  return done;
}

const picture = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#777777' } })
    .png()
    .toBuffer();

describe('inspectBytes: which extraction a file is routed to', () => {
  it('calls a PDF with text on every page a text PDF', async () => {
    expect(await inspectBytes(await pdf(['text', 'text']))).toMatchObject({
      contentType: 'application/pdf',
      pageCount: 2,
      kind: 'text-pdf',
      rejectReason: null,
    });
  });

  it('calls a PDF with a page of pictures only a scan, and a photo too', async () => {
    const png = await picture();

    expect(await inspectBytes(await pdf(['text', png]))).toMatchObject({ pageCount: 2, kind: 'scan' });
    expect(await inspectBytes(new Uint8Array(png))).toMatchObject({ contentType: 'image/png', kind: 'scan' });
  });

  it('routes a file that cannot be processed nowhere', async () => {
    expect(await inspectBytes(new TextEncoder().encode('%PDF-1.7\ngarbage'))).toMatchObject({
      kind: null,
      rejectReason: expect.stringMatching(/PDF/),
    });
  });

  it('hands on the end of the process reading the PDF: it is the document, not its structure', async () => {
    const capped = async () => {
      throw new EngineProcessFailed('Reading the document needed more than 2048 MB of memory');
    };
    await expect(inspectBytes(await pdf(['text']), capped)).rejects.toThrow(EngineProcessFailed);
    // What the reader finds wrong with the file is still a damaged PDF.
    const refusing = async () => {
      throw new Error('Invalid PDF structure.');
    };
    expect(await inspectBytes(await pdf(['text']), refusing)).toMatchObject({
      kind: null,
      rejectReason: 'The PDF is damaged and cannot be read: Invalid PDF structure.',
    });
  });
});
