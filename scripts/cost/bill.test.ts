import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS } from './assumptions';
import { bill, lambdaCost, type Measured } from './bill';
import { PRICES } from './prices';
import type { Infrastructure } from './template';

/** A stage of a few parts, as readInfrastructure gives it. */
const infra: Infrastructure = {
  functions: [
    { name: 'p-state-inspect', memoryMb: 2048, architecture: 'x86_64' },
    { name: 'p-api-invoices', memoryMb: 1024, architecture: 'arm64' },
    { name: 'p-authorizer', memoryMb: 512, architecture: 'arm64' },
    { name: 'p-worker-abandoned-uploads', memoryMb: 256, architecture: 'arm64' },
    { name: 'p-worker-webhook-delivery', memoryMb: 512, architecture: 'arm64' },
    { name: 'p-worker-integration-sync', memoryMb: 512, architecture: 'arm64' },
  ],
  alarms: 10,
  webAcls: [{ name: 'acl', rules: 2 }],
  kmsKeys: 2,
  secrets: 1,
  logGroups: [
    { name: 'a', retentionDays: 90 },
    { name: 'b', retentionDays: 14 },
  ],
  stateMachines: [{ name: 'flow', type: 'STANDARD', logLevel: 'ALL' }],
  queues: [
    { name: 'q', deadLetter: false },
    { name: 'dlq', deadLetter: true },
  ],
  queuePollers: 2,
  tables: [{ billingMode: 'PAY_PER_REQUEST', pointInTimeRecovery: true, globalIndexes: 2 }],
  buckets: 1,
  userPools: [{ tier: 'PLUS' }],
  schedules: [{ expression: 'rate(1 hour)', runsPerMonth: 720, targets: ['p-worker-abandoned-uploads'] }],
  restApis: 1,
  distributions: 1,
};

/** One invoice of a mix where 1 document in 4 reaches Textract with 2 pages. */
const measured: Measured = {
  textract: { documents: 4, textractDocuments: 1, textractPages: 2, source: 'test' },
  invoice: {
    transitions: 12,
    lambda: [
      { name: 'p-state-inspect', invocations: 1, billedMs: 1500 },
      { name: 'p-api-invoices', invocations: 1, billedMs: 200 },
    ],
    readUnits: 20,
    writeUnits: 100,
  },
  apiRequest: {
    lambda: [
      { name: 'p-api-invoices', invocations: 0.5, billedMs: 30 },
      { name: 'p-authorizer', invocations: 1, billedMs: 10 },
    ],
    readUnits: 2,
    writeUnits: 0,
  },
  scheduledRun: {
    'p-worker-abandoned-uploads': { name: 'p-worker-abandoned-uploads', invocations: 1, billedMs: 40 },
  },
  averageFileBytes: 100_000,
};

const line = (b: ReturnType<typeof bill>, service: string) => {
  const found = b.lines.find((l) => l.service.startsWith(service));
  if (!found) throw new Error(`no line ${service}`);
  return found;
};

describe('lambdaCost', () => {
  it('prices GB-seconds by the template’s memory and architecture, plus each request', () => {
    const { gbSeconds, dollars } = lambdaCost(infra, [
      { name: 'p-state-inspect', invocations: 2, billedMs: 3000 },
      { name: 'p-api-invoices', invocations: 4, billedMs: 1000 },
    ]);
    // 2 GB × 3 s on x86_64, 1 GB × 1 s on arm64.
    expect(gbSeconds).toBeCloseTo(7, 10);
    expect(dollars).toBeCloseTo(
      6 * PRICES.lambda.gbSecond.x86_64 +
        1 * PRICES.lambda.gbSecond.arm64 +
        (6 * PRICES.lambda.perMillionRequests) / 1e6,
      12,
    );
  });

  it('refuses a use of a function the template does not have', () => {
    expect(() => lambdaCost(infra, [{ name: 'nope', invocations: 1, billedMs: 1 }])).toThrow(
      /no function nope/,
    );
  });
});

