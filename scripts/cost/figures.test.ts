import { describe, expect, it } from 'vitest';
import type { CapacityTotals } from '../../functions/adapters/dynamodb/consumed-capacity';
import { billedUnits, measuredFigures, routeShares, weightedUses } from './figures';
import type { Measurements, RouteRun } from './measure';
import { type RoutedDocument, reachesTextract, textractFigures } from './textract-share';

const doc = (path: string, route: RoutedDocument['route'], pages = 1, bytes = 1000): RoutedDocument => ({
  path,
  source: 'test',
  bytes,
  pages,
  route,
});

/** Three sure text PDFs, a one-page scan, a two-page unsure text PDF, a rejected file. */
const routed = [
  doc('a.pdf', 'text-pdf, sure'),
  doc('b.pdf', 'text-pdf, sure'),
  doc('c.pdf', 'text-pdf, sure'),
  doc('d.png', 'scan, 1 page', 1, 4000),
  doc('e.pdf', 'text-pdf, unsure, pages', 2),
  doc('f.bin', 'rejected', 0, 1000),
];

const units = (read: number, write: number, transactionWrite = 0): CapacityTotals => ({
  readUnits: read,
  writeUnits: write,
  transactionReadUnits: 0,
  transactionWriteUnits: transactionWrite,
  calls: 1,
});

const run = (route: RouteRun['route'], transitions: number, ms: number, write: number): RouteRun => ({
  route,
  document: route,
  source: { upload: units(1, 10), workflow: units(9, write, 5), transitions, status: 'PROCESSED' },
  bundle: {
    lambda: [{ name: 'inspect', invocations: 1, billedMs: ms }],
    states: ['Inspect'],
    transitions,
    status: 'PROCESSED',
  },
});

describe('textractFigures', () => {
  it('counts the documents and pages of the routes that reach Textract', () => {
    expect(routed.filter((d) => reachesTextract(d.route)).map((d) => d.path)).toEqual(['d.png', 'e.pdf']);
    expect(textractFigures(routed)).toEqual({ documents: 6, textractDocuments: 2, textractPages: 3 });
  });
});

describe('routeShares and weightedUses', () => {
  it('shares out the documents of the routes that were run, a rejected file left out', () => {
    const shares = routeShares(routed, ['text-pdf, sure', 'scan, 1 page', 'text-pdf, unsure, pages']);
    expect(Object.fromEntries(shares)).toEqual({
      'text-pdf, sure': expect.closeTo(0.6, 12),
      'scan, 1 page': expect.closeTo(0.2, 12),
      'text-pdf, unsure, pages': expect.closeTo(0.2, 12),
    });
  });

  it('sums each function’s weighted invocations and time over the runs', () => {
    const uses = weightedUses([
      { share: 0.75, uses: [{ name: 'f', invocations: 2, billedMs: 100 }] },
      {
        share: 0.25,
        uses: [
          { name: 'f', invocations: 1, billedMs: 300 },
          { name: 'g', invocations: 4, billedMs: 40 },
        ],
      },
    ]);
    expect(uses).toEqual([
      { name: 'f', invocations: 1.75, billedMs: 150 },
      { name: 'g', invocations: 1, billedMs: 10 },
    ]);
  });
});

describe('billedUnits', () => {
  it('counts a transaction’s units twice, as DynamoDB bills what DynamoDB Local reports once', () => {
    expect(billedUnits(units(2, 10, 4), units(1, 3))).toEqual({ readUnits: 3, writeUnits: 17 });
  });
});

describe('measuredFigures', () => {
  it('makes one invoice the mix of the routes run, each weighted by its share of the documents', () => {
    const m: Measurements = {
      runs: [
        run('text-pdf, sure', 10, 100, 50),
        run('scan, 1 page', 20, 200, 60),
        run('text-pdf, unsure, pages', 30, 300, 70),
      ],
      apiRequest: {
        capacity: {
          readUnits: 2,
          writeUnits: 0,
          transactionReadUnits: 1,
          transactionWriteUnits: 0,
          calls: 1,
        },
        lambda: [{ name: 'api', invocations: 1, billedMs: 20 }],
      },
      scheduledRun: {},
      coldStarts: {},
      timings: {},
    };
    const figures = measuredFigures(routed, m, 'a test mix');
    // Shares 0.6, 0.2, 0.2.
    expect(figures.invoice.transitions).toBeCloseTo(0.6 * 10 + 0.2 * 20 + 0.2 * 30, 10);
    // Upload 10 + workflow write + its 5 transactional units again.
    expect(figures.invoice.writeUnits).toBeCloseTo(0.6 * 65 + 0.2 * 75 + 0.2 * 85, 10);
    expect(figures.invoice.readUnits).toBeCloseTo(10, 10);
    expect(figures.invoice.lambda).toEqual([
      {
        name: 'inspect',
        invocations: expect.closeTo(1, 10),
        billedMs: expect.closeTo(0.6 * 100 + 0.2 * 200 + 0.2 * 300, 10),
      },
    ]);
    expect(figures.apiRequest).toMatchObject({ readUnits: 3, writeUnits: 0 });
    expect(figures.textract).toEqual({
      documents: 6,
      textractDocuments: 2,
      textractPages: 3,
      source: 'a test mix',
    });
    expect(figures.averageFileBytes).toBeCloseTo(9000 / 6, 10);
  });
});
