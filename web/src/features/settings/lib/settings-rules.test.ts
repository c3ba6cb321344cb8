import { describe, expect, it } from 'vitest';
import { checkedEvents, displayedKey, lastActivityLabel, parseEvents, toggleEvent } from './settings-rules';

describe('displayedKey', () => {
  const key = 'ipk_kwMxQlCxCksHG70ioJPlmTygvQkpIW3r886eufDA';

  it('masks a key to its first 8 characters plus ...', () => {
    expect(displayedKey(key, false)).toBe('ipk_kwMx...');
  });

  it('shows the whole key once revealed', () => {
    expect(displayedKey(key, true)).toBe(key);
  });

  it('keeps a stored 8-character prefix masked even when revealed (the rest is not known)', () => {
    expect(displayedKey('ipk_kwMx', true)).toBe('ipk_kwMx...');
  });
});

describe('parseEvents', () => {
  it('parses a JSON array of event names', () => {
    expect(parseEvents('["invoice.processed", "invoice.approved"]')).toEqual({
      events: ['invoice.processed', 'invoice.approved'],
    });
  });

  it('refuses text that is not JSON', () => {
    expect(parseEvents('invoice.processed')).toEqual({
      error: 'Events must be a JSON array, e.g. ["invoice.processed"]',
    });
  });

  it('refuses JSON that is not an array of strings', () => {
    expect(parseEvents('{"event":"invoice.processed"}')).toHaveProperty('error');
    expect(parseEvents('[1, 2]')).toHaveProperty('error');
  });
});

describe('lastActivityLabel', () => {
  const now = new Date(2025, 4, 20, 15, 0, 0);

  it("says 'Today' for an activity earlier the same day", () => {
    expect(lastActivityLabel(new Date(2025, 4, 20, 0, 5).toISOString(), now)).toBe('Today');
  });

  it("says 'Yesterday' for the day before", () => {
    expect(lastActivityLabel(new Date(2025, 4, 19, 23, 59).toISOString(), now)).toBe('Yesterday');
  });

  it('gives the date for older activity and a phrase when there is none', () => {
    expect(lastActivityLabel(new Date(2025, 4, 2, 12).toISOString(), now)).toBe('May 2, 2025');
    expect(lastActivityLabel(null, now)).toBe('No activity yet');
  });
});

describe('webhook event checkboxes', () => {
  it('adds a ticked event in the listed order, keeps names it does not know, and replaces text that is no array', () => {
    expect(toggleEvent('["invoice.approved"]', 'invoice.processed', true)).toBe(
      '["invoice.processed","invoice.approved"]',
    );
    expect(toggleEvent('["custom.thing","invoice.processed"]', 'invoice.processed', false)).toBe(
      '["custom.thing"]',
    );
    expect(toggleEvent('not json', 'invoice.synced', true)).toBe('["invoice.synced"]');
    expect([...checkedEvents('["invoice.synced","invoice.voided"]')]).toEqual([
      'invoice.synced',
      'invoice.voided',
    ]);
    expect(checkedEvents('nope').size).toBe(0);
  });
});
