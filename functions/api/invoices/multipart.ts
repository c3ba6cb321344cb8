import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '../../../shared/constants';
import { AppError } from '../../core/errors/app-error';
import { MalformedMultipartError, readMultipart } from '../lib/multipart';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/**
 * Reads the one field `file` of a multipart body. Up to MAX_UPLOAD_BYTES (or `limit.maxBytes`) is
 * accepted, more is 413; no file is 400, and so is a body that is not readable multipart (no boundary, a
 * broken part).
 */
export async function readMultipartFile(
  contentType: string | undefined,
  body: Buffer,
  limit = { maxBytes: MAX_UPLOAD_BYTES, message: UPLOAD_TOO_LARGE_MESSAGE },
): Promise<UploadedFile> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data'))
    throw new AppError(
      'input',
      'multipart_required',
      "Send the file as multipart/form-data in the field 'file'",
    );
  const form = await readMultipart(contentType, body, limit.maxBytes).catch((error) => {
    if (error instanceof MalformedMultipartError)
      throw new AppError('input', 'invalid_multipart', 'The multipart body could not be read');
    throw error;
  });
  const file = form.file?.field === 'file' ? form.file : undefined;
  if (!file) throw new AppError('input', 'file_missing', "No file was sent in the field 'file'");
  if (file.tooLarge) throw new AppError('too_large', 'file_too_large', limit.message);
  return { filename: file.filename || 'upload', bytes: file.bytes };
}
