/**
 * A PDF of some of another PDF's pages, written as an incremental update of the original: a new page
 * tree that lists only those pages and a new catalog pointing to it, appended after the original bytes
 * with their own cross-reference section (PDF 32000-1, 7.5.6). Nothing of the original is rewritten or
 * decompressed, so cutting costs no more memory than the file's size, needs no PDF writer library, and
 * the same pages always give the same bytes. The pages keep their own resources and their `/Parent`
 * (inherited attributes such as MediaBox still resolve through it); readers find pages from the new
 * catalog. The other pages stay in the file unreferenced, so a cut is about as large as the original.
 */

/** A page object's reference, as a PDF reader (pdfjs `page.ref`) gives it. */
export interface PageRef {
  num: number;
  gen: number;
}

/** The file cannot be cut this way (encrypted, or its trailer cannot be found). */
export class PdfCutFailed extends Error {
  override name = 'PdfCutFailed';
}

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** Where the last cross-reference section starts, and the object count its trailers declare. */
function trailerFacts(text: string): { prev: number; size: number; stream: boolean } {
  const startxref = [...text.slice(-4096).matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!startxref) throw new PdfCutFailed('The PDF has no startxref');
  const prev = Number(startxref[1]);
  const sizes = [...text.matchAll(/\/Size\s+(\d+)/g)].map((m) => Number(m[1]));
  if (sizes.length === 0) throw new PdfCutFailed('The PDF trailer has no /Size');
  if (/\/Encrypt\s/.test(text)) throw new PdfCutFailed('The PDF is encrypted');
  // A classic table starts with the keyword; anything else at that offset is a cross-reference stream.
  const stream = !text.slice(prev, prev + 4).startsWith('xref');
  return { prev, size: Math.max(...sizes), stream };
}

/**
 * The original file with `pages` (in this order) as its only pages. Throws {@link PdfCutFailed} for a
 * file it cannot update: the caller keeps the original then.
 */
export function cutPdfPages(original: Uint8Array, pages: ReadonlyArray<PageRef>): Uint8Array {
  if (pages.length === 0) throw new PdfCutFailed('No pages to cut');
  const text = latin1(original);
  const { prev, size, stream } = trailerFacts(text);
  const pagesNum = size;
  const catalogNum = size + 1;
  const kids = pages.map((p) => `${p.num} ${p.gen} R`).join(' ');
  let body = original[original.length - 1] === 0x0a ? '' : '\n';
  const offsetOf = () => original.length + body.length;
  const pagesOffset = offsetOf();
  body += `${pagesNum} 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>\nendobj\n`;
  const catalogOffset = offsetOf();
  body += `${catalogNum} 0 obj\n<< /Type /Catalog /Pages ${pagesNum} 0 R >>\nendobj\n`;
  const xrefOffset = offsetOf();
  const tail: Uint8Array[] = [];
  if (!stream) {
    const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`;
    body +=
      `xref\n${pagesNum} 2\n${entry(pagesOffset)}${entry(catalogOffset)}` +
      `trailer\n<< /Size ${size + 2} /Root ${catalogNum} 0 R /Prev ${prev} >>\n` +
      `startxref\n${xrefOffset}\n%%EOF\n`;
  } else {
    // The original's last section is a stream, so is this one (a table may not follow a stream's /Prev
    // in every reader): entries of 1 + 4 + 2 bytes, type 1 (in use at an offset), uncompressed.
    const xrefNum = size + 2;
    const rows = [pagesOffset, catalogOffset, xrefOffset];
    const data = new Uint8Array(rows.length * 7);
    rows.forEach((offset, i) => {
      data[i * 7] = 1;
      new DataView(data.buffer).setUint32(i * 7 + 1, offset);
    });
    body +=
      `${xrefNum} 0 obj\n<< /Type /XRef /Size ${size + 3} /Root ${catalogNum} 0 R /Prev ${prev}` +
      ` /Index [${pagesNum} 3] /W [1 4 2] /Length ${data.length} >>\nstream\n`;
    tail.push(data, new TextEncoder().encode(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`));
  }
  const head = Uint8Array.from(body, (ch) => ch.charCodeAt(0));
  const out = new Uint8Array(original.length + head.length + tail.reduce((s, t) => s + t.length, 0));
  out.set(original, 0);
  out.set(head, original.length);
  let at = original.length + head.length;
  for (const t of tail) {
    out.set(t, at);
    at += t.length;
  }
  return out;
}
