import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findTextBoxes } from './paddle-detection';
import { boxResize, pageSkew, skewSplitsLines, textRunsVertical } from './paddle-geometry';
import { PaddleOcr, type PaddleTimings } from './paddle-ocr';
import { ctcDecode } from './paddle-recognition';

/** A probability map with the given rectangles (x0, y0, x1, y1 inclusive) at probability p. */
function probMap(width: number, height: number, rects: number[][], p = 0.9): Float32Array {
  const map = new Float32Array(width * height);
  for (const [x0, y0, x1, y1] of rects)
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) map[y * width + x] = p;
  return map;
}

describe('findTextBoxes (DB post-processing)', () => {
  it('finds one box per text region, grown around the shrunk kernel and scaled to the page', () => {
    const map = probMap(100, 40, [
      [10, 5, 59, 9],
      [10, 25, 39, 29],
    ]);

    const boxes = findTextBoxes(map, 100, 40, 2, 2).sort((a, b) => a.y0 - b.y0);

    expect(boxes).toHaveLength(2);
    const [first, second] = boxes;
    // 50×5 kernel: grown by 50·5·1.6 / (2·55) ≈ 3.6 px on each side, then doubled.
    expect(first.x0).toBeCloseTo(2 * (10 - 3.64), 0);
    expect(first.x1).toBeCloseTo(2 * (60 + 3.64), 0);
    expect(first.y0).toBeCloseTo(2 * (5 - 3.64), 0);
    expect(first.y1).toBeCloseTo(2 * (10 + 3.64), 0);
    expect(first.width / first.height).toBeGreaterThan(4);
    expect(second.y0).toBeGreaterThan(first.y1 - 10);
    expect(second.x1).toBeLessThan(first.x1);
  });

  it('drops faint regions and specks', () => {
    const faint = probMap(60, 30, [[5, 5, 40, 10]], 0.4);
    const speck = probMap(60, 30, [[5, 5, 6, 6]]);

    expect(findTextBoxes(faint, 60, 30)).toEqual([]);
    expect(findTextBoxes(speck, 60, 30)).toEqual([]);
  });

  it('follows a slightly rotated line', () => {
    const width = 120;
    const height = 60;
    const map = new Float32Array(width * height);
    // A 80×6 band rising 1 px every 10 px.
    for (let x = 20; x < 100; x++)
      for (let t = 0; t < 6; t++) map[(40 - Math.floor((x - 20) / 10) + t) * width + x] = 0.9;

    const [box] = findTextBoxes(map, width, height);

    const [tl, tr] = box.corners;
    expect(tr[1]).toBeLessThan(tl[1] - 4);
    // Band ~7 px thick grown by ~5 px a side; an upright box around it would be ~23 px tall.
    expect(box.height).toBeLessThan(19);
  });
});

describe('boxResize (the detector input)', () => {
  // A 7 × 5 page whose pixels count up row by row (0, 1, 2, …).
  const page = { pixels: Uint8Array.from({ length: 35 }, (_, i) => i), width: 7, height: 5 };

  it('gives each pixel the mean of the source pixels under it when shrinking', () => {
    const out = boxResize(page, 3, 2);
    // Output pixel (0, 0) covers source columns 0–1 (7/3 = 2.33 wide) and rows 0–1 (2.5 tall).
    expect(out[0]).toBe((0 + 1 + 7 + 8) / 4);
    // Output pixel (2, 1) covers columns 4–6 and rows 2–4.
    expect(out[5]).toBe((18 + 19 + 20 + 25 + 26 + 27 + 32 + 33 + 34) / 9);
    expect(out).toHaveLength(6);
  });

  it('repeats the nearest source pixel when enlarging, and keeps a same-size page as it is', () => {
    const out = boxResize(page, 14, 10);
    expect(out[0]).toBe(0);
    expect(out[1]).toBe(0);
    expect(out[2]).toBe(1);
    expect(out[14 * 9 + 13]).toBe(34);
    expect(Array.from(boxResize(page, 7, 5))).toEqual(Array.from(page.pixels));
  });
});

describe('ctcDecode', () => {
  it('merges repeats, drops blanks and averages the kept probabilities', () => {
    const dictionary = ['', 'A', 'B', ' '];
    // Steps: A A blank A B space B
    const best = [1, 1, 0, 1, 2, 3, 2];
    const probs = [0.9, 0.8, 0.99, 0.7, 0.6, 0.95, 0.5];
    const data = new Float32Array(best.length * 4);
    best.forEach((c, s) => {
      for (let k = 0; k < 4; k++) data[s * 4 + k] = k === c ? probs[s] : (1 - probs[s]) / 3;
    });

    const decoded = ctcDecode(data, 0, best.length, 4, dictionary);

    expect(decoded.text).toBe('AAB B');
    expect(decoded.confidence).toBeCloseTo((0.9 + 0.7 + 0.6 + 0.95 + 0.5) / 5, 5);
  });
});

