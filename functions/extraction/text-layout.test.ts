import { describe, expect, it } from 'vitest';
import { splitRun } from './text-layout';

const run = { x0: 100, x1: 400, y0: 10, y1: 22, confidence: 99 };

describe('splitRun', () => {
  it('places the words of a proportional run by their glyphs: narrow "Total: " takes less than its share', () => {
    const [label, amount] = splitRun('Total: $1,248.50', run, 'proportional');
    // Helvetica: "Total: " is 2,779 of the run's 7,227 units (38%), not 7 of its 16 characters (44%).
    expect(amount.x0).toBeCloseTo(100 + (300 * 2779) / 7227, 5);
    expect(amount.x1).toBe(400);
    expect(label).toMatchObject({ text: 'Total:', x0: 100 });
    expect(label.x1).toBeLessThan(amount.x0);
  });

  it('shares a monospaced run evenly among its characters', () => {
    const [qty, price] = splitRun('12  9.50', run, 'even');
    expect([qty.x0, qty.x1, price.x0, price.x1]).toEqual([100, 175, 250, 400]);
  });

  it('gives nothing for a blank run, and treats characters outside ASCII as average width', () => {
    expect(splitRun('   ', run, 'proportional')).toEqual([]);
    const [word] = splitRun('€€', run, 'proportional');
    expect([word.x0, word.x1]).toEqual([100, 400]);
  });
});
