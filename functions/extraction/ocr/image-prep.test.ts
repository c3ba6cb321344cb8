import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  deskewPrepared,
  type PreparedImage,
  prepareForOcr,
  rotatePrepared,
  stretchContrast,
} from './image-prep';

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

/**
 * A 400 × 400 grey page of `paper` level with seeded noise of about `noise` levels, and ink (`ink`
 * level) in 4-px bars over its left half, as many as cover `coverage` of the page.
 */
function noisyPage(paper: number, noise: number, ink: number, coverage: number): PreparedImage {
  const size = 400;
  let seed = 1;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  // Every `every`-th band of 4 rows carries a bar half the page wide.
  const every = Math.max(1, Math.round(1 / (2 * coverage)));
  const pixels = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const isInk = x < size / 2 && Math.floor(y / 4) % every === 0;
      const level = (isInk ? ink : paper) + (random() + random() + random() - 1.5) * noise;
      pixels[y * size + x] = Math.max(0, Math.min(255, Math.round(level)));
    }
  }
  return { pixels, width: size, height: size };
}

const median = (xs: Uint8Array) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]) => {
  const mean = xs.reduce((s, v) => s + v, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, v) => s + (v - mean) ** 2, 0) / xs.length);
};

describe('stretchContrast', () => {
  it('keeps the noisy paper of a sparse page light instead of stretching its noise', async () => {
    // Under 1% ink: a "1st percentile" black point would fall on the paper.
    const page = noisyPage(240, 12, 30, 0.006);

    const out = stretchContrast(page);

    const paperBefore = [...page.pixels].filter((_, i) => i % 400 >= 200);
    const paperAfter = [...out.pixels].filter((_, i) => i % 400 >= 200);
    expect(median(out.pixels)).toBeGreaterThanOrEqual(240);
    expect(spread(paperAfter)).toBeLessThan(spread(paperBefore) * 1.5);
    // The ink stays black.
    expect(out.pixels.reduce((m, v) => Math.min(m, v), 255)).toBe(0);
  });

  it('darkens faint print on grey paper', () => {
    // Pale thermal print: ink 150 on paper 225, 5% of the page.
    const page = noisyPage(225, 4, 150, 0.05);

    const out = stretchContrast(page);

    const inkAfter = [...out.pixels].filter((_, i) => i % 400 < 200 && page.pixels[i] < 180);
    expect(median(new Uint8Array(inkAfter))).toBeLessThan(60);
    expect(median(out.pixels)).toBeGreaterThan(200);
  });
});

describe('deskewPrepared', () => {
  it('turns the page by a small angle on white, on a canvas of multiples of 32', async () => {
    // A 320 × 192 white page with a black bar 200 px long and 8 px tall across its middle.
    const width = 320;
    const height = 192;
    const pixels = new Uint8Array(width * height).fill(255);
    for (let y = 92; y < 100; y++) for (let x = 60; x < 260; x++) pixels[y * width + x] = 0;

    const turned = await deskewPrepared({ pixels, width, height }, 3);

    expect(turned.width % 32).toBe(0);
    expect(turned.height % 32).toBe(0);
    const darkRow = (x: number) => {
      const rows = [];
      for (let y = 0; y < turned.height; y++) if (turned.pixels[y * turned.width + x] < 100) rows.push(y);
      return rows.reduce((s, v) => s + v, 0) / rows.length;
    };
    // 80 px either side of the centre, a 3° clockwise turn moves the bar by tan(3°) · 160 ≈ 8 px.
    const centre = Math.round(turned.width / 2);
    expect(darkRow(centre + 80) - darkRow(centre - 80)).toBeGreaterThan(6);
    expect(darkRow(centre + 80) - darkRow(centre - 80)).toBeLessThan(10);
    // The corners the turn uncovers are white.
    expect(turned.pixels[0]).toBe(255);
  });
});
