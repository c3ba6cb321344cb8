/**
 * What `npm run cost` cannot measure on this machine (no customers, no AWS account). Everything else in
 * the bill is read from the template or measured (measure.ts). Each figure's reason is in
 * ASSUMPTION_NOTES, which docs/cost.md prints beside it.
 */
export const ASSUMPTIONS = {
  apiRequestsPerInvoice: 40,
  dashboardRequestsPerPersonMonth: 2 * 22 * 2 * 120,
  invoicesPerPerson: 400,
  minimumPeople: 2,
  queueMessagesPerInvoice: 4,
  queueWorkerMs: 300,
  pollersPerQueueSource: 5,
  pollsPerPollerMinute: 3,
  s3PutsPerInvoice: 2,
  s3GetsPerInvoice: 5,
  storedMonths: 6,
  tableBytesPerInvoice: 10_000,
  logBytesPerInvocation: 800,
  logBytesPerExecution: 10_000,
  logBytesPerApiRequest: 430,
  webRequestsPerApiRequest: 1.05,
  cloudfrontBytesPerInvoice: 1_000_000,
  customMetrics: 6,
  kmsRequestsPerInvoice: 3,
} as const;

export type Assumptions = typeof ASSUMPTIONS;

/** Why each assumption has its value (one entry per assumption: the type makes a missing one an error). */
export const ASSUMPTION_NOTES: Record<keyof Assumptions, string> = {
  apiRequestsPerInvoice: 'upload, status polling every 2 s while processing, detail, list, approve',
  dashboardRequestsPerPersonMonth: 'dashboards refreshing every 30 s: 2 h a day, 22 days, 2 queries each',
  invoicesPerPerson: 'people signing in (Cognito MAU): 25 at 10,000 invoices a month',
  minimumPeople: 'at least this many people sign in to a stage in a month',
  queueMessagesPerInvoice: 'invoice.uploaded / processed / approved webhook events and the approval’s sync',
  queueWorkerMs: 'a queue worker’s batch (a webhook POST or a bill to QuickBooks): not run here',
  pollersPerQueueSource: 'Lambda’s pollers per SQS event source, each long-polling around the clock',
  pollsPerPollerMinute: 'empty 20 s long polls per poller a minute',
  s3PutsPerInvoice: 'the upload and the extraction answer',
  s3GetsPerInvoice: 'Inspect, extraction, Normalize, previews',
  storedMonths: 'files are kept (no deletion policy yet): the month shown holds six months of uploads',
  tableBytesPerInvoice: 'invoice, lines, events, run record, GSI copies',
  logBytesPerInvocation: 'JSON log lines of one Lambda invocation, START/END/REPORT included',
  logBytesPerExecution: 'Step Functions logging at level ALL with execution data, per execution',
  logBytesPerApiRequest: 'API Gateway access log line per request',
  webRequestsPerApiRequest:
    'requests through CloudFront and WAF per API request: the SPA’s files on top (cached, mostly)',
  cloudfrontBytesPerInvoice: 'CloudFront out: API JSON, previews and downloads, the SPA',
  customMetrics:
    'Powertools metrics (functions/adapters/observability/metrics.ts), one `service` dimension each',
  kmsRequestsPerInvoice: 'secrets are decrypted once per cold start; webhook signing per event',
};
