import { describe, expect, it } from 'vitest';
import { contentTypeOf, fileProblem } from './file-rules';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('client-side upload checks', () => {
  it.each(['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.tiff', 'f.TIF'])('accepts %s', (name) => {
    expect(fileProblem(file(name))).toBeNull();
  });

  it('rejects other types with a clear message', () => {
    expect(fileProblem(file('notes.txt', 10, 'text/plain'))).toBe(
      'notes.txt is not a supported file type. Use PDF, JPEG, PNG or TIFF.',
    );
    expect(fileProblem(file('invoice.docx'))).toMatch(/not a supported file type/);
  });

  it('rejects files over 10 MB and empty files', () => {
    expect(fileProblem(file('big.pdf', 10 * 1024 * 1024))).toBeNull();
    expect(fileProblem(file('big.pdf', 10 * 1024 * 1024 + 1))).toBe('big.pdf is larger than 10MB.');
    expect(fileProblem(file('empty.pdf', 0))).toBe('empty.pdf is empty.');
  });

  it('derives the content type from the extension when the browser gives none', () => {
    expect(contentTypeOf(file('scan.tif'))).toBe('image/tiff');
    expect(contentTypeOf(file('x.jpg', 1, 'image/jpeg'))).toBe('image/jpeg');
  });
});
