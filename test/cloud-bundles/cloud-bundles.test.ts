import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { StateMachine } from 'aws-local-stepfunctions';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { registerProcessingStarter } from '../../functions/adapters/workflow/processing-starter';
import { API_RESOURCES } from '../../functions/api/routes';
import { resetEnv } from '../../functions/env';
import { IsolatedExpenseAnalyzer } from '../../functions/extraction';
import { INBOUND_MAIL_PREFIX } from '../../functions/workers/email-ingest/inbound-mail';
import { LOCAL_BUCKET, LOCAL_REGION } from '../../infra/local/local-config';
import { loadDefinition, localTextractHandlers } from '../../infra/local/workflow-runner';
import { fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { until } from '../helpers/until';
import { invoicePdf, plumbingInvoice, scanOf } from '../integration/pipeline-invoices';
import { type ApiCase, apiCases, authorizerEvent, proxyEvent } from './api-cases';
import { apiAnswer, outcome } from './compare';
import { Harness, LOCAL_INBOUND_BUCKET, sourceModule, workflowStates } from './harness';
import type { Invocation } from './sandbox';
import { type Synthesized, synthesizeApp } from './synth';

/**
 * What `cdk deploy` ships, run against the local parts: every Lambda function of the synthesized app,
 * from its staged asset, with its template's Handler and Environment (references resolved to the local
 * parts), in a fresh Node process that resolves nothing from the repo, invoked with an event of its
 * trigger and checked against what its source module answers for the same kind of event under the local
 * runtime. See test/cloud-bundles/README.md.
 */
let synth: Synthesized;
let stack: TestStack;
let harness: Harness;
let token: string;
let orgInbox: string;
let pdf: Buffer;
let scan: Buffer;
let receiver: Server;
let receiverUrl: string;
const objectKeys: string[] = [];
const sourceStarts: unknown[] = [];
const mismatches: { label: string; source: unknown; bundle: unknown; stderr?: string }[] = [];

const AUTHORIZER = 'functions/authorizer/handler.ts';
/**
 * Bundled packages that load a native addon with a runtime require esbuild cannot follow, so the addon is
 * not in the bundle's sources: pdfjs-dist polyfills DOMMatrix from @napi-rs/canvas as it loads.
 */
const RUNTIME_NATIVE: Record<string, string> = { 'pdfjs-dist': '@napi-rs/canvas' };

beforeAll(async () => {
  // The emulators boot in their own processes while this one synthesizes.
  const starting = startTestStack({
    workflow: false,
    queueWorkers: false,
    onObjectCreated: (record) => objectKeys.push(record.s3.object.key),
  });
  const synthStarted = performance.now();
  synth = synthesizeApp();
  console.log(
    `synth with bundling: ${Math.round(performance.now() - synthStarted)} ms, ${synth.functions.length} functions`,
  );
  stack = await starting;
  harness = await Harness.start(synth, stack);
  // Settings the local runtime has no counterpart of, given to the source as the template gives them to
  // the bundle: the inbound-mail bucket (locally mail arrives by SMTP) and the usage-plan keys (locally
  // there is no API Gateway usage plan).
  process.env.INBOUND_MAIL_BUCKET = LOCAL_INBOUND_BUCKET;
  process.env.USAGE_PLAN_KEYS = harness.environment(harness.functionFor(AUTHORIZER)).USAGE_PLAN_KEYS;
  resetEnv();
  // The source's reprocessing start, recorded as the bundle's StartExecution is by the bridge.
  registerProcessingStarter({ start: async (input) => void sourceStarts.push(input) });
  const user = await stack.newUser();
  token = user.token;
  const organization = (await (await user.api('/api/organization/current')).json()) as {
    inboxAddress: string;
  };
  orgInbox = organization.inboxAddress;
  // Two pages (the invoice and its terms): the workflow's Split state reads a multi-page text PDF too.
  pdf = await invoicePdf(plumbingInvoice(), undefined, { termsPage: true });
  // The same two pages printed and scanned back (no text layer): Textract reads it, then SplitRead looks.
  scan = await scanOf(pdf);
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
}, 240_000);

afterAll(async () => {
  if (harness) {
    const figures = [...harness.timings].map(
      ([name, ms]) => `${name}: ${ms.map((m) => Math.round(m)).join(' ')}`,
    );
    console.log(`bundle handler times (ms, first is the cold start):\n${figures.join('\n')}`);
    await harness.stop();
  }
  receiver?.close();
  await stack?.stop();
});

/** Runs one event through the source and the bundle and records a mismatch of their outcomes. */
async function compare(
  label: string,
  module: string,
  event: (runtime: 'source' | 'bundle') => unknown | Promise<unknown>,
  answer?: (result: unknown) => unknown,
) {
  const source = outcome(await harness.source(module, await event('source')), answer);
  const bundled = outcome(await harness.bundle(module, await event('bundle')), answer);
  if (JSON.stringify(source) !== JSON.stringify(bundled)) {
    mismatches.push({ label, source, bundle: bundled, stderr: harness.stderrOf(module).slice(-2000) });
  }
  return { source, bundled };
}

const drain = () => mismatches.splice(0);

describe('the synthesized app', () => {
  it('has a source module for every function of ours, and only CDK-owned handlers besides', () => {
    const ours = synth.functions.filter((f) => sourceModule(synth, f));
    const others = synth.functions.filter((f) => !sourceModule(synth, f));
    expect(ours.length).toBeGreaterThan(30);
    for (const fn of ours) {
      // ARM64 unless the function ships a native package (its binary's architecture, see the next test).
      const shipsNative = existsSync(join(fn.assetDir, 'node_modules'));
      expect({ fn: fn.name, runtime: fn.runtime, architectures: fn.architectures }).toEqual({
        fn: fn.name,
        runtime: 'nodejs22.x',
        architectures: shipsNative ? ['x86_64'] : ['arm64'],
      });
      expect(existsSync(join(fn.assetDir, 'index.mjs')), `${fn.name}: index.mjs in its asset`).toBe(true);
    }
    // CDK's own custom-resource handlers (auto-delete objects, bucket notifications, bucket deployment).
    for (const fn of others) expect(fn.logicalId).toMatch(/^(Custom|BucketNotificationsHandler)/);
  });

  it('ships every native binary a bundle needs, for its declared architecture', () => {
    const report: string[] = [];
    for (const fn of synth.functions.filter((f) => sourceModule(synth, f))) {
      const map = JSON.parse(readFileSync(join(fn.assetDir, 'index.mjs.map'), 'utf8')) as {
        sources: string[];
      };
      const bundled = new Set(map.sources.map(packageOf).filter((p): p is string => !!p));
      const needed = [
        ...[...bundled].filter(isNative),
        ...Object.entries(RUNTIME_NATIVE).flatMap(([pkg, addon]) => (bundled.has(pkg) ? [addon] : [])),
      ];
      const cpu = fn.architectures[0] === 'arm64' ? 'arm64' : 'x64';
      const binaries = filesUnder(fn.assetDir).filter((f) => f.endsWith('.node'));
      for (const pkg of needed) {
        report.push(
          `${fn.name} (${fn.architectures[0]}): ${pkg} → ${binaries.map((b) => b.split('/node_modules/').at(-1)).join(', ') || 'none'}`,
        );
        expect(
          existsSync(join(fn.assetDir, 'node_modules', pkg, 'package.json')),
          `${fn.name} ships ${pkg}`,
        ).toBe(true);
        expect(
          binaries.some((b) => b.includes(`linux-${cpu}`)),
          `${fn.name} needs ${pkg} but ships no linux-${cpu} binary`,
        ).toBe(true);
      }
    }
    console.log(`native packages needed by bundles:\n${report.join('\n') || 'none'}`);
  });

  it('loads CDK’s own Node.js custom-resource handler from its asset', async () => {
    for (const fn of synth.functions.filter(
      (f) => !sourceModule(synth, f) && f.runtime.startsWith('nodejs'),
    )) {
      const file = join(fn.assetDir, `${fn.handler.split('.')[0]}.js`);
      expect(existsSync(file), `${fn.name}: ${file}`).toBe(true);
    }
  });
});

describe('each bundle answers as its source does', () => {
  it('the authorizer: a signed-in user, and a request without a token', async () => {
    const request = { method: 'GET', path: '/api/auth/user' };
    await compare('authorizer, bearer', AUTHORIZER, () => authorizerEvent(request, '/api/auth/user', token));
    await compare('authorizer, no token', AUTHORIZER, () => authorizerEvent(request, '/api/auth/user'));
    expect(drain()).toEqual([]);
  });

  it('every API route, through the authorizer where the route has one', async () => {
    const doc = JSON.parse(
      (
        (
          await harness.source(
            'functions/api/openapi/handler.ts',
            proxyEvent({ method: 'GET', path: '/api/openapi.json' }, '/api/openapi.json', null),
          )
        ).result as { body: string }
      ).body,
    );
    const uploaded = await stack.api(token)('/api/invoices/upload', {
      method: 'POST',
      body: fileForm(pdf, 'fixture.pdf'),
    });
    const invoiceId = ((await uploaded.json()) as { id: string }).id;
    const cases = apiCases(doc, { invoiceId, pdf, webhookUrl: receiverUrl });
    const statuses: string[] = [];
    for (const c of cases) {
      const module = `functions/api/${c.resource.handler}/handler.ts`;
      const { source } = await compare(c.label, module, (runtime) => apiEvent(c, runtime), apiAnswer);
      statuses.push(
        `${c.label} ${(source as { answer?: { statusCode?: number } }).answer?.statusCode ?? 'error'}`,
      );
    }
    console.log(`API cases (${cases.length}): ${statuses.join('; ')}`);
    // Reprocessing writes its start to the outbox, so the API functions start no execution themselves
    // (no API role holds states:StartExecution): the stack's relay starts both runs, the source's and
    // the bundle's (they share the table).
    await stack.outbox.drained();
    expect(sourceStarts.length).toBe(2);
    expect(harness.bridge.calls.started).toEqual([]);
    // Every path of every resource got at least one case.
    const patterns = new Set(cases.map((c) => c.pattern));
    expect(harnessRoutes().filter((p) => !patterns.has(p))).toEqual([]);
    expect(drain()).toEqual([]);
  });

  it('the workflow: every Lambda state with the inputs the deployed ASL gives it', async () => {
    const states = workflowStates();
    const analyzer = new IsolatedExpenseAnalyzer();
    const traces: Record<'source' | 'bundle', { state: string; input: unknown; outcome: unknown }[]> = {
      source: [],
      bundle: [],
    };
    try {
      for (const runtime of ['source', 'bundle'] as const) {
        const handlers = Object.fromEntries(
          Object.entries(states).map(([state, module]) => [
            state,
            async (input: unknown) => {
              const answer: Invocation =
                runtime === 'source'
                  ? await harness.source(module, input)
                  : await harness.bundle(module, input);
              traces[runtime].push({ state, input, outcome: outcome(answer) });
              if (!answer.ok)
                throw Object.assign(new Error(answer.error?.message), { name: answer.error?.name });
              return answer.result;
            },
          ]),
        );
        // The text PDF takes Split and the local engine's path; the scan Textract's and SplitRead.
        for (const [name, file] of [
          ['text', pdf],
          ['scan', scan],
        ] as const) {
          const before = objectKeys.length;
          const response = await stack.api(token)('/api/invoices/upload', {
            method: 'POST',
            body: fileForm(file, `workflow-${runtime}-${name}.pdf`),
          });
          expect(response.status).toBe(201);
          const objectKey = await until('the upload’s object', () =>
            objectKeys.slice(before).find((k) => k.startsWith('uploads/')),
          );
          const machine = new StateMachine(loadDefinition(), {
            validationOptions: { checkArn: true, checkPaths: true },
          });
          const execution = machine.run({ bucket: LOCAL_BUCKET, objectKey } as never, {
            context: { Execution: { Id: `cloud-bundles:${runtime}:${name}` } },
            overrides: {
              taskResourceLocalHandlers: { ...handlers, ...localTextractHandlers(analyzer) } as never,
              waitTimeOverrides: { WaitForExtraction: 0, WaitForSlot: 200 },
            },
          });
          await execution.result.catch(() => undefined);
        }
        const last = traces[runtime].at(-1);
        // MarkFailed, which a healthy run never reaches, with the input a Catch gives it.
        const claimInput = traces[runtime].find((t) => t.state !== 'Register')?.input ?? last?.input;
        await handlers.MarkFailed({
          ...(claimInput as object),
          error: { Error: 'States.TaskFailed', Cause: 'cloud-bundles: a failed state' },
        });
      }
    } finally {
      await analyzer.close();
    }
    const sequence = (runtime: 'source' | 'bundle') => traces[runtime].map((t) => t.state);
    console.log(`workflow states run: ${sequence('source').join(' → ')}`);
    const steps = (runtime: 'source' | 'bundle') =>
      traces[runtime].map(({ state, outcome }) => ({ state, outcome }));
    expect(steps('bundle')).toEqual(steps('source'));
    expect(new Set(sequence('source'))).toEqual(new Set(Object.keys(states)));
  }, 180_000);

  it('the queue consumers with SQS batches of the messages the app queued', async () => {
    const webhooks = await stack.queueStore.peek(stack.queues.webhooks);
    expect(webhooks.length).toBeGreaterThan(0);
    await compare('webhook-delivery, one message', 'functions/workers/webhook-delivery/handler.ts', () =>
      sqsEvent(stack.queues.webhooks, [webhooks[0]]),
    );
    const invoices = (await (await stack.api(token)('/api/invoices')).json()) as {
      items: { id: string; orgId?: string }[];
    };
    const orgId = (JSON.parse(webhooks[0].body) as { orgId: string }).orgId;
    const sync = {
      messageId: 'sync-1',
      receiveCount: 1,
      body: JSON.stringify({
        orgId,
        invoiceId: invoices.items[0].id,
        integrationId: '01JZZZZZZZZZZZZZZZZZZZZZZZ',
        at: new Date().toISOString(),
        idempotencyKey: '0'.repeat(32),
      }),
    };
    await compare(
      'integration-sync, a message for an integration that is gone',
      'functions/workers/integration-sync/handler.ts',
      () => sqsEvent(stack.queues.sync, [sync]),
    );
    expect(drain()).toEqual([]);
  });

  it('the schedules, the table stream and SES', async () => {
    await compare('abandoned-uploads, its schedule', 'functions/workers/abandoned-uploads/handler.ts', () =>
      scheduledEvent('abandoned-uploads'),
    );
    await compare('insurance-expiry, its schedule', 'functions/workers/insurance-expiry/handler.ts', () =>
      scheduledEvent('insurance-expiry'),
    );
    await compare('outbox-relay, its sweep', 'functions/workers/outbox-relay/handler.ts', () =>
      scheduledEvent('outbox-relay-sweep'),
    );
    await compare('outbox-relay, stream records', 'functions/workers/outbox-relay/handler.ts', () =>
      streamEvent(),
    );
    const s3 = new S3Client({
      endpoint: stack.endpoints.s3,
      region: LOCAL_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      await compare(
        'email-ingest, a message with an invoice attached',
        'functions/workers/email-ingest/handler.ts',
        async (runtime) => {
          const messageId = `cloud-bundles-${runtime}-${Date.now()}`;
          const raw = await new MailComposer({
            from: 'billing@vendor.example.com',
            to: orgInbox,
            subject: `Invoice (${runtime})`,
            text: 'Attached.',
            attachments: [{ filename: 'invoice.pdf', content: pdf, contentType: 'application/pdf' }],
          })
            .compile()
            .build();
          await s3.send(
            new PutObjectCommand({
              Bucket: LOCAL_INBOUND_BUCKET,
              Key: `${INBOUND_MAIL_PREFIX}${messageId}`,
              Body: raw,
            }),
          );
          return sesEvent(messageId, orgInbox);
        },
      );
    } finally {
      s3.destroy();
    }
    expect(drain()).toEqual([]);
  });

  it('ran the bundle of every function of ours', () => {
    const ours = synth.functions.filter((f) => sourceModule(synth, f)).map((f) => f.name);
    expect(ours.filter((name) => !harness.invoked.includes(name))).toEqual([]);
  });
});

function apiEvent(c: ApiCase, runtime: 'source' | 'bundle') {
  const request = c.make(runtime);
  if (c.resource.public) return proxyEvent(request, c.pattern, null);
  // Through the authorizer of the same runtime, as API Gateway passes its answer on.
  return (async () => {
    const authorized =
      runtime === 'source'
        ? await harness.source(AUTHORIZER, authorizerEvent(request, c.pattern, token))
        : await harness.bundle(AUTHORIZER, authorizerEvent(request, c.pattern, token));
    if (!authorized.ok)
      throw new Error(`${c.label}: the ${runtime} authorizer refused: ${authorized.error?.message}`);
    const result = authorized.result as { principalId: string; context?: Record<string, unknown> };
    return proxyEvent(
      request,
      c.pattern,
      { ...(result.context ?? {}), principalId: result.principalId },
      token,
    );
  })();
}

function harnessRoutes(): string[] {
  return API_RESOURCES.flatMap((r) => r.paths);
}

function sqsEvent(queueUrl: string, messages: { messageId: string; body: string; receiveCount: number }[]) {
  const arn = `arn:aws:sqs:${LOCAL_REGION}:000000000000:${queueUrl.split(':').at(-1)}`;
  return {
    Records: messages.map((m) => ({
      messageId: m.messageId,
      receiptHandle: `handle-${m.messageId}`,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount || 1),
        SentTimestamp: String(Date.now()),
        SenderId: 'AROAEXAMPLE',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: arn,
      awsRegion: LOCAL_REGION,
    })),
  };
}

function scheduledEvent(rule: string) {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString(),
    region: LOCAL_REGION,
    resources: [`arn:aws:events:${LOCAL_REGION}:000000000000:rule/${synth.stage}-invoice-pilot-${rule}`],
    detail: {},
  };
}

