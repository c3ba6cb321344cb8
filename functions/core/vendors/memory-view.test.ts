import { describe, expect, it } from 'vitest';
import { vendorMemorySchema } from '../../../shared/schemas/vendor-memory';
import type { PageLine } from '../extraction/layout';
import { type FieldMemory, type LayoutMemory, learnLayout } from './memory';
import { foundBy, memoryView } from './memory-view';

const anchor = (a: Partial<FieldMemory> & Pick<FieldMemory, 'how'>): FieldMemory => ({
  page: 1,
  x: 0.7,
  y: 0.4,
  right: 0,
  wrong: 0,
  learnedAt: '2026-01-01T00:00:00.000Z',
  ...a,
});

const layout = (l: Partial<LayoutMemory> & Pick<LayoutMemory, 'id' | 'fields'>): LayoutMemory => ({
  fingerprint: ['harbor', 'electric', 'supply', 'dock', 'road'],
  approvals: 1,
  learnedAt: '2026-01-01T00:00:00.000Z',
  approvedAt: '2026-01-01T00:00:00.000Z',
  ...l,
});

describe('foundBy', () => {
  it('says how each kind of anchor finds its value', () => {
    expect(foundBy(anchor({ how: 'inline', label: ['invoice', 'no'] }))).toBe('Next to "Invoice no"');
    expect(foundBy(anchor({ how: 'offset', label: ['total', 'due'], dx: 0, dy: 0.02 }))).toBe(
      'Below "Total due"',
    );
    expect(foundBy(anchor({ how: 'offset', label: ['issued'], dx: 0.2, dy: 0.002 }))).toBe(
      'Next to "Issued"',
    );
    expect(foundBy(anchor({ how: 'region' }))).toBe('At the same place on the page');
  });

  it('names the page when it is not the first', () => {
    expect(foundBy(anchor({ how: 'inline', label: ['amount', 'due'], page: 2 }))).toBe(
      'Next to "Amount due" on page 2',
    );
    expect(foundBy(anchor({ how: 'region', page: 3 }))).toBe('At the same place on page 3');
  });

  it('falls back to the place on the page for an anchor without label words', () => {
    expect(foundBy(anchor({ how: 'inline', label: [] }))).toBe('At the same place on the page');
  });
});

describe('memoryView', () => {
  it('is empty when nothing is learned', () => {
    expect(memoryView([])).toEqual({ layouts: [] });
  });

  it('lists each layout, the most recently approved first, with its fields in reading order', () => {
    const older = layout({
      id: 'L1',
      approvals: 3,
      approvedAt: '2026-01-03T00:00:00.000Z',
      fields: { totalAmount: [anchor({ how: 'region', right: 2 })] },
    });
    const newer = layout({
      id: 'L2',
      approvals: 2,
      learnedAt: '2026-01-02T00:00:00.000Z',
      approvedAt: '2026-01-05T00:00:00.000Z',
      fields: {
        amountDue: [anchor({ how: 'offset', label: ['please', 'pay'], dx: 0.3, dy: 0 })],
        invoiceNumber: [
          anchor({ how: 'region', wrong: 1 }),
          anchor({ how: 'inline', label: ['statement', 'ref'], right: 1 }),
        ],
      },
    });
    const view = memoryView([older, newer]);
    expect(vendorMemorySchema.pick({ layouts: true }).parse(view)).toEqual(view);
    expect(view.layouts.map((l) => [l.id, l.approvals])).toEqual([
      ['L2', 2],
      ['L1', 3],
    ]);
    expect(view.layouts[0]).toEqual({
      id: 'L2',
      approvals: 2,
      learnedAt: '2026-01-02T00:00:00.000Z',
      approvedAt: '2026-01-05T00:00:00.000Z',
      fields: [
        // The surest anchor of a field first; one wrong too often is shown, marked unused.
        {
          field: 'invoiceNumber',
          words: 'invoice number',
          foundBy: 'Next to "Statement ref"',
          right: 1,
          wrong: 0,
          used: true,
        },
        {
          field: 'invoiceNumber',
          words: 'invoice number',
          foundBy: 'At the same place on the page',
          right: 0,
          wrong: 1,
          used: false,
        },
        {
          field: 'amountDue',
          words: 'amount due',
          foundBy: 'Next to "Please pay"',
          right: 0,
          wrong: 0,
          used: true,
        },
      ],
    });
  });

  it('keeps the fingerprint and the coordinates on the server', () => {
    const view = memoryView([
      layout({
        id: 'L1',
        fields: { subtotal: [anchor({ how: 'offset', label: ['goods'], dx: 0.1, dy: 0.2 })] },
      }),
    ]);
    const sent = JSON.stringify(view);
    for (const word of ['fingerprint', 'harbor', 'dock', '"x"', '"y"', '"dx"', '"dy"', '"page"'])
      expect(sent).not.toContain(word);
  });

  it('says what learnLayout learned from an approved invoice', () => {
    const line = (text: string, left: number, top: number): PageLine => ({
      page: 1,
      text,
      left,
      top,
      width: text.length * 0.008,
      height: 0.012,
    });
    const lines = [
      line('Harbor Electric Supply Dock Road Bristol accounts statement', 0.1, 0.05),
      line('Statement ref: 58213', 0.1, 0.15),
      line('Customer account electrical supplies goods delivered', 0.1, 0.3),
      line('Please pay: 1,750.50', 0.6, 0.5),
    ];
    const learned = learnLayout(
      [],
      lines,
      { invoiceNumber: '58213', amountDue: 1750.5 },
      {
        now: '2026-03-02T10:00:00.000Z',
        newId: () => 'L1',
      },
    );
    expect(memoryView(learned).layouts).toEqual([
      {
        id: 'L1',
        approvals: 1,
        learnedAt: '2026-03-02T10:00:00.000Z',
        approvedAt: '2026-03-02T10:00:00.000Z',
        fields: [
          expect.objectContaining({ words: 'invoice number', foundBy: 'Next to "Statement ref"', right: 0 }),
          expect.objectContaining({ words: 'amount due', foundBy: 'Next to "Please pay"', wrong: 0 }),
        ],
      },
    ]);
  });
});
