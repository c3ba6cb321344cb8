import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { SERVICE_NAME } from './logger';

/**
 * The product's custom CloudWatch metrics, sent as Embedded Metric Format lines by the function that
 * records them (flushed after each invocation by `middleware.ts`), each with the one `service`
 * dimension. Six metrics in all (docs/cost.md budgets them):
 *
 * - `InvoicesProcessed` (Count): an invoice's run reached a decision (processed or sent to review).
 * - `ReviewRate` (Percent): 100 for a decision that sends the invoice to review, 0 otherwise; its
 *   Average over any period is the share of invoices that needed a person.
 * - `ExtractionLatency` (Milliseconds): from the workflow claiming a run to its fields being read
 *   (inspection, text extraction and normalization, waits included).
 * - `SyncSucceeded`, `SyncRetrying`, `SyncFailed` (Count): outcomes of pushing an approved invoice to
 *   one integration.
 *
 * Only Lambda sends them: locally (`npm start`, tests) there is no CloudWatch to read them.
 */
export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || 'InvoicePilot',
  serviceName: SERVICE_NAME,
});

const inLambda = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

/** An invoice's run was decided (`null` when the run had been decided already: nothing to count). */
export function recordDecision(invoice: { status: string } | null): void {
  if (!invoice) return;
  metrics.addMetric('InvoicesProcessed', MetricUnit.Count, 1);
  metrics.addMetric('ReviewRate', MetricUnit.Percent, invoice.status === 'REVIEW_REQUIRED' ? 100 : 0);
}

/** The run's fields were read, `since` (ISO time) being when the workflow claimed it. */
export function recordExtractionLatency(since: string | undefined, now = new Date()): void {
  const started = since ? Date.parse(since) : Number.NaN;
  if (Number.isNaN(started)) return; // A run claimed before claims were timed.
  metrics.addMetric('ExtractionLatency', MetricUnit.Milliseconds, Math.max(0, now.getTime() - started));
}

const SYNC_METRIC = { SYNCED: 'SyncSucceeded', RETRYING: 'SyncRetrying', FAILED: 'SyncFailed' } as const;

/** The outcome a sync recorded on the invoice for one integration. */
export function recordSyncOutcome(status: keyof typeof SYNC_METRIC): void {
  metrics.addMetric(SYNC_METRIC[status], MetricUnit.Count, 1);
}

/** Sends what the invocation recorded (in Lambda) and starts the next one empty. */
export function flushMetrics(): void {
  if (!metrics.hasStoredMetrics()) return;
  if (inLambda()) metrics.publishStoredMetrics();
  else metrics.clearMetrics();
}
