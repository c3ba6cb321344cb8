import { describe, expect, it } from 'vitest';
import { learnAnchor, recallAnchor } from './anchors';
import { layoutOf, type PageLine } from './layout';
import { nextOf, textractAnswer } from './layout.fixture';

/** A recorded two-page Textract answer, and the next invoice of its template (other values, a longer table). */
const answer = textractAnswer('analyzeExpenseResponse-multipage.json');
const first = layoutOf(answer);
const next = layoutOf(
  nextOf(
    answer,
    { '00000135': '00000142', '12 March 2020': '9 April 2020', '$5,715.00': '$6,030.50' },
    { page: 2, from: 0.5, shift: 0.04 },
  ),
);

const line = (text: string, left: number, top: number, page = 1): PageLine => ({
  page,
  text,
  left,
  top,
  width: text.length * 0.008,
  height: 0.012,
});

describe('anchors: where a layout prints a field, learned from an approved value', () => {
  it('learns the value beside its label on a real Textract answer and reads the next invoice’s there', () => {
    const number = learnAnchor(first, 'id', '00000135');
    expect(number).toMatchObject({ how: 'offset', label: ['invoice', 'no'], page: 1 });
    const date = learnAnchor(first, 'date', '2020-03-12');
    expect(date).toMatchObject({ how: 'offset', label: ['invoice', 'date'] });
    // The total is on page 2, below the item table: its label moves with it.
    const total = learnAnchor(first, 'amount', 5715);
    expect(total).toMatchObject({ how: 'offset', label: ['total'], page: 2 });
    if (!number || !date || !total) throw new Error('learned');

    expect(recallAnchor(first, 'id', number)?.value).toBe('00000135');
    expect(recallAnchor(next, 'id', number)?.value).toBe('00000142');
    expect(recallAnchor(next, 'date', date)?.value).toBe('2020-04-09');
    const recalled = recallAnchor(next, 'amount', total);
    expect(recalled?.value).toBe(6030.5);
    expect(recalled?.location.page).toBe(2);
    expect(recalled?.location.top).toBeCloseTo(0.556 + 0.04, 2);
  });

  it('an inline label: the value right after it on its line, never a value after other words', () => {
    const lines = [
      line('Statement ref: 58213 Account 77', 0.1, 0.1),
      line('Please pay: $1,750.50', 0.6, 0.5),
    ];
    const ref = learnAnchor(lines, 'id', '58213');
    expect(ref).toMatchObject({ how: 'inline', label: ['statement', 'ref'] });
    const pay = learnAnchor(lines, 'amount', 1750.5);
    expect(pay).toMatchObject({ how: 'inline', label: ['please', 'pay'] });
    if (!ref || !pay) throw new Error('learned');
    const later = [line('Statement ref: 58377 Account 77', 0.1, 0.1), line('Please pay: $920.00', 0.6, 0.52)];
    expect(recallAnchor(later, 'id', ref)?.value).toBe('58377');
    expect(recallAnchor(later, 'amount', pay)?.value).toBe(920);
    expect(recallAnchor([line('Please pay by transfer 920.00', 0.6, 0.5)], 'amount', pay)).toBeNull();
  });

  it('a date keeps the order the vendor prints it in', () => {
    // 03/02/2026 approved as 2 March: this vendor prints month first.
    const anchor = learnAnchor([line('Issued 03/02/2026', 0.1, 0.2)], 'date', '2026-03-02');
    expect(anchor).toMatchObject({ how: 'inline', order: 'MDY' });
    if (!anchor) throw new Error('learned');
    expect(recallAnchor([line('Issued 04/03/2026', 0.1, 0.2)], 'date', anchor)?.value).toBe('2026-04-03');
  });

  it('a value printed without a label is found by its place on the page', () => {
    const lines = [line('Harbor Electric', 0.1, 0.05), line('58213', 0.85, 0.3)];
    const anchor = learnAnchor(lines, 'id', '58213');
    expect(anchor).toMatchObject({ how: 'region', page: 1 });
    if (!anchor) throw new Error('learned');
    expect(
      recallAnchor([line('Harbor Electric', 0.1, 0.05), line('58377', 0.85, 0.301)], 'id', anchor)?.value,
    ).toBe('58377');
    expect(recallAnchor([line('58377', 0.1, 0.8)], 'id', anchor)).toBeNull();
  });

  it('learns nothing for a value the page does not print', () => {
    expect(learnAnchor(first, 'amount', 1234.56)).toBeNull();
    expect(learnAnchor(first, 'id', 'ZZ-999')).toBeNull();
  });
});