describe('bill', () => {
  const volumes = [1_000, 10_000, 100_000].map((n) => bill(infra, measured, ASSUMPTIONS, n));

  it('bills Textract by the pages of the documents that reach it', () => {
    const [thousand] = volumes;
    // 2 pages per 4 documents: 500 pages on 1,000 invoices.
    expect(line(thousand, 'Textract').variable).toBeCloseTo(500 * PRICES.textractPerPage, 10);
    expect(line(thousand, 'Textract').usage).toContain('25.0 % of documents');
  });

  it('bills the measured transitions and table units per invoice', () => {
    const [thousand] = volumes;
    expect(line(thousand, 'Step Functions').variable).toBeCloseTo(
      12 * PRICES.stepFunctionsPerThousandTransitions,
      10,
    );
    const people = Math.max(ASSUMPTIONS.minimumPeople, 1000 / ASSUMPTIONS.invoicesPerPerson);
    const otherRequests =
      1000 * (ASSUMPTIONS.apiRequestsPerInvoice - 1) + people * ASSUMPTIONS.dashboardRequestsPerPersonMonth;
    const tableGb = (1000 * ASSUMPTIONS.storedMonths * ASSUMPTIONS.tableBytesPerInvoice) / 1024 ** 3;
    expect(line(thousand, 'DynamoDB').variable).toBeCloseTo(
      ((100 * 1000) / 1e6) * PRICES.dynamodb.perMillionWriteUnits +
        ((20 * 1000 + 2 * otherRequests) / 1e6) * PRICES.dynamodb.perMillionReadUnits +
        tableGb * (PRICES.dynamodb.storageGbMonth + PRICES.dynamodb.pitrGbMonth),
      10,
    );
    expect(line(thousand, 'Lambda, upload and workflow').variable).toBeCloseTo(
      lambdaCost(infra, [
        { name: 'p-state-inspect', invocations: 1000, billedMs: 1_500_000 },
        { name: 'p-api-invoices', invocations: 1000, billedMs: 200_000 },
      ]).dollars,
      10,
    );
  });

  it('pays the template’s fixed parts once a month at every volume', () => {
    for (const b of volumes) {
      expect(line(b, 'KMS').fixed).toBe(2 * PRICES.kms.keyMonth);
      expect(line(b, 'CloudWatch alarms').fixed).toBeCloseTo(10 * PRICES.cloudwatch.alarmMonth, 10);
      expect(line(b, 'WAF').fixed).toBe(PRICES.waf.webAclMonth + 2 * PRICES.waf.ruleMonth);
      expect(line(b, 'Secrets Manager').fixed).toBeCloseTo(PRICES.secretMonth, 10);
      // The hourly schedule's 720 warm runs.
      expect(line(b, 'Lambda, schedules').fixed).toBeCloseTo(
        lambdaCost(infra, [{ name: 'p-worker-abandoned-uploads', invocations: 720, billedMs: 720 * 40 }])
          .dollars,
        12,
      );
    }
  });

  it('totals its lines, and the cost per 1,000 invoices falls as the fixed part is shared', () => {
    for (const b of volumes) {
      expect(b.total).toBeCloseTo(
        b.lines.reduce((n, l) => n + l.fixed + l.variable, 0),
        10,
      );
      expect(b.perThousand).toBeCloseTo((b.total / b.invoices) * 1000, 10);
      expect(b.lines.every((l) => l.basis.length > 0)).toBe(true);
    }
    const [a, b, c] = volumes.map((v) => v.perThousand);
    expect(a).toBeGreaterThan(b);
    expect(b).toBeGreaterThan(c);
    // Variable parts scale with the volume: ten times the invoices, ten times Textract.
    expect(line(volumes[1], 'Textract').variable).toBeCloseTo(10 * line(volumes[0], 'Textract').variable, 8);
  });

  it('holds the longest retention’s worth of logs, and counts a group without retention as never expiring', () => {
    const [thousand] = volumes;
    expect(line(thousand, 'CloudWatch Logs').usage).toContain('90-day retention');
    const forever = bill(
      { ...infra, logGroups: [{ name: 'x', retentionDays: null }] },
      measured,
      ASSUMPTIONS,
      1000,
    );
    expect(line(forever, 'CloudWatch Logs').usage).toContain('3650-day retention');
    expect(line(forever, 'CloudWatch Logs').variable).toBeGreaterThan(
      line(thousand, 'CloudWatch Logs').variable,
    );
  });

  it('prices monthly active users by the pool’s feature plan, at least the minimum of people', () => {
    const [thousand] = volumes;
    const people = Math.max(ASSUMPTIONS.minimumPeople, 1000 / ASSUMPTIONS.invoicesPerPerson);
    expect(line(thousand, 'Cognito (PLUS)').variable).toBeCloseTo(people * PRICES.cognitoMau.PLUS, 10);
  });
});
