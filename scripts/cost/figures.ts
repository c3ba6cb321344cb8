import type { CapacityTotals } from '../../functions/adapters/dynamodb/consumed-capacity';
import type { LambdaUse, Measured } from './bill';
import type { Measurements } from './measure';
import { type Route, type RoutedDocument, textractFigures } from './textract-share';

/**
 * The units DynamoDB bills for what DynamoDB Local reported: a transaction's items at twice the
 * standard units, which Local reports at the standard rate (see CapacityTotals).
 */
export function billedUnits(...totals: CapacityTotals[]): { readUnits: number; writeUnits: number } {
  return {
    readUnits: totals.reduce((n, t) => n + t.readUnits + t.transactionReadUnits, 0),
    writeUnits: totals.reduce((n, t) => n + t.writeUnits + t.transactionWriteUnits, 0),
  };
}

/** Each route's share of the documents, over the routes that were run (a rejected file is not run). */
export function routeShares(routed: RoutedDocument[], ran: Route[]): Map<Route, number> {
  const counted = routed.filter((d) => ran.includes(d.route));
  const shares = new Map<Route, number>();
  for (const d of counted) shares.set(d.route, (shares.get(d.route) ?? 0) + 1 / counted.length);
  return shares;
}

/** Lambda uses of several runs, each weighted by its share, summed by function. */
export function weightedUses(runs: { share: number; uses: LambdaUse[] }[]): LambdaUse[] {
  const byName = new Map<string, LambdaUse>();
  for (const { share, uses } of runs) {
    for (const u of uses) {
      const known = byName.get(u.name) ?? { name: u.name, invocations: 0, billedMs: 0 };
      byName.set(u.name, {
        name: u.name,
        invocations: known.invocations + share * u.invocations,
        billedMs: known.billedMs + share * u.billedMs,
      });
    }
  }
  return [...byName.values()];
}

/**
 * The bill's measured inputs: one invoice is the corpus's mix of routes, each route's figures those of
 * its representative document's runs (transitions and capacity from the local runner, Lambda time from
 * the bundles).
 */
export function measuredFigures(routed: RoutedDocument[], m: Measurements, source: string): Measured {
  const shares = routeShares(
    routed,
    m.runs.map((r) => r.route),
  );
  const weighted = (pick: (run: Measurements['runs'][number]) => number) =>
    m.runs.reduce((n, run) => n + (shares.get(run.route) ?? 0) * pick(run), 0);
  return {
    textract: { ...textractFigures(routed), source },
    invoice: {
      transitions: weighted((r) => r.source.transitions),
      lambda: weightedUses(m.runs.map((r) => ({ share: shares.get(r.route) ?? 0, uses: r.bundle.lambda }))),
      readUnits: weighted((r) => billedUnits(r.source.upload, r.source.workflow).readUnits),
      writeUnits: weighted((r) => billedUnits(r.source.upload, r.source.workflow).writeUnits),
    },
    apiRequest: { lambda: m.apiRequest.lambda, ...billedUnits(m.apiRequest.capacity) },
    scheduledRun: m.scheduledRun,
    averageFileBytes: routed.reduce((n, d) => n + d.bytes, 0) / routed.length,
  };
}