/** INSERTs of outbox items, keys only (the stream's view type), as the filtered event source passes them. */
function streamEvent() {
  return {
    Records: [1, 2].map((n) => ({
      eventID: `event-${n}`,
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: LOCAL_REGION,
      dynamodb: {
        ApproximateCreationDateTime: Date.now() / 1000,
        Keys: { PK: { S: keys.outboxPk }, SK: { S: `01JZZZZZZZZZZZZZZZZZZZZZZ${n}` } },
        SequenceNumber: `${n}00000000000000000001`,
        SizeBytes: 64,
        StreamViewType: 'KEYS_ONLY',
      },
      eventSourceARN: `arn:aws:dynamodb:${LOCAL_REGION}:000000000000:table/${synth.stage}-invoice-pilot/stream/2026-01-01T00:00:00.000`,
    })),
  };
}

function sesEvent(messageId: string, recipient: string) {
  const verdict = { status: 'PASS' };
  return {
    Records: [
      {
        eventSource: 'aws:ses',
        eventVersion: '1.0',
        ses: {
          mail: {
            timestamp: new Date().toISOString(),
            source: 'billing@vendor.example.com',
            messageId,
            destination: [recipient],
            headersTruncated: false,
            headers: [{ name: 'From', value: 'billing@vendor.example.com' }],
            commonHeaders: {
              from: ['billing@vendor.example.com'],
              to: [recipient],
              messageId,
              subject: 'Invoice',
            },
          },
          receipt: {
            timestamp: new Date().toISOString(),
            processingTimeMillis: 120,
            recipients: [recipient],
            spamVerdict: verdict,
            virusVerdict: verdict,
            spfVerdict: verdict,
            dkimVerdict: verdict,
            dmarcVerdict: verdict,
            action: {
              type: 'Lambda',
              functionArn: 'arn:aws:lambda:::function:email-ingest',
              invocationType: 'Event',
            },
          },
        },
      },
    ],
  };
}

const nativeCache = new Map<string, boolean>();
/** Whether an installed package holds a compiled Node addon (`*.node`). */
function isNative(pkg: string): boolean {
  let native = nativeCache.get(pkg);
  if (native === undefined) {
    native = filesUnder(join(process.cwd(), 'node_modules', pkg), 6).some((f) => f.endsWith('.node'));
    nativeCache.set(pkg, native);
  }
  return native;
}

function packageOf(source: string): string | undefined {
  const rest = source.split('node_modules/').at(-1);
  if (!rest || rest === source) return undefined;
  const parts = rest.split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function filesUnder(dir: string, depth = 10): string[] {
  if (depth === 0 || !existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), depth - 1) : [join(dir, e.name)],
  );
}
