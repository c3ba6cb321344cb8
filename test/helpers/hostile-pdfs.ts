import { createDeflate } from 'node:zlib';

/**
 * The files a hostile prober uploads to exhaust a server that parses documents: each a few bytes to a
 * megabyte, each well-formed enough that a PDF reader starts on it. Made at test time, with no PDF
 * library (a library would refuse to write most of them).
 */

/** One indirect object's body (what goes between `N 0 obj` and `endobj`). */
type PdfObject = string | Buffer;

/** A stream object: its dictionary entries and its encoded bytes. */
const stream = (dict: string, bytes: Buffer): Buffer =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/**
 * A PDF of `objects` numbered from 1 (object 1 the catalog), with a correct cross-reference table;
 * `trailer` adds entries to the trailer (a /Prev, for instance).
 */
export function pdfFile(objects: PdfObject[], trailer = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** `size` bytes of zeros deflated, written in 1 MB blocks so that nothing here holds `size` bytes. */
export async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(1 << 20);
  for (let written = 0; written < size; written += block.length) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(chunks);
}

const catalog = '<< /Type /Catalog /Pages 2 0 R >>';
const onePageTree = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const helvetica = '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>';
const LETTER = '/MediaBox [0 0 612 792]';

/** A page's content a reader takes for an invoice's text layer (so a file is routed as a text PDF). */
const invoiceText = (invoiceNumber: string) =>
  Buffer.from(
    `BT /F1 12 Tf 40 700 Td (Invoice ${invoiceNumber} from Harbor Plumbing Supply, total due 120.00 USD) Tj ET`,
    'latin1',
  );

/** 1 GiB: the probe's bomb, one page whose content stream expands from about 1 MB to this. */
export const BOMB_BYTES = 1 << 30;

/** One page whose content stream is 1 GiB of zeros, Flate-compressed to about 1 MB. */
export async function flateBombPdf(): Promise<Buffer> {
  return pdfFile([
    catalog,
    onePageTree,
    `<< /Type /Page /Parent 2 0 R ${LETTER} /Contents 4 0 R >>`,
    stream('/Filter /FlateDecode', await deflatedZeros(BOMB_BYTES)),
  ]);
}

/**
 * A one-page text invoice carrying a hybrid e-invoice's attachment (as Factur-X does) whose bytes are
 * 1 GiB of zeros: what reads the embedded XML meets the bomb, not what reads the page.
 */
export async function attachmentBombPdf(): Promise<Buffer> {
  return pdfFile([
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 5 0 R] >> >> >>',
    onePageTree,
    `<< /Type /Page /Parent 2 0 R ${LETTER} ${helvetica} /Contents 4 0 R >>`,
    stream('', invoiceText('INV-4711')),
    '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F 6 0 R >> >>',
    stream('/Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode', await deflatedZeros(BOMB_BYTES)),
  ]);
}

/** A page whose annotation array nests `depth` arrays deep: a recursive parser runs out of stack. */
export function deepNestingPdf(depth = 500_000): Buffer {
  return pdfFile([
    catalog,
    onePageTree,
    `<< /Type /Page /Parent 2 0 R ${LETTER} /Annots ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
  ]);
}

/** A page tree that claims two billion pages and holds one. */
export function hugePageCountPdf(): Buffer {
  return pdfFile([
    catalog,
    '<< /Type /Pages /Kids [3 0 R] /Count 2147483647 >>',
    `<< /Type /Page /Parent 2 0 R ${LETTER} ${helvetica} /Contents 4 0 R >>`,
    stream('', invoiceText('INV-4712')),
  ]);
}

/**
 * Loops where a reader follows references: the trailer's /Prev names its own cross-reference table,
 * and the page tree lists itself among its kids.
 */
export function referenceLoopPdf(): Buffer {
  const objects = [
    catalog,
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
    `<< /Type /Page /Parent 2 0 R ${LETTER} >>`,
  ];
  // The cross-reference table starts right after the objects: its offset is what a file without the
  // /Prev entry says at `startxref`, and the /Prev entry does not move it.
  const withoutPrev = pdfFile(objects);
  const xrefOffset = Number(/startxref\n(\d+)/.exec(withoutPrev.toString('latin1'))?.[1]);
  return pdfFile(objects, `/Prev ${xrefOffset}`);
}

/** Every hostile file of the set, by name. */
export async function hostilePdfs(): Promise<{ name: string; bytes: Buffer }[]> {
  return [
    { name: 'flate-bomb.pdf', bytes: await flateBombPdf() },
    { name: 'attachment-bomb.pdf', bytes: await attachmentBombPdf() },
    { name: 'deep-nesting.pdf', bytes: deepNestingPdf() },
    { name: 'huge-page-count.pdf', bytes: hugePageCountPdf() },
    { name: 'reference-loop.pdf', bytes: referenceLoopPdf() },
  ];
}
