/**
 * Pages of a TIFF without decoding it: the number of image file directories (IFDs) in its chain. Pure
 * JavaScript, so the Inspect step needs no native image library in Lambda. Throws on a damaged chain.
 */
export function tiffPageCount(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8) throw new Error('The TIFF header is truncated');
  const little = bytes[0] === 0x49;
  let offset = view.getUint32(4, little);
  const seen = new Set<number>();
  let pages = 0;
  while (offset !== 0) {
    if (offset + 2 > bytes.length || seen.has(offset)) throw new Error('The TIFF directory chain is damaged');
    seen.add(offset);
    const entries = view.getUint16(offset, little);
    const next = offset + 2 + entries * 12;
    if (next + 4 > bytes.length) throw new Error('The TIFF directory chain is damaged');
    pages += 1;
    offset = view.getUint32(next, little);
  }
  if (pages === 0) throw new Error('The TIFF has no images');
  return pages;
}
