import { describe, expect, it } from 'vitest';
import { findDates } from '../../core/extraction/parse-values';
import { repairOcrText, repairSplitAmounts, restoreSpaces } from './restore-spaces';

const isoDates = (text: string) => findDates(repairOcrText(text)).map((d) => d.alternatives);

describe('repairOcrText', () => {
  it('separates a time run into the year before it, so the date can be read', () => {
    expect(repairOcrText('Date: 07/11/20199:05:12AM')).toBe('Date: 07/11/2019 9:05:12AM');
    expect(repairOcrText('03 Feb 202214:27')).toBe('03 Feb 2022 14:27');
    expect(isoDates('07/11/20199:05:12AM')).toEqual([['2019-11-07', '2019-07-11']]);
    expect(isoDates('03 Feb 202214:27')).toEqual([['2022-02-03']]);
  });

  it('reads four digits before a colon after a 2-digit year as year + time', () => {
    expect(repairOcrText('05/06/2309:41 T2')).toBe('05/06/23 09:41 T2');
    expect(isoDates('28/06/2309:41')).toEqual([['2023-06-28']]);
  });

  it('splits a number run into a DD/MM/YYYY date and a date hyphenated onto a number', () => {
    expect(repairOcrText('Order No. 55512327/08/2020')).toBe('Order No. 555123 27/08/2020');
    expect(repairOcrText('REG #7-27/08/2020 11:00')).toBe('REG #7 27/08/2020 11:00');
    expect(isoDates('Order No. 55512327/08/2020')).toEqual([['2020-08-27']]);
  });

  it('separates a time from the 2-digit year of a date with a month name', () => {
    expect(repairOcrText('15 Jun 1809:08:37PM')).toBe('15 Jun 18 09:08:37PM');
    expect(isoDates('15 Jun 1809:08:37PM')).toEqual([['2018-06-15']]);
    expect(repairOcrText('15 Jun 2018 09:08')).toBe('15 Jun 2018 09:08');
  });

  it('reads a zero in a month name as the letter O', () => {
    expect(repairOcrText('Date; 0ct 3,2016 12:16:25 PM')).toBe('Date; Oct 3,2016 12:16:25 PM');
    expect(repairOcrText('12 N0V 2019')).toBe('12 NOV 2019');
    expect(isoDates('0ct 3,2016')).toEqual([['2016-10-03']]);
    // Other words and numbers with a zero stay as they are.
    expect(repairOcrText('Room 0ctagon 10ct')).toBe('Room 0ctagon 10ct');
  });

  it('reads a hyphen between currency digits as the decimal point', () => {
    expect(repairOcrText('TOTAL RM 23-45')).toBe('TOTAL RM 23.45');
    // Without a currency it may be a range or a code, and is left alone.
    expect(repairOcrText('ITEM 23-45')).toBe('ITEM 23-45');
    expect(repairOcrText('TOTAL 52-00')).toBe('TOTAL 52.00');
    expect(repairOcrText('CASH: 45-00')).toBe('CASH: 45.00');
  });

  it('reads the hyphen as a point where the amount is a run of its own after a currency or total', () => {
    const words = (...texts: string[]) => texts.map((text) => ({ text }));
    expect(repairSplitAmounts(words('TOTAL', 'RM', '14-10')).map((w) => w.text)).toEqual([
      'TOTAL',
      'RM',
      '14.10',
    ]);
    expect(repairSplitAmounts(words('Change:', '3-50')).map((w) => w.text)).toEqual(['Change:', '3.50']);
    // After another word, or with a third group of digits, it is a code or a date.
    expect(repairSplitAmounts(words('ITEM', '23-45')).map((w) => w.text)).toEqual(['ITEM', '23-45']);
    expect(repairSplitAmounts(words('RM', '12-10-2018')).map((w) => w.text)).toEqual(['RM', '12-10-2018']);
  });

  it('restores "Total" from its usual OCR confusions, keeping the case', () => {
    expect(repairOcrText('Totai Amount 7.60')).toBe('Total Amount 7.60');
    expect(repairOcrText('TOTAI: 7.60')).toBe('TOTAL: 7.60');
    expect(repairOcrText('Sub-tolal 5.00')).toBe('Sub-Total 5.00');
    expect(repairOcrText('Totally fresh')).toBe('Totally fresh');
  });

  it('leaves well-formed dates and amounts unchanged', () => {
    for (const text of ['12/03/2019 10:20', 'Total: RM 12.50', '2019-03-12 10:20:00', '14 Mar 2018']) {
      expect(repairOcrText(text)).toBe(text);
    }
  });

  it('works together with space restoration', () => {
    expect(restoreSpaces(repairOcrText('Date:03/04/20218:15PM'))).toContain('03/04/2021 8:15PM');
  });

  it('separates a bracketed branch code and a run-together SDN BHD in names', () => {
    expect(restoreSpaces('GARDENIABAKERIES(KL)SDNBHD')).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(restoreSpaces('WESTERN(M)SDN.BHD')).toBe('WESTERN (M) SDN. BHD');
  });

  it('splits a capital that starts a word, not one that ends a legal form', () => {
    expect(restoreSpaces('TotalRM12.00')).toBe('Total RM12.00');
    expect(restoreSpaces('Grundbesitz GmbH&Co.')).toBe('Grundbesitz GmbH&Co.');
    expect(restoreSpaces('Werkzeuge-GmbH')).toBe('Werkzeuge-GmbH');
  });
});

describe('a "ß" read as "B"', () => {
  it('is restored inside a lower-case word before a German ending', () => {
    expect(repairOcrText('MusterstraBe 42, 75645 Frankfurt')).toBe('Musterstraße 42, 75645 Frankfurt');
    expect(repairOcrText('Lieferantenstrabe')).toBe('Lieferantenstrabe');
    expect(repairOcrText('An den StraBen 3')).toBe('An den Straßen 3');
    expect(restoreSpaces(repairOcrText('MusterstraBe42'))).toBe('Musterstraße 42');
  });

  it('leaves capitals that start words alone', () => {
    for (const text of ['Cold Beer 4.50', 'NoteBook 15"', 'WhiteBoard', 'Bestellung B-12']) {
      expect(repairOcrText(text)).toBe(text);
    }
  });
});
