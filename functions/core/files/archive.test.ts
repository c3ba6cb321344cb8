import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffArchive, unpackZip } from './archive';

const budget = { maxMembers: 5, maxMemberBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 };

describe('sniffArchive', () => {
  it('knows zip, gzip, 7z, rar, bzip2, xz and tar by their leading bytes', () => {
    expect(sniffArchive(zipSync({ 'a.txt': strToU8('a') }))).toBe('zip');
    expect(sniffArchive(new Uint8Array([0x1f, 0x8b, 8, 0]))).toBe('gzip');
    expect(sniffArchive(new Uint8Array([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]))).toBe('7z');
    expect(sniffArchive(strToU8('Rar!\x1a\x07\x01\x00'))).toBe('rar');
    expect(sniffArchive(strToU8('BZh91AY'))).toBe('bzip2');
    expect(sniffArchive(new Uint8Array([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]))).toBe('xz');
    const tar = new Uint8Array(1024);
    tar.set(strToU8('invoice.pdf'), 0);
    tar.set(strToU8('ustar'), 257);
    expect(sniffArchive(tar)).toBe('tar');
    expect(sniffArchive(strToU8('%PDF-1.4 PK\x03\x04'))).toBeUndefined();
  });
});

describe('unpackZip', () => {
  it('reads every member, stored or deflated, and leaves folders out', () => {
    const zip = zipSync({
      'one.pdf': [strToU8('%PDF-1.4 one'), { level: 0 }],
      'sub/two.pdf': strToU8('%PDF-1.4 two'),
      'empty/': new Uint8Array(),
    });
    const unpacked = unpackZip(zip, budget);
    expect(unpacked?.files.map((f) => [f.name, f.bytes.toString()])).toEqual([
      ['one.pdf', '%PDF-1.4 one'],
      ['sub/two.pdf', '%PDF-1.4 two'],
    ]);
    expect(unpacked?.refused).toEqual([]);
  });

  it('stops a zip bomb at the budget, with little memory, and names what it refused', () => {
    // 16 MiB of zeros deflate to about 16 KiB; the six members would unpack to 96 MiB.
    const zeros = new Uint8Array(16 * 1024 * 1024);
    const bomb = zipSync(Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`part${i}.pdf`, zeros])));
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const unpacked = unpackZip(bomb, budget);
    const grown = (process.memoryUsage().rss - rss) / 1024 / 1024;
    console.log(
      `zip bomb: ${(bomb.length / 1024).toFixed(0)} KiB, refused in ${(performance.now() - started).toFixed(0)} ms, RSS +${grown.toFixed(0)} MiB`,
    );
    expect(unpacked?.files).toEqual([]);
    expect(unpacked?.refused.map((r) => r.name)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `part${i}.pdf`));
    expect(unpacked?.refused[0].reason).toBe('larger than 1 MB unpacked');
    expect(unpacked?.refused[5].reason).toBe('more than 5 files in the archive');
    // Generous: the budgets are 2 MiB; the 16 MiB of one member's zeros are never all held.
    expect(grown).toBeLessThan(64);
  });

  it('answers undefined for what is not a readable zip, and for an office document', () => {
    expect(unpackZip(strToU8('PK\x03\x04 not an archive'), budget)).toBeUndefined();
    const docx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('<w/>'),
    });
    expect(unpackZip(docx, budget)).toBeUndefined();
  });
});
