import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logError, logger } from './logger';
import { metrics, recordDecision, recordExtractionLatency, recordSyncOutcome } from './metrics';
import { observed } from './middleware';

/** Every line written to the console or to stdout while `run` runs, parsed when it is JSON. */
async function captureOutput(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const keep = (chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(keep),
    ...(['debug', 'info', 'log', 'warn', 'error'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(keep),
    ),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const apiEvent = { requestContext: { requestId: 'api-req-1', authorizer: { orgId: 'org-1' } } };
const lambdaContext = { functionName: 'dev-invoice-pilot-invoices', awsRequestId: 'aws-req-1' } as Context;

afterEach(() => {
  vi.unstubAllEnvs();
  metrics.clearMetrics();
});

describe('observed handlers', () => {
  it('log with the request ids and the principal’s organization, and only during the invocation', async () => {
    const handler = observed(async (_event: typeof apiEvent) => {
      logger.info('inside');
      return 'done';
    });
    const lines = await captureOutput(async () => {
      expect(await handler(apiEvent, lambdaContext)).toBe('done');
      logger.info('after');
    });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'inside',
        service: 'invoice-pilot',
        function_name: 'dev-invoice-pilot-invoices',
        function_request_id: 'aws-req-1',
        correlation_id: 'api-req-1',
        orgId: 'org-1',
      }),
      expect.not.objectContaining({ orgId: expect.anything() }),
    ]);
  });

  it('name the function and give each invocation its own id when a local caller passes no context', async () => {
    const handler = observed(async function claimState(input: { ctx: { orgId: string } }) {
      logger.info('claimed');
      return input.ctx.orgId;
    });
    const lines = await captureOutput(async () => {
      await handler({ ctx: { orgId: 'org-2' } });
      await handler({ ctx: { orgId: 'org-2' } });
    });
    expect(lines.map((l) => [l.function_name, l.orgId])).toEqual([
      ['claimState', 'org-2'],
      ['claimState', 'org-2'],
    ]);
    expect(lines[0].function_request_id).not.toBe(lines[1].function_request_id);
  });

  it('keep concurrent invocations’ organizations apart, as one local process runs them all', async () => {
    const handler = observed(async function decideState(input: { ctx: { orgId: string } }) {
      await new Promise((resolve) => setTimeout(resolve, input.ctx.orgId === 'org-a' ? 30 : 5));
      logger.info('decided');
    });
    const lines = await captureOutput(async () => {
      await Promise.all([handler({ ctx: { orgId: 'org-a' } }), handler({ ctx: { orgId: 'org-b' } })]);
    });
    expect(lines.map((l) => l.orgId)).toEqual(['org-b', 'org-a']);
  });

  it('pass a handler’s error on without logging it twice, and log errors one way: message, name, stack', async () => {
    const handler = observed(async () => {
      throw new Error('Table is gone');
    });
    const lines = await captureOutput(async () => {
      await expect(handler(apiEvent, lambdaContext)).rejects.toThrow('Table is gone');
      logError('Counting the API call failed', new Error('Throttled'), { orgId: 'org-1' });
      logError('Something odd was thrown', 'a string');
    });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'ERROR',
        message: 'Counting the API call failed',
        orgId: 'org-1',
        error: expect.objectContaining({ name: 'Error', message: 'Throttled', stack: expect.any(String) }),
      }),
      expect.objectContaining({ level: 'ERROR', message: 'Something odd was thrown', error: 'a string' }),
    ]);
  });
});

describe('metrics', () => {
  const recordAll = () => {
    recordDecision({ status: 'PROCESSED' });
    recordDecision({ status: 'REVIEW_REQUIRED' });
    recordDecision(null); // A run decided before (a retried Decide): nothing to count.
    recordExtractionLatency('2026-11-26T10:00:00.000Z', new Date('2026-11-26T10:00:04.250Z'));
    recordExtractionLatency(undefined); // A run claimed before claims were timed.
    recordSyncOutcome('SYNCED');
    recordSyncOutcome('RETRYING');
    recordSyncOutcome('FAILED');
  };

  it('are sent by a Lambda invocation as one EMF line, in the InvoicePilot namespace', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'dev-invoice-pilot-decide');
    const handler = observed(async () => recordAll());
    const lines = await captureOutput(() => handler({}, lambdaContext));
    expect(lines).toHaveLength(1);
    const [emf] = lines as [Record<string, unknown> & { _aws: { CloudWatchMetrics: unknown[] } }];
    expect(emf._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'InvoicePilot',
        Dimensions: [['service']],
        Metrics: [
          { Name: 'InvoicesProcessed', Unit: 'Count' },
          { Name: 'ReviewRate', Unit: 'Percent' },
          { Name: 'ExtractionLatency', Unit: 'Milliseconds' },
          { Name: 'SyncSucceeded', Unit: 'Count' },
          { Name: 'SyncRetrying', Unit: 'Count' },
          { Name: 'SyncFailed', Unit: 'Count' },
        ],
      },
    ]);
    expect(emf).toMatchObject({
      service: 'invoice-pilot',
      InvoicesProcessed: [1, 1],
      ReviewRate: [0, 100],
      ExtractionLatency: 4250,
      SyncSucceeded: 1,
      SyncRetrying: 1,
      SyncFailed: 1,
    });
  });

  it('are not sent outside Lambda, and do not carry over to the next invocation', async () => {
    const handler = observed(async () => recordAll());
    expect(await captureOutput(() => handler({}))).toEqual([]);
    expect(metrics.hasStoredMetrics()).toBe(false);
  });
});
