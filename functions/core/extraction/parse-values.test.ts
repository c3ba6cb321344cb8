import { describe, expect, it } from 'vitest';
import { detectCurrency, findAmounts, findDates } from './parse-values';

describe('detectCurrency', () => {
  it('reads written codes and symbols, the code outweighing a bare dollar sign', () => {
    expect(detectCurrency(['Total  $ 120.00', 'All amounts in CAD'])?.code).toBe('CAD');
    expect(detectCurrency(['Montant  81,90 €'])?.code).toBe('EUR');
  });

  it('takes the euro from a scan where OCR read "€" as an E stuck to the amount', () => {
    expect(detectCurrency(['Huile  25 Liter(s)  19,80E  495.00', 'TVA 5.5%  29.87E'])?.code).toBe('EUR');
  });

  it('takes the euro, weakly, from an IBAN of a euro-area country', () => {
    const guess = detectCurrency(['IBAN: FR20 1242 1242 1242 1242 1242 124 - BIC: FIDCFR21XXX']);
    expect(guess?.code).toBe('EUR');
    expect(guess!.confidence).toBeLessThan(detectCurrency(['Total EUR 10,00'])!.confidence);
    // A currency written on the document outweighs the bank's country.
    expect(detectCurrency(['IBAN: DE89 3704 0044 0532 0130 00', 'Total USD 99.00'])?.code).toBe('USD');
  });

  it('finds no currency in a bare number, a word ending in E or a non-euro IBAN', () => {
    expect(detectCurrency(['Total 19.80', 'ONE STOP PHONE', 'IBAN GB29 NWBK 6016 1331 9268 19'])).toBeNull();
  });
});

describe('findDates', () => {
  it('reads 4- and 2-digit years, a 4-digit year still when a time is glued to it', () => {
    expect(findDates('Datum 05.03.2013').map((d) => d.iso)).toEqual(['2013-03-05']);
    expect(findDates('Date 28/04/18').map((d) => d.iso)).toEqual(['2018-04-28']);
    expect(findDates('28/04/201809:08').map((d) => d.iso)).toEqual(['2018-04-28']);
  });

  it('takes no 2-digit year from a 3-digit one (a digit OCR lost), so "20.06.025" is no date in 2002', () => {
    expect(findDates('Bei Zahlung bis zum 20.06.025 zahlen')).toEqual([]);
  });

  it('takes no date from the tail or the middle of an article code, but one after a label or a dash', () => {
    expect(findDates('GB06-24/288')).toEqual([]);
    expect(findDates('KT40/5-17-09/360')).toEqual([]);
    expect(findDates('Ref SP-xy11-18/06/04-1016956')).toEqual([]);
    expect(findDates('Closed by - c001-  07/04/2018-18:11:05').map((d) => d.iso)).toEqual(['2018-04-07']);
    expect(findDates('Date:12/03/2019').map((d) => d.iso)).toEqual(['2019-03-12']);
  });
});

describe('findAmounts', () => {
  const read = (text: string) => findAmounts(text).map((a) => [a.raw, a.value, a.hasDecimals]);

  it('reads a unit price or rate with four decimals whole, not as its first digit', () => {
    expect(read('Rindenmulch  2,1250  6 kg')).toEqual([
      ['2,1250', 2.125, false],
      ['6', 6, false],
    ]);
    expect(read('Energy 0.1432 per kWh')).toEqual([['0.1432', 0.1432, false]]);
  });

  it('reads an amount whose "€" OCR read as an E stuck to it, but no amount in a letter after a bare number', () => {
    expect(read('Mulch  6 Sack  4.25  25,50E')).toEqual([
      ['6', 6, false],
      ['4.25', 4.25, true],
      ['25,50', 25.5, true],
    ]);
    expect(read('Suite 5E, 12 Main Street')).toEqual([['12', 12, false]]);
  });

  it('takes a month and year for a period, not an amount', () => {
    expect(read('Zeitraum 12.2024  Betrag 45,00')).toEqual([['45,00', 45, true]]);
  });
});
