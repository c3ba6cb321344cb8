import PDFDocument from 'pdfkit';
import { openPdf } from '../../functions/extraction';

/** What a generated invoice says, so tests can compare what the pipeline read against it. */
export interface InvoiceSpec {
  vendorName: string;
  vendorAddress: string;
  vendorEmail: string;
  invoiceNumber: string;
  /** YYYY-MM-DD */
  invoiceDate: string;
  dueDate: string;
  billTo: string[];
  lines: { description: string; quantity: number; unitPrice: number }[];
  taxRate: number;
  /** How amounts are printed: `$1,234.50` (default) or `€1,234.50`. */
  currency?: 'USD' | 'EUR';
  /** Payment instructions printed at the foot (bank details). */
  remitTo?: string[];
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

export function totalsOf(spec: InvoiceSpec) {
  const subtotal = round2(spec.lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0));
  const tax = round2(subtotal * spec.taxRate);
  return { subtotal, tax, total: round2(subtotal + tax) };
}

const money = (n: number, currency: InvoiceSpec['currency']) =>
  `${currency === 'EUR' ? '€' : '$'}${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const usDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
};

type Doc = InstanceType<typeof PDFDocument>;

/** The vendor, the invoice's number and dates, and the bill-to block, at the top of the page. */
export function drawInvoiceHeader(doc: Doc, spec: InvoiceSpec): void {
  doc.font('Helvetica-Bold').fontSize(20).text(spec.vendorName, 50, 50);
  doc.font('Helvetica').fontSize(10).text(spec.vendorAddress, 50, 78).text(spec.vendorEmail, 50, 92);
  doc.font('Helvetica-Bold').fontSize(16).text('INVOICE', 400, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Invoice Number: ${spec.invoiceNumber}`, 400, 78);
  doc.text(`Invoice Date: ${usDate(spec.invoiceDate)}`, 400, 92);
  doc.text(`Due Date: ${usDate(spec.dueDate)}`, 400, 106);
  doc.font('Helvetica-Bold').text('Bill To:', 50, 140);
  doc.font('Helvetica');
  spec.billTo.forEach((line, i) => {
    doc.text(line, 50, 154 + i * 14);
  });
}

/** The line-item table's head at `top` and `lines` below it; answers the last row's y. */
export function drawLineItems(doc: Doc, spec: InvoiceSpec, lines: InvoiceSpec['lines'], top: number): number {
  const usd = (n: number) => money(n, spec.currency);
  doc.font('Helvetica-Bold');
  doc
    .text('Description', 50, top)
    .text('Qty', 330, top)
    .text('Unit Price', 390, top)
    .text('Amount', 480, top);
  doc
    .moveTo(50, top + 14)
    .lineTo(560, top + 14)
    .stroke();
  doc.font('Helvetica');
  let y = top;
  for (const line of lines) {
    y += 22;
    doc
      .text(line.description, 50, y)
      .text(String(line.quantity), 330, y)
      .text(usd(line.unitPrice), 390, y)
      .text(usd(round2(line.quantity * line.unitPrice)), 480, y);
  }
  return y;
}

/** Subtotal, tax and total below the last row (`lastRow`); answers where the footer may start. */
export function drawTotals(doc: Doc, spec: InvoiceSpec, lastRow: number): number {
  const usd = (n: number) => money(n, spec.currency);
  const { subtotal, tax, total } = totalsOf(spec);
  const y = lastRow + 40;
  doc.text('Subtotal:', 390, y).text(usd(subtotal), 480, y);
  doc.text(`Tax (${Math.round(spec.taxRate * 100)}%):`, 390, y + 16).text(usd(tax), 480, y + 16);
  doc
    .font('Helvetica-Bold')
    .text('Total Due:', 390, y + 32)
    .text(usd(total), 480, y + 32);
  doc.font('Helvetica').text('Thank you for your business.', 50, y + 80);
  return y + 100;
}

/**
 * A plain text-layer invoice PDF, as accounting software prints them (pdfkit, made at test time).
 * `picture` (a PNG) is printed below the text, like a scanned signature: it makes the file as large as
 * the picture without changing what is read.
 */
export function invoicePdf(
  spec: InvoiceSpec,
  picture?: Buffer,
  options: { termsPage?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: spec.invoiceNumber } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  drawInvoiceHeader(doc, spec);
  const foot = drawTotals(doc, spec, drawLineItems(doc, spec, spec.lines, 240));
  (spec.remitTo ?? []).forEach((line, i) => {
    doc.text(line, 50, foot + i * 14);
  });
  if (picture) doc.image(picture, 50, foot, { width: 200 });
  if (options.termsPage) {
    // A second page of terms, as many vendors print: the document is then read as a multi-page job.
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(14).text('Terms and Conditions', 50, 50);
    doc.font('Helvetica').fontSize(10).text('Payment is due within 30 days of the invoice date.', 50, 80);
  }
  doc.end();
  return done;
}

/** A plumbing invoice; `overrides` make variants (another number, another vendor). */
export function plumbingInvoice(overrides: Partial<InvoiceSpec> = {}): InvoiceSpec {
  return {
    vendorName: 'Northwind Plumbing LLC',
    vendorAddress: '742 Evergreen Terrace, Springfield, IL 62704',
    vendorEmail: 'billing@northwind-plumbing.com',
    invoiceNumber: 'INV-2026-0417',
    invoiceDate: '2026-10-02',
    dueDate: '2026-11-01',
    billTo: ['Maple Court Apartments', '1200 Maple Court', 'Springfield, IL 62701'],
    lines: [
      { description: 'Water heater replacement, 50 gallon', quantity: 1, unitPrice: 1450 },
      { description: 'Drain line cleaning', quantity: 2, unitPrice: 185.5 },
      { description: 'Replace kitchen faucet and supply lines', quantity: 1, unitPrice: 240 },
    ],
    taxRate: 0.08,
    ...overrides,
  };
}

/**
 * A square page of `side` points with shapes and no text (like a scanned drawing): it has no text
 * layer, so the local engine renders it and reads it by OCR.
 */
export function textlessPdf(side: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: [side, side], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (let i = 1; i < 8; i++) {
    doc
      .rect((side / 8) * i - side / 40, side / 10, side / 20, side * 0.8)
      .fill(i % 2 ? '#333333' : '#999999');
  }
  doc.end();
  return done;
}

/** A PDF whose pages are the pictures `pngs` only (a scanner's output): no text layer. */
export function imageOnlyPdf(pngs: readonly Buffer[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const png of pngs) doc.addPage().image(png, 0, 0, { width: 612 });
  doc.end();
  return done;
}

/** `pdf` printed and scanned back: each page rendered at `dpi` into an image-only PDF. */
export async function scanOf(pdf: Uint8Array, dpi = 150): Promise<Buffer> {
  const file = await openPdf(pdf);
  try {
    const pngs: Buffer[] = [];
    for (let page = 1; page <= file.pageCount; page++) pngs.push((await file.render(page, dpi)).png);
    return await imageOnlyPdf(pngs);
  } finally {
    await file.close();
  }
}
