import type { AcceptedContentType } from '../../../shared/constants';

/**
 * The file's type by its first bytes (magic numbers), never by its name or declared type: a renamed
 * executable is not a PDF. Returns undefined for anything but PDF, JPEG, PNG and TIFF.
 */
export function sniffContentType(bytes: Uint8Array): AcceptedContentType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  // A PDF may carry up to 1 KiB of junk before its `%PDF-` header, and readers accept it.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-') ? 'application/pdf' : undefined;
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