describe('textRunsVertical (page orientation)', () => {
  /** Boxes of text lines `length` long and 20 px thick, one every 40 px, standing or lying. */
  const lines = (count: number, length: number, standing: boolean) =>
    Array.from({ length: count }, (_, i) =>
      standing
        ? { x0: 40 + i * 40, x1: 60 + i * 40, y0: 50, y1: 50 + length }
        : { x0: 50, x1: 50 + length, y0: 40 + i * 40, y1: 60 + i * 40 },
    );
  const glyphs = Array.from({ length: 10 }, (_, i) => ({ x0: i * 30, x1: i * 30 + 22, y0: 900, y1: 920 }));

  it('tells a page turned a quarter (lines standing) from an upright one', () => {
    expect(textRunsVertical(lines(12, 300, true))).toBe(true);
    expect(textRunsVertical(lines(12, 300, false))).toBe(false);
  });

  it('goes by the bulk of the text: a few standing lines in a margin do not turn a page', () => {
    expect(textRunsVertical([...lines(15, 300, false), ...lines(3, 400, true)])).toBe(false);
    expect(textRunsVertical([...lines(3, 200, false), ...lines(15, 300, true)])).toBe(true);
  });

  it('does not decide on square boxes (single characters, logos) or on too few lines', () => {
    expect(textRunsVertical(glyphs)).toBe(false);
    expect(textRunsVertical(lines(2, 300, true))).toBe(false);
    expect(textRunsVertical([])).toBe(false);
  });
});

describe('pageSkew (a sheet scanned askew)', () => {
  /** A text line `length` px long and 20 px tall starting at (x, y), turned clockwise by `degrees`. */
  const line = (x: number, y: number, length: number, degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    const at = (u: number, v: number): [number, number] => [x + u * c - v * s, y + u * s + v * c];
    return { corners: [at(0, 0), at(length, 0), at(length, 20), at(0, 20)], width: length, height: 20 };
  };

  it('gives the turn of the page from its long lines, clockwise positive', () => {
    const page = [
      line(50, 100, 400, 2.2),
      line(50, 160, 600, 2.3),
      line(600, 200, 200, 2.1),
      line(50, 260, 300, 2.2),
    ];

    expect(pageSkew(page)).toBeCloseTo(2.2, 1);
    expect(pageSkew(page.map((l, i) => line(50, 100 + 60 * i, l.width, -1.5)))).toBeCloseTo(-1.5, 5);
  });

  it('goes by the bulk of the text: a slanted stamp does not turn a straight page', () => {
    const page = [
      line(50, 100, 500, 0),
      line(50, 160, 600, 0.1),
      line(50, 220, 400, 0),
      line(300, 400, 200, 12),
    ];

    expect(Math.abs(pageSkew(page))).toBeLessThan(0.2);
  });

  it('does not decide on short boxes, on too few lines, or on lines that disagree', () => {
    expect(pageSkew([line(0, 0, 60, 5), line(0, 50, 60, 5), line(0, 90, 60, 5), line(0, 130, 60, 5)])).toBe(
      0,
    );
    expect(pageSkew([line(0, 0, 500, 2), line(0, 50, 500, 2)])).toBe(0);
    expect(
      pageSkew([line(0, 0, 500, -6), line(0, 50, 500, 6), line(0, 100, 500, -6), line(0, 150, 500, 6)]),
    ).toBe(0);
  });
});

describe('skewSplitsLines', () => {
  /** Lines 24 px tall spread over `span` px of width. */
  const page = (span: number) => [
    { x0: 40, x1: 40 + span / 3, height: 24 },
    { x0: 40 + (2 * span) / 3, x1: 40 + span, height: 24 },
    { x0: 40, x1: 40 + span, height: 24 },
  ];

  it('turns a wide page whose skew moves a line end by more than half a line', () => {
    // tan(1°) · 1,000 px ≈ 17 px > 12 px.
    expect(skewSplitsLines(page(1000), 1)).toBe(true);
    expect(skewSplitsLines(page(1000), -1)).toBe(true);
  });

  it('leaves a narrow receipt, or a wide page skewed too little to matter, as it is', () => {
    // tan(1°) · 400 px ≈ 7 px; tan(0.5°) · 1,000 px ≈ 9 px.
    expect(skewSplitsLines(page(400), 1)).toBe(false);
    expect(skewSplitsLines(page(1000), 0.5)).toBe(false);
    expect(skewSplitsLines(page(1000), 0)).toBe(false);
  });
});

describe('reading a page on two cores', () => {
  it('reads half of the lines in the worker thread, and reads them as one thread does', async () => {
    const rows = [
      'Invoice number INV-20417',
      'Invoice date 14.03.2024',
      'Subtotal 1,037.44',
      'Total due 1,234.55',
    ];
    const text = rows
      .map((r, i) => `<text x="40" y="${60 + i * 50}" font-family="sans-serif" font-size="26">${r}</text>`)
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="260"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
    const { data, info } = await sharp(Buffer.from(svg))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const page = { pixels: new Uint8Array(data), width: info.width, height: info.height };
    const timings = (): PaddleTimings => ({
      detectMs: 0,
      boxesMs: 0,
      recognizeMs: 0,
      boxes: 0,
      workerBoxes: 0,
    });

    const alone = timings();
    const one = await (await PaddleOcr.create(1)).recognize(page, alone);
    const shared = timings();
    const two = await (await PaddleOcr.create(2)).recognize(page, shared);

    // The recogniser leaves out most spaces; restore-spaces.ts puts them back from the gaps.
    expect(one.map((r) => r.text.replace(/\s/g, ''))).toEqual(rows.map((r) => r.replace(/\s/g, '')));
    expect(two).toEqual(one);
    expect(alone.workerBoxes).toBe(0);
    expect(shared.workerBoxes).toBe(Math.floor(shared.boxes / 2));
  }, 120_000);
});
