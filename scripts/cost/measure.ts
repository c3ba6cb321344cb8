import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import { meterConsumedCapacity } from '../../functions/adapters/dynamodb/client';
import type { CapacityTotals } from '../../functions/adapters/dynamodb/consumed-capacity';
import { resourceFor } from '../../functions/api/routes';
import type { ExpenseAnalyzer } from '../../functions/core/extraction/expense-types';
import { IsolatedExpenseAnalyzer } from '../../functions/extraction';
import type { S3EventRecord } from '../../infra/local/emulators';
import { LOCAL_BUCKET, LOCAL_REGION } from '../../infra/local/local-config';
import {
  countTransitions,
  LocalWorkflowRunner,
  loadDefinition,
  localTextractHandlers,
} from '../../infra/local/workflow-runner';
import { type ApiRequest, authorizerEvent, proxyEvent } from '../../test/cloud-bundles/api-cases';
import { Harness, sourceModule, workflowStates } from '../../test/cloud-bundles/harness';
import type { Synthesized } from '../../test/cloud-bundles/synth';
import { fileForm, startTestStack, type TestStack } from '../../test/helpers/local-stack';
import { until } from '../../test/helpers/until';
import { corpusDir } from '../extraction/corpus';
import type { LambdaUse } from './bill';
import type { Route, RoutedDocument } from './textract-share';

const AUTHORIZER = 'functions/authorizer/handler.ts';
const INVOICES_API = 'functions/api/invoices/handler.ts';

/** One route's invoice, measured twice: the source under the local runtime, then the bundles. */
export interface RouteRun {
  route: Route;
  document: string;
  /** The source run: the upload request and the workflow, as `npm start` runs them. */
  source: { upload: CapacityTotals; workflow: CapacityTotals; transitions: number; status: string };
  /** The bundle run: every Lambda's handler time, the states run and the transitions of that run. */
  bundle: { lambda: LambdaUse[]; states: string[]; transitions: number; status: string };
}

export interface Measurements {
  runs: RouteRun[];
  /** A detail and a list request: capacity per request, and the bundles' warm handler times. */
  apiRequest: { capacity: CapacityTotals; lambda: LambdaUse[] };
  scheduledRun: Record<string, LambdaUse>;
  /** Cold starts seen (first invocation of each bundle), for the report only: the bill uses warm times. */
  coldStarts: Record<string, number>;
  timings: Record<string, number>;
}

/** Textract's answers computed once per file: the source and the bundle run read the same document. */
class AnswerOnce implements ExpenseAnalyzer {
  readonly #answers = new Map<string, ReturnType<ExpenseAnalyzer['analyze']>>();
  constructor(private readonly engine: ExpenseAnalyzer) {}
  analyze(doc: Parameters<ExpenseAnalyzer['analyze']>[0]) {
    const key = createHash('sha256').update(doc.bytes).digest('hex');
    let answer = this.#answers.get(key);
    if (!answer) {
      answer = this.engine.analyze(doc);
      this.#answers.set(key, answer);
    }
    return answer;
  }
}

const billed = (ms: number) => Math.max(1, Math.ceil(ms));

/**
 * Runs one document of each route the corpus takes through the real local parts: uploaded through the
 * API and processed by the local workflow runner (the deployed ASL) with DynamoDB's consumed capacity
 * counted, then uploaded again and processed by the synthesized bundles (test/cloud-bundles' harness),
 * each Lambda's handler timed warm. Also times the bundles of a detail and a list request and of each
 * scheduled function.
 */
