import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, pdfFile } from '../../../test/helpers/hostile-pdfs';
import { pdfExpandsWithin } from './pdf-streams';

const MiB = 1024 * 1024;
const streamObject = (dict: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
const pdfWith = (...streams: Buffer[]) =>
  pdfFile(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', ...streams]);

describe('pdfExpandsWithin', () => {
  it('counts every Flate stream of the file against one budget', async () => {
    const threeMiB = streamObject('/Filter /FlateDecode', deflateSync(Buffer.alloc(3 * MiB, 7)));
    expect(await pdfExpandsWithin(pdfWith(threeMiB), 4 * MiB)).toBe(true);
    expect(await pdfExpandsWithin(pdfWith(threeMiB, threeMiB), 4 * MiB)).toBe(false);
  });

  it('stops a bomb at the budget, in far less memory than it expands to', async () => {
    const bomb = pdfWith(streamObject('/Filter /FlateDecode', await deflatedZeros(1 << 30)));
    const before = process.memoryUsage().rss;
    expect(await pdfExpandsWithin(bomb, 64 * MiB)).toBe(false);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
  });

  it('follows a stream deflated twice (a bomb inside a bomb)', async () => {
    const inner = deflateSync(Buffer.alloc(8 * MiB));
    const twice = pdfWith(streamObject('/Filter [/FlateDecode /FlateDecode]', deflateSync(inner)));
    expect(inner.length).toBeLessThan(MiB);
    expect(await pdfExpandsWithin(twice, 4 * MiB)).toBe(false);
    expect(await pdfExpandsWithin(twice, 16 * MiB)).toBe(true);
  });

  it('leaves streams that are not Flate, and damaged Flate data, to the reader', async () => {
    const jpegLike = streamObject('/Filter /DCTDecode', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]));
    const damaged = streamObject(
      '/Filter /FlateDecode',
      Buffer.concat([deflateSync(Buffer.alloc(1000)).subarray(0, 20), Buffer.alloc(50, 0xff)]),
    );
    expect(await pdfExpandsWithin(pdfWith(jpegLike, damaged), 1 * MiB)).toBe(true);
  });
});
