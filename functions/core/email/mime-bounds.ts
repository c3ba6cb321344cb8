/**
 * Bounds on the structure of an inbound message, checked on its raw bytes in one pass before it is
 * parsed, so a hostile message is refused fast and with little memory instead of being expanded by the
 * MIME parser: mailparser builds a node per part and keeps every header, so a 1,000-deep multipart or
 * 10,000 empty parts cost it seconds and hundreds of megabytes. Real mail is far within these bounds.
 */

/** Multiparts inside multiparts; mail clients nest 3 or 4 (mixed > alternative > related). */
export const MAX_MULTIPART_DEPTH = 16;
/** MIME parts of one message; an e-mail makes at most 10 invoices. */
export const MAX_MIME_PARTS = 500;
/** One header section (the message's own or a part's), as Postfix's default header_size_limit. */
export const MAX_HEADER_SECTION_BYTES = 100 * 1024;

/** A multipart boundary's length: RFC 2046's 70, with room for mailers that overshoot it. */
const MAX_BOUNDARY_LENGTH = 200;

/** Why a message is permanently unacceptable: SMTP answers it 5xx and the cloud drops it (never retried). */
export class UnacceptableMessage extends Error {
  override readonly name = 'UnacceptableMessage';
  constructor(
    message: string,
    /** The SMTP reply: 552 for a size the server does not take, 554 for a message it will never take. */
    readonly smtpCode: 552 | 554 = 554,
  ) {
    super(message);
  }
}

/** The boundary of a header section's Content-Type when it is a multipart (unfolded, either quoting). */
function multipartBoundary(headerSection: string): string | undefined {
  const unfolded = headerSection.replace(/\r?\n[ \t]+/g, ' ');
  const contentType = /^content-type:[ \t]*([^\r\n]*)/im.exec(unfolded)?.[1];
  if (!contentType || !/^multipart\//i.test(contentType.trim())) return undefined;
  const boundary = /boundary[ \t]*=[ \t]*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return boundary?.[1] ?? boundary?.[2];
}

/**
 * Throws UnacceptableMessage when the message nests multiparts deeper than MAX_MULTIPART_DEPTH, has more
 * than MAX_MIME_PARTS parts, or a header section over MAX_HEADER_SECTION_BYTES (a 1 MB Subject). One
 * pass over the lines, keeping only the open boundaries and the current header section.
 */
export function assertBoundedMime(raw: Buffer): void {
  const open: string[] = [];
  let inHeaders = true;
  let header = '';
  let parts = 0;
  let start = 0;
  while (start < raw.length) {
    const newline = raw.indexOf(0x0a, start);
    const end = newline === -1 ? raw.length : newline + 1;
    const lineBytes = end - start;
    if (inHeaders) {
      if (header.length + lineBytes > MAX_HEADER_SECTION_BYTES)
        throw new UnacceptableMessage(
          `A header section is larger than ${MAX_HEADER_SECTION_BYTES / 1024} KiB`,
          552,
        );
      const line = raw.toString('latin1', start, end);
      if (line.trim() === '') {
        inHeaders = false;
        const boundary = multipartBoundary(header);
        // RFC 2046 allows 70 characters; a longer one would slip past the part count below.
        if (boundary && boundary.length > MAX_BOUNDARY_LENGTH)
          throw new UnacceptableMessage('A multipart boundary is longer than the standard allows');
        if (boundary) {
          if (open.length >= MAX_MULTIPART_DEPTH)
            throw new UnacceptableMessage(`Multiparts are nested deeper than ${MAX_MULTIPART_DEPTH} levels`);
          open.push(boundary);
        }
        header = '';
      } else header += line;
    } else if (open.length > 0 && raw[start] === 0x2d && raw[start + 1] === 0x2d) {
      // `--boundary` opens a part of that multipart (closing any inside it); `--boundary--` closes it.
      const line = raw.toString('latin1', start, Math.min(end, start + MAX_BOUNDARY_LENGTH + 8)).trimEnd();
      for (let i = open.length - 1; i >= 0; i--) {
        if (line === `--${open[i]}--`) {
          open.length = i;
          break;
        }
        if (line === `--${open[i]}`) {
          open.length = i + 1;
          if (++parts > MAX_MIME_PARTS)
            throw new UnacceptableMessage(`The message has more than ${MAX_MIME_PARTS} MIME parts`);
          inHeaders = true;
          break;
        }
      }
    }
    start = end;
  }
}
