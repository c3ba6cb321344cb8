import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tiffPageCount } from './page-count';

const page = (shade: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: shade, b: shade } } })
    .png()
    .toBuffer();

describe('tiffPageCount', () => {
  it('counts the pages of single- and multi-page TIFFs written by a real encoder', async () => {
    const single = await sharp(await page(200))
      .tiff()
      .toBuffer();
    expect(tiffPageCount(single)).toBe(1);
    const pages = await Promise.all([page(10), page(120), page(240)]);
    const multi = await sharp(pages, { join: { animated: true } })
      .tiff()
      .toBuffer();
    expect(tiffPageCount(multi)).toBe(3);
  });

  it('throws on a truncated directory chain instead of guessing', async () => {
    const single = await sharp(await page(200))
      .tiff()
      .toBuffer();
    expect(() => tiffPageCount(single.subarray(0, 12))).toThrow(/damaged|truncated/);
  });
});
