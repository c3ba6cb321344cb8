import { ACCEPTED_EXTENSIONS, MAX_UPLOAD_BYTES } from '@shared/constants';

export const ACCEPT_ATTRIBUTE =
  '.pdf,.jpg,.jpeg,.png,.tiff,.tif,application/pdf,image/jpeg,image/png,image/tiff';

const TYPE_BY_EXTENSION: Record<string, 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/tiff'> = {
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.tiff': 'image/tiff',
  '.tif': 'image/tiff',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

/** The content type to declare for a file, from its type or else its extension; null if unsupported. */
export function contentTypeOf(file: { name: string; type: string }): keyof typeof CONTENT_TYPES | null {
  if (file.type && file.type in CONTENT_TYPES) return file.type as keyof typeof CONTENT_TYPES;
  return TYPE_BY_EXTENSION[extensionOf(file.name)] ?? null;
}

const CONTENT_TYPES = {
  'application/pdf': true,
  'image/jpeg': true,
  'image/png': true,
  'image/tiff': true,
} as const;

/** Why a file cannot be uploaded, or null when it can (checked before any upload starts). */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  const ext = extensionOf(file.name);
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext) || !contentTypeOf(file)) {
    return `${file.name} is not a supported file type. Use PDF, JPEG, PNG or TIFF.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is larger than 10MB.`;
  return null;
}
