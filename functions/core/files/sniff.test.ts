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

describe('sniffContentType with a junk prefix', () => {
  it('accepts a PDF whose header follows a few stray bytes, as PDF readers do', () => {
    expect(sniffContentType(new TextEncoder().encode('\r\n\xef\xbb\xbf%PDF-1.4\n'))).toBe('application/pdf');
  });
});
