import PDFDocument from 'pdfkit';

/** A small, clean one-page invoice PDF, made on the fly so the suite needs no fixture files. */
export function sampleInvoicePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text('Acme Plumbing Co.', { align: 'left' });
    doc.fontSize(10).text('123 Main Street, Springfield, IL 62701');
    doc.text('billing@acmeplumbing.com  (217) 555-0134');
    doc.moveDown();
    doc.fontSize(16).text('INVOICE');
    doc.fontSize(11);
    doc.text('Invoice Number: INV-2024-0187');
    doc.text('Invoice Date: 2024-03-15');
    doc.text('Due Date: 2024-04-14');
    doc.moveDown();
    doc.text('Description                         Qty     Unit Price     Amount');
    doc.text('Emergency pipe repair, Unit 4B        1       $850.00        $850.00');
    doc.text('Replacement valve                     2       $150.00        $300.00');
    doc.moveDown();
    doc.text('Subtotal: $1,150.00');
    doc.text('Tax: $98.50');
    doc.fontSize(13).text('Total: $1,248.50');
    doc.end();
  });
}
