import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { degradedScan, degradePage, type ScanParams } from './degrade';

/** A small PDF with a line of text on each of `pages` pages. */
function smallPdf(pages: number): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: [240, 160], margin: 20, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  for (let p = 0; p < pages; p++) {
    if (p > 0) doc.addPage();
    doc.fontSize(14).text(`Invoice 10${p}  Total 12.50`, 20, 40);
  }
  doc.end();
  return done;
}

const clean: ScanParams = {
  rotation: 0,
  blur: 0.3,
  noise: 0,
  contrast: 1,
  brightness: 0,
  dpi: 300,
  quality: 95,
  shadow: 0,
  grey: true,
};

/** A white 600 × 400 image with a black horizontal bar 500 px long and 10 px tall across its middle. */
function barImage(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="100%" height="100%" fill="white"/><rect x="50" y="195" width="500" height="10" fill="black"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The mean row of the dark pixels in column `x` of a grey image. */
function darkRowAt(pixels: Buffer, width: number, height: number, x: number): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < height; y++) {
    if (pixels[y * width + x] < 100) {
      sum += y;
      n++;
    }
  }
  return n ? sum / n : Number.NaN;
}

describe('degradePage', () => {
  it('turns the page by the given angle', async () => {
    const jpeg = await degradePage(await barImage(), 300, { ...clean, rotation: 3 }, 1);
    const { data, info } = await sharp(jpeg).grayscale().raw().toBuffer({ resolveWithObject: true });

    // 200 px either side of the centre, a 3° clockwise turn moves the bar by tan(3°) · 400 ≈ 21 px.
    const centre = Math.round(info.width / 2);
    const rise =
      darkRowAt(data, info.width, info.height, centre + 200) -
      darkRowAt(data, info.width, info.height, centre - 200);
    expect(rise).toBeGreaterThan(18);
    expect(rise).toBeLessThan(24);
  });

  it('scales the page to the scan resolution and adds noise', async () => {
    const jpeg = await degradePage(await barImage(), 300, { ...clean, dpi: 150, noise: 12 }, 1);
    const { data, info } = await sharp(jpeg).grayscale().raw().toBuffer({ resolveWithObject: true });

    expect([info.width, info.height]).toEqual([300, 200]);
    // The blank top rows are no longer one flat white.
    const top = [...data.subarray(0, info.width * 20)];
    expect(new Set(top).size).toBeGreaterThan(10);
  });
});

describe('degradedScan', () => {
  it('gives the same bytes for the same seed, and other bytes for another seed', async () => {
    const pdf = await smallPdf(1);

    const a = await degradedScan(pdf, 7);
    const b = await degradedScan(pdf, 7);
    const c = await degradedScan(pdf, 8);

    expect(a.contentType).toBe('image/jpeg');
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    expect(Buffer.from(a.bytes).equals(Buffer.from(c.bytes))).toBe(false);
    const turn = Math.abs(a.params[0].rotation);
    expect(turn).toBeGreaterThanOrEqual(0.5);
    expect(turn).toBeLessThanOrEqual(3);
  });

  it('makes an image-only PDF of a longer document, one degraded page per page', async () => {
    const scan = await degradedScan(await smallPdf(3), 3);

    expect(scan.contentType).toBe('application/pdf');
    expect(scan.params).toHaveLength(3);
    expect(Buffer.from(scan.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(Buffer.from(scan.bytes).toString('latin1')).toContain('/DCTDecode');
  });
});
