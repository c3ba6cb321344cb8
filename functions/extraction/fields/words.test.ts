import { describe, expect, it } from 'vitest';
import { letterBounded } from './words';

describe('letterBounded', () => {
  const due = letterBounded(/\b(échéance|montant\s*dû|quantité)\b/i);

  it('finds words that begin or end with an accented letter', () => {
    expect(due.exec("Date d'échéance 13/12/2017")?.[1]).toBe('échéance');
    expect(due.exec('Montant dû : 20,00 €')?.[1]).toBe('Montant dû');
    expect(due.exec('Quantité  3')?.[1]).toBe('Quantité');
  });

  it('still requires a boundary: a word inside a longer word does not count', () => {
    expect(due.test('préquantités')).toBe(false);
    expect(due.test('échéancier')).toBe(false);
  });

  it('keeps the flags of the expression and adds the unicode flag', () => {
    const all = letterBounded(/\btva\b/gi);
    expect(all.flags).toBe('giu');
    expect('TVA 20% … tva 5,5%'.match(all)).toEqual(['TVA', 'tva']);
  });
});
