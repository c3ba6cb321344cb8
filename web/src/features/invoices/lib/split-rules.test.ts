import { describe, expect, it } from 'vitest';
import { allocationsOf, hundredths, rowCents, type SplitDraft, splitStatus } from './split-rules';

const rows = (...values: string[]) =>
  values.map((value, i) => ({ propertyId: `P${i}`, categoryId: '', value }));

describe('split rules', () => {
  it('reads amounts with at most two decimals', () => {
    expect(hundredths('333.33')).toBe(33_333);
    expect(hundredths('12')).toBe(1_200);
    expect(hundredths('1.005')).toBeNull();
    expect(hundredths('abc')).toBeNull();
  });

  it('shows what remains, or by how much a split is over, to the cent', () => {
    expect(splitStatus({ mode: 'amount', rows: rows('600', '300') }, 100_000)).toEqual({
      kind: 'remaining',
      cents: 10_000,
    });
    expect(splitStatus({ mode: 'amount', rows: rows('600', '400.01') }, 100_000)).toEqual({
      kind: 'over',
      cents: 1,
    });
    expect(splitStatus({ mode: 'amount', rows: rows('333.33', '333.33', '333.34') }, 100_000)).toEqual({
      kind: 'balanced',
    });
  });

  it('turns thirds in percent into amounts that add up to the total exactly', () => {
    const draft: SplitDraft = { mode: 'percent', rows: rows('33.33', '33.33', '33.34') };
    expect(rowCents(draft, 100_000)).toEqual([33_330, 33_330, 33_340]);
    const thirds: SplitDraft = { mode: 'percent', rows: rows('50', '25', '25') };
    expect(rowCents(thirds, 1_001)).toEqual([501, 250, 250]);
    expect(splitStatus(thirds, 1_001)).toEqual({ kind: 'balanced' });
    expect(allocationsOf(thirds, 1_001).map((a) => a.amount)).toEqual([5.01, 2.5, 2.5]);
  });

  it('says what is missing before it can add up', () => {
    expect(
      splitStatus({ mode: 'amount', rows: [{ propertyId: '', categoryId: '', value: '5' }] }, 500),
    ).toEqual({
      kind: 'incomplete',
      reason: 'Choose a property for every share',
    });
    expect(splitStatus({ mode: 'amount', rows: rows('') }, 500).kind).toBe('incomplete');
    expect(splitStatus({ mode: 'amount', rows: rows('5') }, null)).toEqual({
      kind: 'incomplete',
      reason: 'Enter the total first',
    });
  });
});
