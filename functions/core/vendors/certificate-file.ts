import {
  CERTIFICATE_FILE_TYPE_MESSAGE,
  CERTIFICATE_FILE_TYPES,
  type CertificateFile,
  type CertificateFileType,
} from '../../../shared/schemas';
import { AppError } from '../errors/app-error';
import { safeFilename, sniffContentType } from '../files/sniff';

const isCertificateType = (type: string | undefined): type is CertificateFileType =>
  (CERTIFICATE_FILE_TYPES as readonly string[]).includes(type ?? '');

/**
 * The attached certificate file as stored: its type read from its bytes (a PDF, JPEG or PNG; anything else,
 * a renamed executable or a TIFF, is refused with 415), its name made safe for a download header.
 */
export function certificateFileOf(
  upload: { filename: string; bytes: Uint8Array },
  now = new Date(),
): CertificateFile {
  const contentType = sniffContentType(upload.bytes);
  if (!isCertificateType(contentType))
    throw new AppError('unsupported', 'unsupported_type', CERTIFICATE_FILE_TYPE_MESSAGE);
  return {
    filename: safeFilename(upload.filename),
    contentType,
    size: upload.bytes.length,
    uploadedAt: now.toISOString(),
  };
}
