import { type AcceptedContentType, MAX_UPLOAD_BYTES } from '../../../shared/constants';
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
 * within the upload size limit, at most ten per message), nothing (inline images and signature logos), or
 * a refusal with its reason.
 */
export function selectAttachments(parts: MailAttachment[], html = ''): SelectedAttachments {
  const selected: SelectedAttachments = { invoices: [], refused: [] };
  parts.forEach((part, index) => {
    if (isDecoration(part, html)) return;
    const type = sniffContentType(part.content);
    const filename = part.filename?.trim() || `attachment-${index + 1}${type ? `.${EXTENSION[type]}` : ''}`;
    const reason = refusalOf(part.content, type, selected.invoices.length);
    if (reason === undefined && type)
      selected.invoices.push({ filename, bytes: part.content, contentType: type });
    else selected.refused.push({ filename, reason: reason ?? '' });
  });
  return selected;
}
