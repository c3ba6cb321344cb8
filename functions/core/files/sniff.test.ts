import { describe, expect, it } from 'vitest';
import { safeFilename, sniffContentType } from './sniff';

const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0]);

describe('sniffContentType', () => {
  it('recognises the four accepted types by their magic numbers', () => {
    expect(sniffContentType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffContentType(bytes(0x49, 0x49, 0x2a, 0x00))).toBe('image/tiff');
    expect(sniffContentType(bytes(0x4d, 0x4d, 0x00, 0x2a))).toBe('image/tiff');
  });

  it('rejects other files whatever their name says', () => {
    expect(sniffContentType(new TextEncoder().encode('MZ\x90\x00 not a pdf'))).toBeUndefined();
    expect(sniffContentType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(sniffContentType(new Uint8Array())).toBeUndefined();
  });
});

describe('safeFilename', () => {
  it('drops folders and characters that do not belong in keys or headers', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\scans\\Invoice "A".pdf')).toBe('Invoice _A_.pdf');
    expect(safeFilename('...')).toBe('file');
  });
});

describe('sniffContentType decides at offset 0', () => {
  it('refuses a %PDF- header anywhere but at the first byte', () => {
    const text = (t: string) => new TextEncoder().encode(t);
    expect(sniffContentType(text('<!-- %PDF-1.4 -->\n<html><body>pay here</body></html>'))).toBeUndefined();
    expect(sniffContentType(text('\r\n%PDF-1.4\n'))).toBeUndefined();
    // A zip storing a PDF uncompressed has the PDF's header right after the member's name.
    expect(sniffContentType(text('PK\x03\x04\x14\x00\x00\x00\x00\x00inv.pdf%PDF-1.4\n'))).toBeUndefined();
    expect(sniffContentType(text('%PDF'))).toBeUndefined();
  });
});
