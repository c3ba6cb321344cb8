import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalExpenseAnalyzer, shutdownLocalAnalyzer } from '../local-analyzer';
import { prepareForOcr } from './image-prep';
import { orientUpright } from './ocr-engines';
import { PaddleOcr } from './paddle-ocr';

const analyzer = new LocalExpenseAnalyzer();
afterAll(() => shutdownLocalAnalyzer());

const FACTS = [
  ['Invoice number', 'INV-20417'],
  ['Invoice date', '14.03.2024'],
  ['Subtotal', '1,037.44'],
  ['VAT 19%', '197.11'],
  ['Total due', '1,234.55'],
];

/** Labels at the left and their values 840 px to the right, one pair per row 40 px apart, turned clockwise by `degrees`. */
async function askewScan(degrees: number): Promise<Uint8Array> {
  const text = FACTS.map(
    ([label, value], i) =>
      `<text x="60" y="${120 + i * 40}" font-family="sans-serif" font-size="22">${label}</text>` +
      `<text x="900" y="${120 + i * 40}" font-family="sans-serif" font-size="22">${value}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  return new Uint8Array(
    await sharp(Buffer.from(svg)).rotate(degrees, { background: '#ffffff' }).jpeg({ quality: 70 }).toBuffer(),
  );
}

describe('OCR of a page scanned askew', () => {
  it('turns it straight, so each label and its value are read on one line', async () => {
    // At 2.5° each value sits a full row lower at its far end: read as it is, it would pair with the next label.
    const pages = await analyzer.readPages({ bytes: await askewScan(2.5), contentType: 'image/jpeg' });

    const lines = pages.read[0].lines.map((l) => l.text.replace(/\s+/g, ''));
    for (const [label, value] of FACTS) {
      expect(lines).toContain(`${label}${value}`.replace(/\s+/g, ''));
    }
  }, 120_000);
});

describe('turning a page upright', () => {
  /** The engine with a direction classifier that calls every page turned, as it did a blurred, noisy A4 scan. */
  async function misledEngine() {
    const ocr = await PaddleOcr.create(1);
    return {
      detect: ocr.detect.bind(ocr),
      readingConfidence: ocr.readingConfidence.bind(ocr),
      upsideDown: async () => ({ flipped: true, lines: FACTS.length }),
    };
  }
  const straight = async (degrees: number) =>
    prepareForOcr(
      new Uint8Array(
        await sharp(await askewScan(0))
          .rotate(degrees)
          .toBuffer(),
      ),
    );

  it('leaves an upright page as it is when only the classifier calls it turned: it reads better as it stands', async () => {
    const ocr = await misledEngine();

    const upright = await orientUpright(ocr, await straight(0));

    expect(upright.rotation).toBe(0);
  }, 60_000);

  it('turns a page that is upside down, which reads better turned', async () => {
    const ocr = await misledEngine();

    const upright = await orientUpright(ocr, await straight(180));

    expect(upright.rotation).toBe(180);
  }, 60_000);
});
