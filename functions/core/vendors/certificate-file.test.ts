import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { certificateFileOf } from './certificate-file';

const bytes = (...b: number[]) => new Uint8Array(b);
const at = new Date('2026-03-01T10:00:00.000Z');

describe("a certificate's attached file", () => {
  it('is typed by its bytes, whatever its name says', () => {
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0);
    expect(certificateFileOf({ filename: 'coi.pdf', bytes: png }, at)).toEqual({
      filename: 'coi.pdf',
      contentType: 'image/png',
      size: 9,
      uploadedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(
      certificateFileOf({ filename: 'scan', bytes: bytes(0xff, 0xd8, 0xff, 0xe0) }, at).contentType,
    ).toBe('image/jpeg');
    const pdf = new TextEncoder().encode('%PDF-1.7\n');
    expect(certificateFileOf({ filename: 'a.pdf', bytes: pdf }, at).contentType).toBe('application/pdf');
  });

  it('makes its name safe for a download header', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n');
    expect(certificateFileOf({ filename: '../../etc/"coi"\r\n.pdf', bytes: pdf }, at).filename).toBe(
      '_coi_.pdf',
    );
  });

  it('refuses a TIFF, an executable and an HTML page posing as a PDF (415)', () => {
    for (const refused of [
      bytes(0x49, 0x49, 0x2a, 0x00),
      new TextEncoder().encode('MZ\x90\x00'),
      new TextEncoder().encode('<!-- %PDF-1.4 --><script>'),
    ]) {
      let error: unknown;
      try {
        certificateFileOf({ filename: 'coi.pdf', bytes: refused }, at);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ kind: 'unsupported', code: 'unsupported_type' });
    }
  });
});
