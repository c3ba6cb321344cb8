import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareForOcr, rotatePrepared } from './image-prep';

/** A white page with rectangles of the given grey (x, y, width, height, shade). */
async function page(width: number, height: number, marks: number[][]): Promise<Uint8Array> {
  const rects = marks
    .map(
      ([x, y, w, h, shade]) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="rgb(${shade},${shade},${shade})"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>${rects}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** Lines of "print": short bars 12 px tall every 40 px between rows `from` and `to`. */
const print = (from: number, to: number, shade: number) =>
  Array.from({ length: Math.floor((to - from) / 40) }, (_, i) => [300, from + i * 40, 400, 12, shade]);

describe('prepareForOcr', () => {
  it('cuts a small receipt out of a large blank scan', async () => {
    const scan = await page(1600, 2400, print(400, 1200, 20));

    const prepared = await prepareForOcr(scan);

    // The printed part is 400 × 800 px: kept with a margin and enlarged, not the whole sheet.
    expect(prepared.height / prepared.width).toBeGreaterThan(1.4);
    expect(prepared.height / prepared.width).toBeLessThan(2.2);
  });

  it('keeps pale print that follows a black band (a torn edge) inside the cut', async () => {
    // A black band at the top, dark print under it, then pale thermal print down to row 2000.
    const scan = await page(1600, 2400, [
      [200, 0, 1200, 120, 0],
      ...print(200, 700, 30),
      ...print(700, 2000, 150),
    ]);

    const prepared = await prepareForOcr(scan);

    // Cut at the last dark line the page would come out wider than tall (0.56); the pale lines down
    // to row 2000 must stay in.
    expect(prepared.height / prepared.width).toBeGreaterThan(1.4);
  });
});

describe('rotatePrepared', () => {
  it('turns the pixels a quarter clockwise, swapping width and height', async () => {
    // 64 × 32, black in the top-left corner only.
    const pixels = new Uint8Array(64 * 32).fill(255);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) pixels[y * 64 + x] = 0;

    const turned = await rotatePrepared({ pixels, width: 64, height: 32 }, 90);

    expect([turned.width, turned.height]).toEqual([32, 64]);
    // The top-left corner ends up top-right.
    expect(turned.pixels[0 * 32 + 31]).toBe(0);
    expect(turned.pixels[0]).toBe(255);
    const back = await rotatePrepared(turned, 270);
    expect(back).toMatchObject({ width: 64, height: 32 });
    expect(Array.from(back.pixels)).toEqual(Array.from(pixels));
  });
});
