import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { extractInvoice } from '../core/extraction/pipeline';
import { sniffContentType } from '../core/files/sniff';
import { answerFor, LocalExpenseAnalyzer, shutdownLocalAnalyzer } from './local-analyzer';

// Real receipts of the development corpus next to the repository: <repo>/../shared/corpus/sroie/.
const sroie = fileURLToPath(new URL('../../../shared/corpus/sroie/', import.meta.url));
const labels = new Map(
  readFileSync(`${sroie}labels.jsonl`, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { file: string; totalAmount: number; totalAmountRaw: string })
    .map((l) => [l.file, l]),
);
const receipt = (file: string) => ({
  bytes: new Uint8Array(readFileSync(`${sroie}${file}`)),
  label: labels.get(file)!,
});

const analyzer = new LocalExpenseAnalyzer();
afterAll(() => shutdownLocalAnalyzer());

/** The pages as the local engine reads them, and the invoice the pipeline makes of that reading. */
async function read(bytes: Uint8Array) {
  const contentType = sniffContentType(bytes)!;
  const pages = await analyzer.readPages({ bytes, contentType });
  const { invoice } = await extractInvoice(
    { analyzer: { analyze: async () => answerFor(pages) } },
    { bytes, contentType },
    { today: '2019-01-01' },
  );
  return { pages, invoice };
}

const pageText = (page: { lines: Array<{ text: string }> }) => page.lines.map((l) => l.text).join('\n');

describe('local engine on turned scans', () => {
  const { bytes, label } = receipt('img/000.jpg');

  it('reads the total of a receipt scanned a quarter turn clockwise', async () => {
    // Lossless, so that only the turn differs from the original scan.
    const turned = new Uint8Array(await sharp(bytes).rotate(90).png().toBuffer());

    const { pages, invoice } = await read(turned);

    // Turned back by the remaining three quarters, and read as the upright receipt is.
    expect(pages.read[0].rotation).toBe(270);
    expect(pages.read[0].height).toBeGreaterThan(pages.read[0].width);
    expect(invoice.totalAmount).toBe(label.totalAmount);
  }, 120_000);

  it('reads the total of a receipt scanned upside down, and of one turned counter-clockwise', async () => {
    const upsideDown = new Uint8Array(await sharp(bytes).rotate(180).png().toBuffer());
    const counterClockwise = new Uint8Array(await sharp(bytes).rotate(270).png().toBuffer());

    const { pages, invoice } = await read(upsideDown);
    const other = await read(counterClockwise);

    expect(pages.read[0].rotation).toBe(180);
    expect(other.pages.read[0].rotation).toBe(90);
    expect(invoice.totalAmount).toBe(label.totalAmount);
    expect(other.invoice.totalAmount).toBe(label.totalAmount);
  }, 180_000);

  it('leaves an upright receipt as it is', async () => {
    const { pages, invoice } = await read(bytes);

    expect(pages.read[0].rotation).toBeUndefined();
    expect(invoice.totalAmount).toBe(label.totalAmount);
    expect(pageText(pages.read[0])).toContain(label.totalAmountRaw.replace(/^RM\s*/, ''));
  }, 120_000);
});

/**
 * A baseline multi-page TIFF (uncompressed 8-bit grey, one strip per page), written by hand so
 * that pages can differ in size, as pages of real scanned documents do.
 */
function multiPageTiff(pages: Array<{ width: number; height: number; pixels: Uint8Array }>): Uint8Array {
  const size = 8 + pages.reduce((n, p) => n + p.pixels.length + 1 + 2 + 9 * 12 + 4, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49]);
  view.setUint16(2, 42, true);
  let at = 8;
  let link = 4;
  for (const p of pages) {
    const data = at;
    out.set(p.pixels, data);
    at += p.pixels.length + (p.pixels.length % 2);
    view.setUint32(link, at, true);
    const entries: Array<[tag: number, type: 3 | 4, value: number]> = [
      [256, 4, p.width],
      [257, 4, p.height],
      [258, 3, 8],
      [259, 3, 1],
      [262, 3, 1],
      [273, 4, data],
      [277, 3, 1],
      [278, 4, p.height],
      [279, 4, p.pixels.length],
    ];
    view.setUint16(at, entries.length, true);
    entries.forEach(([tag, type, value], i) => {
      const e = at + 2 + i * 12;
      view.setUint16(e, tag, true);
      view.setUint16(e + 2, type, true);
      view.setUint32(e + 4, 1, true);
      if (type === 3) view.setUint16(e + 8, value, true);
      else view.setUint32(e + 8, value, true);
    });
    link = at + 2 + entries.length * 12;
    view.setUint32(link, 0, true);
    at = link + 4;
  }
  return out.subarray(0, at);
}

async function greyPage(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: new Uint8Array(data) };
}

describe('local engine on multi-page TIFFs', () => {
  it('reads every page, each at its own size, and finds text that only page 2 holds', async () => {
    const first = receipt('img/000.jpg');
    const second = receipt('img/001.jpg');
    const [one, two] = await Promise.all([greyPage(first.bytes), greyPage(second.bytes)]);
    expect(one.width === two.width && one.height === two.height).toBe(false);
    const tiff = multiPageTiff([one, two]);
    expect(sniffContentType(tiff)).toBe('image/tiff');

    const { pages } = await read(tiff);

    expect(pages.total).toBe(2);
    expect(pages.read.map((p) => p.page)).toEqual([1, 2]);
    const secondTotal = second.label.totalAmountRaw.replace(/^RM\s*/, '');
    expect(pageText(pages.read[1])).toContain(secondTotal);
    expect(pageText(pages.read[0])).not.toContain(secondTotal);
  }, 120_000);
});
