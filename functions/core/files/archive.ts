import { inflateRawSync } from 'node:zlib';
import { startsWith } from './sniff';

/**
 * Archives among e-mailed attachments, recognised by their leading bytes. A zip is unpacked, member by
 * member and within budgets, so each invoice in it can become an invoice of its own; the other kinds
 * are refused whole (named in the notification), never half-read. Unpacking uses Node's zlib, whose
 * output cap makes a zip bomb stop at the budget.
 */
export type ArchiveKind = 'zip' | 'gzip' | '7z' | 'rar' | 'tar' | 'bzip2' | 'xz';

/** The archive kind by the signature at offset 0 (tar's `ustar` sits at 257), or undefined. */
export function sniffArchive(bytes: Uint8Array): ArchiveKind | undefined {
  const starts = (...sig: number[]) => startsWith(bytes, ...sig);
  // A local file header, the end record of an empty archive, or a spanned archive's marker.
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06) || starts(0x50, 0x4b, 0x07, 0x08))
    return 'zip';
  if (starts(0x1f, 0x8b)) return 'gzip';
  if (starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)) return '7z';
  if (starts(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07)) return 'rar';
  if (starts(0x42, 0x5a, 0x68)) return 'bzip2';
  if (starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00)) return 'xz';
  if (startsWith(bytes.subarray(257), 0x75, 0x73, 0x74, 0x61, 0x72)) return 'tar'; // ustar
  return undefined;
}

/** What unpacking may cost (a zip bomb of a few KB expands to gigabytes). */
export interface UnpackBudget {
  /** Files read from one archive; further ones are refused by name. */
  maxMembers: number;
  /** Uncompressed bytes of one member; a larger one is stopped at the budget and refused. */
  maxMemberBytes: number;
  /** Uncompressed bytes of the whole archive; members past it are refused. */
  maxTotalBytes: number;
}

export interface UnpackedZip {
  /** Members read whole, in the archive's order (folders left out). */
  files: { name: string; bytes: Buffer }[];
  /** Members not read, with why. */
  refused: { name: string; reason: string }[];
}

/** An office document (OOXML, OpenDocument) is a zip too, but a document, not an archive of files. */
const DOCUMENT_MEMBERS = new Set(['[Content_Types].xml', 'mimetype']);

/** One entry of a zip's central directory (APPNOTE 4.3.12), as far as unpacking needs it. */
interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  localHeaderOffset: number;
}

/** The central directory's entries, or undefined when there is none to read (not a zip, cut short, zip64). */
function centralDirectory(zip: Buffer): ZipEntry[] | undefined {
  // The end record (22 bytes and a comment of up to 64 KiB) is searched from the end.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) return undefined;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) return undefined; // zip64: not unpacked.
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return undefined;
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    entries.push({
      // Bit 11: the name is UTF-8; otherwise CP437, read as Latin-1 (the same for ASCII names).
      name: zip.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      encrypted: (flags & 1) === 1,
      compressedSize: zip.readUInt32LE(at + 20),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + skip;
  }
  return entries;
}

/** A member's bytes as stored: after its local header (whose name and extra field lengths may differ). */
function storedBytes(zip: Buffer, entry: ZipEntry): Buffer | undefined {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) return undefined;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) return undefined;
  return zip.subarray(start, start + entry.compressedSize);
}

/**
 * Reads a zip's members by its central directory. Each deflated member is inflated by zlib with an output
 * cap (`maxOutputLength`), which stops the inflation at the budget: memory and time stay within the
 * budgets whatever the headers claim, and a zip bomb costs a few milliseconds. Answers undefined when the
 * bytes are not a readable zip, or are an office document.
 */
export function unpackZip(bytes: Uint8Array, budget: UnpackBudget): UnpackedZip | undefined {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = centralDirectory(zip);
  if (!entries || entries.some((e) => DOCUMENT_MEMBERS.has(e.name))) return undefined;
  const result: UnpackedZip = { files: [], refused: [] };
  let left = budget.maxTotalBytes;
  let members = 0;
  const refuse = (name: string, reason: string) => result.refused.push({ name, reason });
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue; // A folder.
    if (++members > budget.maxMembers) {
      refuse(entry.name, `more than ${budget.maxMembers} files in the archive`);
      continue;
    }
    if (entry.encrypted) {
      refuse(entry.name, 'it is encrypted');
      continue;
    }
    const stored = storedBytes(zip, entry);
    if (!stored || (entry.method !== 0 && entry.method !== 8)) {
      refuse(entry.name, 'it could not be unpacked (damaged, or compressed in an unsupported way)');
      continue;
    }
    const cap = Math.min(budget.maxMemberBytes, left);
    let content: Buffer;
    try {
      // One byte over the cap tells "larger than allowed" from "exactly the cap".
      content =
        entry.method === 0 ? Buffer.from(stored) : inflateRawSync(stored, { maxOutputLength: cap + 1 });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') {
        refuse(entry.name, 'it could not be unpacked (damaged)');
        continue;
      }
      content = Buffer.alloc(cap + 1);
    }
    if (content.length > cap) {
      refuse(
        entry.name,
        cap < budget.maxMemberBytes
          ? `the archive unpacks to more than ${budget.maxTotalBytes / 1024 / 1024} MB`
          : `larger than ${budget.maxMemberBytes / 1024 / 1024} MB unpacked`,
      );
      continue;
    }
    left -= content.length;
    result.files.push({ name: entry.name, bytes: content });
  }
  return result;
}
