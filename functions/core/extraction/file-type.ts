import type { DocumentContentType } from './expense-types';

/**
 * The document type told by its first bytes (magic numbers), never by its name:
 * `%PDF`, JPEG `FF D8 FF`, PNG `89 50 4E 47`, TIFF `II*\0` / `MM\0*`. Null for anything else.
 */
export function detectContentType(bytes: Uint8Array): DocumentContentType | null {
  const b = bytes;
  if (b.length < 4) return null;
  // A PDF may start with a few bytes of junk before its header; the spec allows 1 KiB.
  const head = new TextDecoder('latin1').decode(b.subarray(0, Math.min(1024, b.length)));
  if (head.startsWith('%PDF-') || (head.includes('%PDF-') && head.indexOf('%PDF-') < 1024))
    return 'application/pdf';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (
    (b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) ||
    (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a)
  )
    return 'image/tiff';
  return null;
}
