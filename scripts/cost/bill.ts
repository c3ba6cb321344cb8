import type { Assumptions } from './assumptions';
import { PRICES } from './prices';
import type { Infrastructure } from './template';

/** A Lambda function's billed time, as measured for one unit of work (an invoice, a request, a run). */
export interface LambdaUse {
  name: string;
  invocations: number;
  /** Milliseconds billed over those invocations (each rounded up to the millisecond). */
  billedMs: number;
}

/** What was measured on this machine (measure.ts), per unit of work. */
export interface Measured {
  /** Where Textract is paid, over a set of documents: how many reach it, and their pages. */
  textract: { documents: number; textractDocuments: number; textractPages: number; source: string };
  /** One invoice: its upload request and its workflow run, weighted over the document mix. */
  invoice: { transitions: number; lambda: LambdaUse[]; readUnits: number; writeUnits: number };
  /** Any other API request (detail, list): its handler and the authorizer in front of it. */
  apiRequest: { lambda: LambdaUse[]; readUnits: number; writeUnits: number };
  /** One run of each scheduled function, by name. */
  scheduledRun: Record<string, LambdaUse>;
  averageFileBytes: number;
}

export interface Line {
  service: string;
  usage: string;
  /** Where the line's quantities come from: measured here, read from the template, or assumed. */
  basis: string;
  /** Dollars a month whatever the volume (keys, ACLs, alarms, schedules, pollers). */
  fixed: number;
  /** Dollars a month at this volume for the work itself. */
  variable: number;
}

export interface Bill {
  invoices: number;
  lines: Line[];
  total: number;
  perThousand: number;
}

const GB = 1024 ** 3;
const round = (n: number) => Math.round(n).toLocaleString('en-US');

/** The price of Lambda use, by the architecture and memory the template gives each function. */
export function lambdaCost(infra: Infrastructure, uses: LambdaUse[]): { gbSeconds: number; dollars: number } {
  let gbSeconds = 0;
  let dollars = 0;
  for (const use of uses) {
    const fn = infra.functions.find((f) => f.name === use.name);
    if (!fn) throw new Error(`The template has no function ${use.name}`);
    const gbs = (fn.memoryMb / 1024) * (use.billedMs / 1000);
    gbSeconds += gbs;
    dollars +=
      gbs * PRICES.lambda.gbSecond[fn.architecture] +
      (use.invocations * PRICES.lambda.perMillionRequests) / 1e6;
  }
  return { gbSeconds, dollars };
}

/** Lambda use times a count (invocations and billed time both scale). */
const times = (uses: LambdaUse[], n: number): LambdaUse[] =>
  uses.map((u) => ({ ...u, invocations: u.invocations * n, billedMs: u.billedMs * n }));

/**
 * One stage's monthly bill at `invoices` a month, line by line. Fixed parts (web ACLs, keys, alarms,
 * schedules, idle queue polling) are paid once a month, so their share per 1,000 invoices falls as
 * the volume rises.
 */
