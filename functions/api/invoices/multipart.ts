import busboy from 'busboy';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { AppError } from '../../core/errors/app-error';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/**
 * Reads the one field `file` of a multipart body. More than 10 MiB is 413; no file is 400. The size
 * limit is enforced while parsing, so an oversized body is never held in full.
 */
export function readMultipartFile(contentType: string | undefined, body: Buffer): Promise<UploadedFile> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(
      new AppError('input', 'multipart_required', "Send the file as multipart/form-data in the field 'file'"),
    );
  }
  return new Promise((resolve, reject) => {
    let found: UploadedFile | undefined;
    let tooLarge = false;
    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES },
    });
    parser.on('file', (field, stream, info) => {
      if (field !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('close', () => {
        found = { filename: info.filename || 'upload', bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('error', () =>
      reject(new AppError('input', 'invalid_multipart', 'The multipart body could not be read')),
    );
    parser.on('close', () => {
      if (tooLarge)
        return reject(new AppError('too_large', 'file_too_large', 'File too large: the limit is 10 MB'));
      if (!found)
        return reject(new AppError('input', 'file_missing', "No file was sent in the field 'file'"));
      resolve(found);
    });
    parser.end(body);
  });
}
