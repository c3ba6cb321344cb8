import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NoTextLayer, TextLayerAnalyzer } from './text-layer';

function pdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A5' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  draw(doc);
  doc.end();
  return done;
}

describe('TextLayerAnalyzer: the text-layer half of the local engine', () => {
  it('reads the fields of a PDF from its text layer', async () => {
    const bytes = await pdf((doc) =>
      doc
        .fontSize(16)
        .text('Harbor Paints Ltd', 40, 40)
        .fontSize(10)
        .text('Invoice Number: HP-2291', 40, 80)
        .text('Invoice Date: 03/14/2026', 40, 95)
        .text('Total Due:', 200, 200)
        .text('$1,250.00', 300, 200),
    );
    const answer = await new TextLayerAnalyzer().analyze({ bytes, contentType: 'application/pdf' });
    const fields = Object.fromEntries(
      (answer.ExpenseDocuments?.[0].SummaryFields ?? []).map((f) => [f.Type?.Text, f.ValueDetection?.Text]),
    );

    expect(answer.DocumentMetadata?.Pages).toBe(1);
    expect(fields.INVOICE_RECEIPT_ID).toBe('HP-2291');
    expect(fields.TOTAL).toContain('1,250.00');
  });

  it('refuses a PDF with a page of pictures only, and an image: those need OCR', async () => {
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#777777' } })
      .png()
      .toBuffer();
    const scanned = await pdf((doc) => doc.image(png, 0, 0, { width: 300 }));
    const analyzer = new TextLayerAnalyzer();

    await expect(analyzer.analyze({ bytes: scanned, contentType: 'application/pdf' })).rejects.toThrow(
      NoTextLayer,
    );
    await expect(analyzer.analyze({ bytes: new Uint8Array(png), contentType: 'image/png' })).rejects.toThrow(
      NoTextLayer,
    );
  });
});
