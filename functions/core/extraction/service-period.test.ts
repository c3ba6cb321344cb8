import { describe, expect, it } from 'vitest';
import { readServicePeriod } from './service-period';

describe('readServicePeriod', () => {
  it('reads two dated ends joined by a dash or "to"', () => {
    expect(readServicePeriod(': 04/06/2020 - 05/04/2020 for 28 Days', 'MDY', null)).toMatchObject({
      start: '2020-04-06',
      end: '2020-05-04',
    });
    expect(readServicePeriod(' May 19, 2020 to June 17, 2020', 'MDY', null)).toMatchObject({
      start: '2020-05-19',
      end: '2020-06-17',
    });
  });

  it("takes a year-less period's year from the bill date, across New Year", () => {
    expect(readServicePeriod(' Jan 25 - Feb 21', 'MDY', '2022-02-23')).toMatchObject({
      start: '2022-01-25',
      end: '2022-02-21',
    });
    expect(readServicePeriod(' Dec 14 to Jan 13', 'MDY', '2020-01-17')).toMatchObject({
      start: '2019-12-14',
      end: '2020-01-13',
    });
    expect(readServicePeriod(' Jan 25 - Feb 21', 'MDY', null)).toBeNull();
  });

  it('is no period when the dates are backwards or years apart', () => {
    expect(readServicePeriod('05/04/2020 - 04/06/2020', 'MDY', null)).toBeNull();
    expect(readServicePeriod('01/01/2018 - 01/01/2020', 'MDY', null)).toBeNull();
  });
});
