import type { Readable } from 'node:stream';
import busboy from 'busboy';

/** A multipart body that cannot be read: no or an empty boundary, a broken part, a body cut short. */
export class MalformedMultipartError extends Error {
  constructor(cause?: unknown) {
    super('The multipart body could not be read', { cause });
    this.name = 'MalformedMultipartError';
  }
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The first file part (only one is read); undefined when none was sent. */
  file?: {
    field: string;
    filename: string;
    bytes: Buffer;
    /** The file had more than `maxFileBytes` bytes; `bytes` holds only the first ones. */
    tooLarge: boolean;
  };
}

/**
 * Reads a multipart/form-data body (a buffered API Gateway body or a request stream) with busboy: its
 * fields and its one file, read up to `maxFileBytes` so an oversized file is never held in full. Exactly
 * `maxFileBytes` is allowed; one byte more sets `tooLarge`. Anything unreadable — a content type that is
 * not multipart, a missing or empty boundary, a malformed part — rejects with MalformedMultipartError,
 * which callers answer with 400, never 500.
 */
export function readMultipart(
  contentType: string | undefined,
  source: Buffer | Readable,
  maxFileBytes: number,
): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const form: MultipartForm = { fields: {} };
    const fail = (cause?: unknown) => {
      // A stream that was not read to its end would hold the client's request (and our answer) open.
      if (!Buffer.isBuffer(source)) source.resume();
      reject(new MalformedMultipartError(cause));
    };
    let parser: busboy.Busboy;
    try {
      if (!contentType?.toLowerCase().startsWith('multipart/form-data')) throw new Error('Not multipart');
      // busboy's fileSize limit stops at exactly that many bytes: one more lets `maxFileBytes` through.
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fileSize: maxFileBytes + 1 },
      });
    } catch (error) {
      fail(error);
      return;
    }
    parser.on('field', (name, value) => {
      form.fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      let tooLarge = false;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('error', () => undefined);
      stream.on('end', () => {
        form.file = { field, filename: info.filename ?? '', bytes: Buffer.concat(chunks), tooLarge };
      });
    });
    parser.on('error', fail);
    parser.on('close', () => resolve(form));
    if (Buffer.isBuffer(source)) parser.end(source);
    else source.pipe(parser);
  });
}
