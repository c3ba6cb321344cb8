import { type AcceptedContentType, MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { sniffArchive, type UnpackBudget, unpackZip } from '../files/archive';
import { sniffContentType } from '../files/sniff';

/** Invoices made from one e-mail at most; further files are named in the notification instead. */
export const MAX_INVOICES_PER_EMAIL = 10;

/**
 * Images this small are signature logos, social icons and tracking pixels, never a legible invoice scan
 * (a one-page scan is tens of kilobytes even as a compressed JPEG).
 */
export const SIGNATURE_IMAGE_MAX_BYTES = 10 * 1024;

/** One MIME part of a parsed e-mail (the fields of mailparser's Attachment that decide its fate). */
export interface MailAttachment {
  filename?: string;
  /** The type the sender declared; only used to tell images apart, the bytes decide the file type. */
  contentType: string;
  contentDisposition?: string;
  /** Content-ID, without angle brackets. */
  cid?: string;
  /** Part of a multipart/related body (shown inside the HTML, not attached). */
  related?: boolean;
  content: Buffer;
}

export interface SelectedAttachments {
  /** Files that become one invoice each, in the order of the message. */
  invoices: { filename: string; bytes: Buffer; contentType: AcceptedContentType }[];
  /** Files that were attached but cannot become invoices, with why (for the notification). */
  refused: { filename: string; reason: string }[];
}

const EXTENSION: Record<AcceptedContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tif',
};

/**
 * Whether a part is decoration of the message body rather than an attached file: an image shown inline
 * (Content-Disposition inline, referenced as `cid:` from the HTML, or in a multipart/related body) or too
 * small to be an invoice (a signature logo). PDFs are never decoration, even when a mail client marks them
 * inline.
 */
function isDecoration(part: MailAttachment, html: string): boolean {
  if (!part.contentType.toLowerCase().startsWith('image/')) return false;
  if (part.contentDisposition?.toLowerCase() === 'inline') return true;
  if (part.related) return true;
  if (part.cid && html.includes(`cid:${part.cid}`)) return true;
  return part.content.length <= SIGNATURE_IMAGE_MAX_BYTES;
}

/** What one attached zip may cost to unpack (a zip bomb is stopped at these, not read to its end). */
export const ARCHIVE_BUDGET: UnpackBudget = {
  maxMembers: 50,
  maxMemberBytes: MAX_UPLOAD_BYTES,
  maxTotalBytes: 50 * 1024 * 1024,
};

/**
 * One file to judge: an attachment, or a member of an attached zip (`label` names it in the notice);
 * `refusal` when it is refused before its bytes are judged.
 */
interface Candidate {
  filename: string;
  label: string;
  bytes: Buffer;
  refusal?: string;
}

/**
 * The files an attachment stands for, in order. A zip stands for its members, each judged as an
 * attachment of its own (so each invoice in it becomes an invoice; nothing is dropped unnamed); a member
 * that is itself an archive is not unpacked further. Any other archive kind is refused whole.
 */
function candidatesOf(filename: string, bytes: Buffer): Candidate[] {
  const kind = sniffArchive(bytes);
  if (!kind) return [{ filename, label: filename, bytes }];
  const none = Buffer.alloc(0);
  if (kind !== 'zip')
    return [
      {
        filename,
        label: filename,
        bytes: none,
        refusal: `a ${kind} archive, which is not unpacked: attach the invoices themselves, or in a .zip`,
      },
    ];
  const unpacked = unpackZip(bytes, ARCHIVE_BUDGET);
  if (!unpacked) return [{ filename, label: filename, bytes }]; // An office document, or damaged.
  const label = (member: string) => `${filename}/${member}`;
  const members: Candidate[] = unpacked.files.map((member) => ({
    filename: member.name.split('/').pop() || member.name,
    label: label(member.name),
    bytes: member.bytes,
    ...(sniffArchive(member.bytes) ? { refusal: 'an archive inside an archive, which is not unpacked' } : {}),
  }));
  for (const member of unpacked.refused)
    members.push({ filename: member.name, label: label(member.name), bytes: none, refusal: member.reason });
  if (members.length === 0)
    return [{ filename, label: filename, bytes: none, refusal: 'the archive is empty' }];
  return members;
}

/** Why a (non-decoration) part cannot become an invoice, or undefined when it can. */
function refusalOf(bytes: Buffer, type: AcceptedContentType | undefined, selectedSoFar: number) {
  if (bytes.length === 0) return 'the file is empty';
  if (!type) return 'unsupported file type: send a PDF, JPEG, PNG or TIFF file';
  if (bytes.length > MAX_UPLOAD_BYTES) return 'larger than 10 MB';
  if (selectedSoFar >= MAX_INVOICES_PER_EMAIL)
    return `more than ${MAX_INVOICES_PER_EMAIL} invoices in one e-mail`;
  return undefined;
}

/**
 * Decides what each attachment of an e-mail becomes: an invoice (a PDF, JPEG, PNG or TIFF by its bytes,
 * within the upload size limit, at most ten per message; each such member of an attached zip too),
 * nothing (inline images and signature logos), or a refusal with its reason.
 */
export function selectAttachments(parts: MailAttachment[], html = ''): SelectedAttachments {
  const selected: SelectedAttachments = { invoices: [], refused: [] };
  parts.forEach((part, index) => {
    if (isDecoration(part, html)) return;
    const type = sniffContentType(part.content);
    const filename = part.filename?.trim() || `attachment-${index + 1}${type ? `.${EXTENSION[type]}` : ''}`;
    for (const file of candidatesOf(filename, part.content)) {
      const fileType = sniffContentType(file.bytes);
      const reason = file.refusal ?? refusalOf(file.bytes, fileType, selected.invoices.length);
      if (reason === undefined && fileType)
        selected.invoices.push({ filename: file.filename, bytes: file.bytes, contentType: fileType });
      else selected.refused.push({ filename: file.label, reason: reason ?? '' });
    }
  });
  return selected;
}
