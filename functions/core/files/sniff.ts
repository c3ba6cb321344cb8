import type { AcceptedContentType } from '../../../shared/constants';

/** Whether the bytes begin, at offset 0, with the signature. */
export const startsWith = (bytes: Uint8Array, ...signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/**
 * The file's type by its leading bytes at offset 0 (magic numbers), never by its name or declared type:
 * a renamed executable is not a PDF. Returns undefined for anything but PDF, JPEG, PNG and TIFF. A
 * `%PDF-` further in is no PDF: an HTML page starting `<!-- %PDF-1.4 -->` (a browser renders it as a
 * page), or a stored zip member behind the archive's header.
 */
export function sniffContentType(bytes: Uint8Array): AcceptedContentType | undefined {
  const starts = (...sig: number[]) => startsWith(bytes, ...sig);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  return undefined;
}

/** A file name safe to use in an object key and a Content-Disposition header. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .replace(/[^\w.\- ()]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned || 'file';
}
