import sharp from 'sharp';

/** A page image ready for OCR. */
export interface PreparedImage {
  png: Buffer;
  width: number;
  height: number;
}

/** OCR works best when text is 15–40 px tall: shrink huge scans, enlarge tiny ones. */
const MAX_LONG_SIDE = 2000;
const MIN_LONG_SIDE = 1100;
/** The detection model works on sizes that are multiples of 32; padding avoids a distorting resize. */
const BLOCK = 32;

// Keep libvips' own cache small: documents are processed one by one and never revisited.
sharp.cache({ memory: 64, files: 0, items: 20 });
sharp.concurrency(1);

/** Number of pages of an image (multi-page TIFFs have several). */
export async function imagePageCount(bytes: Uint8Array): Promise<number> {
  const meta = await sharp(bytes).metadata();
  return meta.pages ?? 1;
}

/**
 * Decodes one page of an image and cleans it up for OCR: applies the EXIF orientation, flattens
 * transparency on white, converts to grayscale with stretched contrast, scales it into a size
 * band where text is legible but detection stays fast, and pads it to a multiple of 32 pixels.
 */
export async function prepareForOcr(bytes: Uint8Array, page = 0): Promise<PreparedImage> {
  const base = sharp(bytes, { page, limitInputPixels: 120_000_000 }).rotate();
  const oriented = await base.clone().metadata();
  let width = oriented.autoOrient?.width ?? oriented.width ?? 0;
  let height = oriented.autoOrient?.height ?? oriented.height ?? 0;
  const longSide = Math.max(width, height);
  let scale = 1;
  if (longSide > MAX_LONG_SIDE) scale = MAX_LONG_SIDE / longSide;
  else if (longSide > 0 && longSide < MIN_LONG_SIDE) scale = Math.min(2, MIN_LONG_SIDE / longSide);
  width = Math.max(1, Math.round(width * scale));
  height = Math.max(1, Math.round(height * scale));
  const paddedWidth = Math.ceil(width / BLOCK) * BLOCK;
  const paddedHeight = Math.ceil(height / BLOCK) * BLOCK;
  const png = await base
    .flatten({ background: '#ffffff' })
    .resize(width, height, { fit: 'fill', kernel: scale < 1 ? 'lanczos3' : 'cubic' })
    .grayscale()
    .normalise({ lower: 1, upper: 99 })
    .extend({
      right: paddedWidth - width,
      bottom: paddedHeight - height,
      background: '#ffffff',
    })
    .toColourspace('srgb')
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, width: paddedWidth, height: paddedHeight };
}