export function bill(infra: Infrastructure, measured: Measured, assume: Assumptions, invoices: number): Bill {
  const people = Math.max(assume.minimumPeople, invoices / assume.invoicesPerPerson);
  const otherRequests =
    invoices * (assume.apiRequestsPerInvoice - 1) + people * assume.dashboardRequestsPerPersonMonth;
  const apiRequests = invoices + otherRequests;
  const scheduled = Object.entries(measured.scheduledRun).flatMap(([name, use]) => {
    const runs = infra.schedules
      .filter((s) => s.targets.includes(name))
      .reduce((n, s) => n + s.runsPerMonth, 0);
    return times([use], runs);
  });
  const queueMessages = invoices * assume.queueMessagesPerInvoice;
  const workerUses = infra.functions
    .filter((f) => /-worker-(webhook-delivery|integration-sync)$/.test(f.name))
    .map((f) => ({
      name: f.name,
      invocations: queueMessages / 2,
      billedMs: (queueMessages / 2) * assume.queueWorkerMs,
    }));
  const workflowLambda = lambdaCost(infra, times(measured.invoice.lambda, invoices));
  const apiLambda = lambdaCost(infra, times(measured.apiRequest.lambda, otherRequests));
  const scheduledLambda = lambdaCost(infra, scheduled);
  const workerLambda = lambdaCost(infra, workerUses);

  const transitions = measured.invoice.transitions * invoices;
  const stateMachines = infra.stateMachines.filter((m) => m.type === 'STANDARD').length;

  const readUnits = measured.invoice.readUnits * invoices + measured.apiRequest.readUnits * otherRequests;
  const writeUnits = measured.invoice.writeUnits * invoices + measured.apiRequest.writeUnits * otherRequests;
  const tableGb = (invoices * assume.storedMonths * assume.tableBytesPerInvoice) / GB;
  const pitr = infra.tables.some((t) => t.pointInTimeRecovery);
  const onDemand = infra.tables.every((t) => t.billingMode === 'PAY_PER_REQUEST');

  const storedGb = (invoices * assume.storedMonths * measured.averageFileBytes) / GB;
  const puts = invoices * assume.s3PutsPerInvoice;
  const gets = invoices * assume.s3GetsPerInvoice;

  const textractShare = measured.textract.textractDocuments / measured.textract.documents;
  const pages = (invoices * measured.textract.textractPages) / measured.textract.documents;

  const idlePolls =
    infra.queuePollers * assume.pollersPerQueueSource * assume.pollsPerPollerMinute * 30 * 24 * 60;
  // Each message is sent, received and deleted.
  const queueRequests = queueMessages * 3;

  const webRequests = apiRequests * assume.webRequestsPerApiRequest;
  const rules = infra.webAcls.reduce((n, a) => n + a.rules, 0);

  const count = (uses: LambdaUse[]) => uses.reduce((n, u) => n + u.invocations, 0);
  const invocations =
    count(measured.invoice.lambda) * invoices +
    count(measured.apiRequest.lambda) * otherRequests +
    count(scheduled) +
    queueMessages;
  const logGb =
    (invocations * assume.logBytesPerInvocation +
      invoices * stateMachines * assume.logBytesPerExecution +
      apiRequests * assume.logBytesPerApiRequest) /
    GB;
  // A group without retention keeps its logs for ever: counted as ten years. With no group in the
  // template, Lambda's own groups are made at first log, without retention.
  const retention = Math.max(...infra.logGroups.map((g) => g.retentionDays ?? 3650), 0) || 3650;
  // What is held at any time: the last `retention` days of ingest (the longest retention of any group).
  const storedLogGb = logGb * (Math.min(retention, 3650) / 30);

  const lines: Line[] = [
    {
      service: 'Textract AnalyzeExpense',
      basis: "measured: share and pages of the corpus's documents routed to it",
      usage: `${round(pages)} pages (${(100 * textractShare).toFixed(1)} % of documents reach it)`,
      fixed: 0,
      variable: pages * PRICES.textractPerPage,
    },
    {
      service: 'Step Functions (Standard)',
      basis: 'measured: transitions counted by the local runner on the ASL',
      usage: `${round(transitions)} state transitions (${measured.invoice.transitions.toFixed(1)} per invoice)`,
      fixed: 0,
      variable: (transitions / 1000) * PRICES.stepFunctionsPerThousandTransitions,
    },
    {
      service: 'Lambda, upload and workflow',
      basis: 'measured: warm bundle handler ms; template: memory, architecture',
      usage: `${round(workflowLambda.gbSeconds)} GB-s (${((workflowLambda.gbSeconds / invoices) * 1000).toFixed(0)} GB-ms per invoice)`,
      fixed: 0,
      variable: workflowLambda.dollars,
    },
    {
      service: 'Lambda, API and authorizer',
      basis: 'measured: warm bundle ms per request; assumed: requests',
      usage: `${round(otherRequests)} other requests, ${round(apiLambda.gbSeconds)} GB-s`,
      fixed: 0,
      variable: apiLambda.dollars,
    },
    {
      service: 'Lambda, queue workers',
      basis: 'assumed: messages and ms; template: memory, architecture',
      usage: `${round(queueMessages)} messages, ${round(workerLambda.gbSeconds)} GB-s`,
      fixed: 0,
      variable: workerLambda.dollars,
    },
    {
      service: 'Lambda, schedules',
      basis: 'measured: warm bundle ms; template: schedules, memory',
      usage: `${round(count(scheduled))} runs, ${round(scheduledLambda.gbSeconds)} GB-s`,
      fixed: scheduledLambda.dollars,
      variable: 0,
    },
    {
      service: 'API Gateway (REST)',
      basis: 'assumed: requests per invoice and per person',
      usage: `${round(apiRequests)} requests`,
      fixed: 0,
      variable: (apiRequests / 1e6) * PRICES.apiGatewayPerMillionRequests * infra.restApis,
    },
    {
      service: `DynamoDB (${onDemand ? 'on-demand' : 'provisioned: priced as on-demand'})`,
      basis: 'measured: RRU/WRU (ReturnConsumedCapacity); assumed: bytes stored',
      usage: `${round(writeUnits)} WRU, ${round(readUnits)} RRU, ${tableGb.toFixed(2)} GB${pitr ? ' + PITR' : ''}`,
      fixed: 0,
      variable:
        (writeUnits / 1e6) * PRICES.dynamodb.perMillionWriteUnits +
        (readUnits / 1e6) * PRICES.dynamodb.perMillionReadUnits +
        tableGb * (PRICES.dynamodb.storageGbMonth + (pitr ? PRICES.dynamodb.pitrGbMonth : 0)),
    },
    {
      service: 'S3',
      basis: 'measured: file size; assumed: requests, months kept',
      usage: `${storedGb.toFixed(1)} GB stored (${assume.storedMonths} months), ${round(puts)} PUT, ${round(gets)} GET`,
      fixed: 0,
      variable:
        storedGb * PRICES.s3.storageGbMonth +
        (puts / 1000) * PRICES.s3.perThousandPuts +
        (gets / 1000) * PRICES.s3.perThousandGets,
    },
    {
      service: 'SQS',
      basis: 'template: event sources; assumed: messages, pollers',
      usage: `${round(queueRequests)} message requests + ${round(idlePolls)} empty polls (${infra.queuePollers} event sources)`,
      fixed: (idlePolls / 1e6) * PRICES.sqsPerMillionRequests,
      variable: (queueRequests / 1e6) * PRICES.sqsPerMillionRequests,
    },
    {
      service: 'CloudFront',
      basis: 'assumed: bytes and requests',
      usage: `${((invoices * assume.cloudfrontBytesPerInvoice) / GB).toFixed(1)} GB out, ${round(webRequests)} requests`,
      fixed: 0,
      variable:
        infra.distributions *
        (((invoices * assume.cloudfrontBytesPerInvoice) / GB) * PRICES.cloudfront.perGbOut +
          (webRequests / 10_000) * PRICES.cloudfront.perTenThousandHttpsRequests),
    },
    {
      service: 'WAF',
      basis: 'template: web ACLs, rules; assumed: requests',
      usage: `${infra.webAcls.length} web ACL, ${rules} rules, ${round(webRequests)} requests`,
      fixed: infra.webAcls.length * PRICES.waf.webAclMonth + rules * PRICES.waf.ruleMonth,
      variable: (webRequests / 1e6) * PRICES.waf.perMillionRequests * Math.min(1, infra.webAcls.length),
    },
    {
      service: 'KMS',
      basis: 'template: keys; assumed: requests',
      usage: `${infra.kmsKeys} customer-managed keys`,
      fixed: infra.kmsKeys * PRICES.kms.keyMonth,
      variable: ((invoices * assume.kmsRequestsPerInvoice) / 10_000) * PRICES.kms.perTenThousandRequests,
    },
    {
      service: 'Secrets Manager',
      basis: 'template',
      usage: `${infra.secrets} secrets`,
      fixed: infra.secrets * PRICES.secretMonth,
      variable: 0,
    },
    {
      service: 'CloudWatch alarms',
      basis: 'template',
      usage: `${infra.alarms} alarms`,
      fixed: infra.alarms * PRICES.cloudwatch.alarmMonth,
      variable: 0,
    },
    {
      service: 'CloudWatch custom metrics',
      basis: 'assumed: the metrics the code emits',
      usage: `${assume.customMetrics} metrics`,
      fixed: assume.customMetrics * PRICES.cloudwatch.customMetricMonth,
      variable: 0,
    },
    {
      service: 'CloudWatch Logs',
      basis: 'template: retention; assumed: bytes per line',
      usage: `${logGb.toFixed(2)} GB ingested, ${storedLogGb.toFixed(2)} GB held (${retention}-day retention)`,
      fixed: 0,
      variable: logGb * PRICES.cloudwatch.logsIngestedGb + storedLogGb * PRICES.cloudwatch.logsStoredGbMonth,
    },
    {
      service: 'X-Ray',
      basis: 'assumed: one trace per request and run',
      usage: `${round(apiRequests + invoices)} traces`,
      fixed: 0,
      variable: ((apiRequests + invoices) / 1e6) * PRICES.xrayPerMillionTraces,
    },
    ...infra.userPools.map((pool) => ({
      service: `Cognito (${pool.tier})`,
      basis: 'template: feature plan; assumed: people',
      usage: `${round(people)} monthly active users`,
      fixed: 0,
      variable: people * (PRICES.cognitoMau[pool.tier] ?? PRICES.cognitoMau.ESSENTIALS),
    })),
  ];
  const total = lines.reduce((n, l) => n + l.fixed + l.variable, 0);
  return { invoices, lines, total, perThousand: (total / invoices) * 1000 };
}