export async function measure(
  synth: Synthesized,
  routed: RoutedDocument[],
  /** The functions EventBridge schedules invoke, by name (from the template). */
  scheduled: string[],
  log: (line: string) => void,
): Promise<Measurements> {
  const timings: Record<string, number> = {};
  const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[what] = performance.now() - started;
      log(`  ${what}: ${(timings[what] / 1000).toFixed(1)} s`);
    }
  };

  // Which runtime processes the next upload: the local runner (source) or this script (bundles).
  let phase: 'source' | 'bundle' = 'bundle';
  const created: string[] = [];
  let runner: LocalWorkflowRunner | undefined;
  const onObjectCreated = (record: S3EventRecord) => {
    if (!record.s3.object.key.startsWith('uploads/')) return;
    created.push(record.s3.object.key);
    if (phase === 'source') runner?.onObjectCreated(record);
  };
  const stack = await timed('local stack', () =>
    // The stack's own log lines (a gateway error's stack above all) are shown: a failed run says why.
    startTestStack({
      workflow: false,
      queueWorkers: false,
      onObjectCreated,
      log: (line) => log(`  stack: ${line}`),
    }),
  );
  const engine = new IsolatedExpenseAnalyzer();
  const textract = new AnswerOnce(engine);
  runner = new LocalWorkflowRunner({ analyzer: engine, textract, concurrency: 1, log });
  const meter = meterConsumedCapacity();
  let harness: Harness | undefined;
  try {
    harness = await Harness.start(synth, stack);
    // Each run uploads as a new organization's user: the same file uploaded twice in one organization
    // is a duplicate, which the workflow sends to review, and that is not the run being measured.
    const fresh = () => stack.newUser();
    const runs: RouteRun[] = [];
    const representatives = firstOfEachRoute(routed);
    // A warm-up so that every state's first (cold) invocation is not billed as a warm one.
    const [warmUp] = representatives;
    if (warmUp) {
      const { token } = await fresh();
      await timed(`bundles' cold starts (${warmUp.path})`, () =>
        bundleRun(harness as Harness, stack, token, warmUp, created, textract),
      );
    }
    const coldStarts = Object.fromEntries([...harness.timings].map(([name, ms]) => [name, ms[0]]));
    for (const doc of representatives) {
      const [sourceUser, bundleUser] = [await fresh(), await fresh()];
      phase = 'source';
      const source = await timed(`source run, ${doc.route} (${doc.path})`, () =>
        sourceRun(sourceUser.api, doc, runner as LocalWorkflowRunner, meter),
      );
      phase = 'bundle';
      const bundle = await timed(`bundle run, ${doc.route}`, () =>
        bundleRun(harness as Harness, stack, bundleUser.token, doc, created, textract),
      );
      runs.push({ route: doc.route, document: doc.path, source, bundle });
    }
    // An organization whose one invoice was processed: what its detail and list requests read.
    const user = await fresh();
    phase = 'source';
    if (representatives[0]) await sourceRun(user.api, representatives[0], runner, meter);
    const apiRequest = await timed('API requests (detail, list)', () =>
      apiRequests(harness as Harness, user.token, user.api, meter),
    );
    const scheduledRun = await timed('scheduled functions', () =>
      scheduledRuns(harness as Harness, synth, scheduled),
    );
    return { runs, apiRequest, scheduledRun, coldStarts, timings };
  } finally {
    await runner.stop();
    await engine.close();
    await harness?.stop();
    await stack.stop();
  }
}

function firstOfEachRoute(routed: RoutedDocument[]): RoutedDocument[] {
  const seen = new Map<Route, RoutedDocument>();
  for (const doc of routed) if (doc.route !== 'rejected' && !seen.has(doc.route)) seen.set(doc.route, doc);
  return [...seen.values()];
}

const bytesOf = (doc: RoutedDocument) => new Uint8Array(readFileSync(join(corpusDir, doc.path)));

type Api = ReturnType<TestStack['api']>;

async function statusOf(api: Api, id: string) {
  const invoice = (await (await api(`/api/invoices/${id}`)).json()) as { status: string };
  return invoice.status;
}

async function sourceRun(
  api: Api,
  doc: RoutedDocument,
  runner: LocalWorkflowRunner,
  meter: ReturnType<typeof meterConsumedCapacity>,
): Promise<RouteRun['source']> {
  meter.take();
  const before = runner.transitions;
  const response = await api('/api/invoices/upload', {
    method: 'POST',
    body: fileForm(bytesOf(doc), basename(doc.path)),
  });
  if (response.status !== 201)
    throw new Error(`Upload of ${doc.path}: ${response.status} ${await response.text()}`);
  const upload = meter.take();
  const { id } = (await response.json()) as { id: string };
  // The runner starts on the object's creation record, a moment after the answer.
  await until(`the run for ${doc.path}`, () => runner.pending > 0 || runner.transitions > before, 30_000);
  await runner.idle();
  const workflow = meter.take();
  return { upload, workflow, transitions: runner.transitions - before, status: await statusOf(api, id) };
}

/** An API request through the authorizer bundle and then the route's bundle, as API Gateway passes it. */
async function viaBundles(harness: Harness, token: string, request: ApiRequest) {
  const match = resourceFor(request.path.split('?')[0]);
  if (!match) throw new Error(`${request.path} matches no API resource`);
  const authorized = await harness.bundle(AUTHORIZER, authorizerEvent(request, match.pattern, token));
  if (!authorized.ok) throw new Error(`The authorizer refused ${request.path}: ${authorized.error?.message}`);
  const { principalId, context } = authorized.result as { principalId: string; context?: object };
  const answer = await harness.bundle(
    `functions/api/${match.resource.handler}/handler.ts`,
    proxyEvent(request, match.pattern, { ...(context ?? {}), principalId }, token),
  );
  if (!answer.ok) throw new Error(`${request.path}: ${answer.error?.name}: ${answer.error?.message}`);
  return {
    result: answer.result as { statusCode: number; body: string },
    ms: { authorizer: authorized.ms, handler: answer.ms },
    handler: `functions/api/${match.resource.handler}/handler.ts`,
  };
}

