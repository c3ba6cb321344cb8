import { describe, expect, it } from 'vitest';
import { toCsvCell } from './csv';

describe('toCsvCell', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(toCsvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(toCsvCell('The "Best" Plumbing')).toBe('"The ""Best"" Plumbing"');
    expect(toCsvCell('line1\nline2')).toBe('"line1\nline2"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(toCsvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(toCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('keeps numbers as numbers and empties empty', () => {
    expect(toCsvCell(-12.5)).toBe('-12.5');
    expect(toCsvCell(null)).toBe('');
  });
});