async function bundleRun(
  harness: Harness,
  stack: TestStack,
  token: string,
  doc: RoutedDocument,
  created: string[],
  textract: ExpenseAnalyzer,
): Promise<RouteRun['bundle']> {
  const name = (module: string) => harness.functionFor(module).name;
  const uses: LambdaUse[] = [];
  const use = (module: string, ms: number) =>
    uses.push({ name: name(module), invocations: 1, billedMs: billed(ms) });
  const form = new Response(fileForm(bytesOf(doc), basename(doc.path)));
  const before = created.length;
  const uploaded = await viaBundles(harness, token, {
    method: 'POST',
    path: '/api/invoices/upload',
    body: {
      bytes: Buffer.from(await form.arrayBuffer()),
      contentType: form.headers.get('content-type') as string,
    },
  });
  if (uploaded.result.statusCode !== 201)
    throw new Error(`Bundle upload of ${doc.path}: ${uploaded.result.statusCode} ${uploaded.result.body}`);
  use(AUTHORIZER, uploaded.ms.authorizer);
  use(INVOICES_API, uploaded.ms.handler);
  const objectKey = await until(`the object of ${doc.path}`, () => created.slice(before)[0]);
  const states: string[] = [];
  const handlers = Object.fromEntries(
    Object.entries(workflowStates()).map(([state, module]) => [
      state,
      async (input: unknown) => {
        const answer = await harness.bundle(module, input);
        states.push(state);
        use(module, answer.ms);
        if (!answer.ok) throw Object.assign(new Error(answer.error?.message), { name: answer.error?.name });
        return answer.result;
      },
    ]),
  );
  const execution = new StateMachine(loadDefinition(), {
    validationOptions: { checkArn: true, checkPaths: true },
  }).run({ bucket: LOCAL_BUCKET, objectKey } as never, {
    context: { Execution: { Id: `cost:${objectKey}` } },
    overrides: {
      taskResourceLocalHandlers: { ...handlers, ...localTextractHandlers(textract) } as never,
      waitTimeOverrides: { WaitForExtraction: 0, WaitForSlot: 200 },
    },
  });
  const [transitions] = await Promise.all([countTransitions(execution.eventLogs), execution.result]);
  const { id } = JSON.parse(uploaded.result.body) as { id: string };
  return { lambda: merge(uses), states, transitions, status: await statusOf(stack.api(token), id) };
}

/** Uses of the same function summed. */
function merge(uses: LambdaUse[]): LambdaUse[] {
  const byName = new Map<string, LambdaUse>();
  for (const u of uses) {
    const known = byName.get(u.name);
    byName.set(
      u.name,
      known
        ? { ...known, invocations: known.invocations + u.invocations, billedMs: known.billedMs + u.billedMs }
        : u,
    );
  }
  return [...byName.values()];
}

async function apiRequests(
  harness: Harness,
  token: string,
  api: Api,
  meter: ReturnType<typeof meterConsumedCapacity>,
): Promise<Measurements['apiRequest']> {
  const list = (await (await api('/api/invoices')).json()) as { items: { id: string }[] };
  const paths = [`/api/invoices/${list.items[0].id}`, '/api/invoices'];
  meter.take();
  for (const path of paths) await api(path);
  const capacity = meter.take();
  const uses: LambdaUse[] = [];
  for (const path of paths) {
    const { ms, handler } = await viaBundles(harness, token, { method: 'GET', path });
    uses.push(
      { name: harness.functionFor(AUTHORIZER).name, invocations: 1, billedMs: billed(ms.authorizer) },
      { name: harness.functionFor(handler).name, invocations: 1, billedMs: billed(ms.handler) },
    );
  }
  const per = (n: number) => n / paths.length;
  return {
    capacity: {
      readUnits: per(capacity.readUnits),
      writeUnits: per(capacity.writeUnits),
      transactionReadUnits: per(capacity.transactionReadUnits),
      transactionWriteUnits: per(capacity.transactionWriteUnits),
      calls: per(capacity.calls),
    },
    lambda: merge(uses).map((u) => ({ ...u, invocations: per(u.invocations), billedMs: per(u.billedMs) })),
  };
}

/** Each scheduled function's bundle, run with its EventBridge event twice; the second (warm) time is kept. */
async function scheduledRuns(
  harness: Harness,
  synth: Synthesized,
  names: string[],
): Promise<Record<string, LambdaUse>> {
  const out: Record<string, LambdaUse> = {};
  for (const name of names) {
    const fn = synth.functions.find((f) => f.name === name);
    const module = fn && sourceModule(synth, fn);
    if (!module) throw new Error(`A schedule invokes ${name}, which runs no module of ours`);
    const event = {
      version: '0',
      id: crypto.randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: '000000000000',
      time: new Date().toISOString(),
      region: LOCAL_REGION,
      resources: [],
      detail: {},
    };
    await harness.bundle(module, event);
    const warm = await harness.bundle(module, event);
    if (!warm.ok) throw new Error(`${name}: ${warm.error?.message}`);
    out[name] = { name, invocations: 1, billedMs: billed(warm.ms) };
  }
  return out;
}
