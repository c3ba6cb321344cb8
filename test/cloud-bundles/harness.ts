import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { HandlerCatalog, REPO_ROOT, readWorkflow } from '../../infra/cloud/handlers';
import { LOCAL_BUCKET, LOCAL_REGION } from '../../infra/local/local-config';
import { localKey } from '../../infra/local/local-keys';
import type { TestStack } from '../helpers/local-stack';
import { type AwsBridge, startAwsBridge } from './aws-bridge';
import { ReferenceResolver } from './references';
import { BundleProcess, type Invocation } from './sandbox';
import { buildSdkRuntime } from './sdk-runtime';
import type { Synthesized, SynthesizedFunction } from './synth';

/** The local bucket standing in for the SES inbound-mail bucket (the local runtime receives mail by SMTP). */
export const LOCAL_INBOUND_BUCKET = 'invoice-inbound-mail';

/**
 * What the local runtime itself points the function code at (infra/local/stack.ts sets these in its own
 * process): the emulators' endpoints, the key file standing in for KMS, the SMTP server standing in for
 * SES, the fakes' OAuth URLs, and the local-only switches. A bundle gets them on top of its template
 * environment, as the only variables that do not come from the template.
 */
const LOCAL_RUNTIME_VARIABLES = [
  'AWS_REGION',
  'DYNAMODB_ENDPOINT',
  'S3_ENDPOINT',
  'COGNITO_ENDPOINT',
  'COGNITO_JWKS_URL',
  'SECRETS_KEY_FILE',
  'STAGE',
  'OUTBOUND_ALLOW_LOOPBACK',
  'SMTP_HOST',
  'SMTP_PORT',
  'INBOX_DOMAIN',
  'QUICKBOOKS_TOKEN_URL',
  'QUICKBOOKS_AUTHORIZE_URL',
  'QUICKBOOKS_API_URL',
] as const;

/** The repository module a synthesized function was bundled from, by its name (`<prefix>-<kind>-<name>`). */
export function sourceModule(synth: Synthesized, fn: SynthesizedFunction): string | undefined {
  const local = fn.name.slice(`${synth.stage}-invoice-pilot-`.length);
  if (local === 'authorizer') return 'functions/authorizer/handler.ts';
  const [, kind, name] = /^(api|worker|state)-(.+)$/.exec(local) ?? [];
  if (kind === 'api') return `functions/api/${name}/handler.ts`;
  if (kind === 'worker') return `functions/workers/${name}/handler.ts`;
  if (kind === 'state') return `functions/workflow/states/${name}.ts`;
  return undefined;
}

/** The workflow's Lambda states: ASL state name → the function's module, from the ASL the cloud deploys. */
export function workflowStates(): Record<string, string> {
  const workflow = readWorkflow(new HandlerCatalog(REPO_ROOT, false));
  const definition = JSON.parse(readFileSync(workflow.file, 'utf8')) as {
    States: Record<string, { Resource?: string }>;
  };
  return Object.fromEntries(
    workflow.tasks.map((task) => {
      const state = Object.entries(definition.States).find(
        ([, s]) => s.Resource === `\${${task.placeholder}}`,
      );
      if (!state) throw new Error(`No state of the ASL calls \${${task.placeholder}}`);
      return [state[0], task.module];
    }),
  );
}

/**
 * The bundles of one synthesized app, each run on demand in its own process against a running local
 * stack, and the source modules they were built from, run in this process against the same stack.
 */
export class Harness {
  readonly #processes = new Map<string, BundleProcess>();
  readonly #root = mkdtempSync(join(tmpdir(), 'cloud-bundles-runtime-'));
  readonly sdkPackages: number;
  /** Every bundle invocation's time, by function name (cold start in the first). */
  readonly timings = new Map<string, number[]>();
  private constructor(
    readonly synth: Synthesized,
    readonly stack: TestStack,
    readonly bridge: AwsBridge,
    private readonly resolver: ReferenceResolver,
  ) {
    this.sdkPackages = buildSdkRuntime(this.#root).packages;
  }

  static async start(synth: Synthesized, stack: TestStack): Promise<Harness> {
    const s3 = new S3Client({
      endpoint: stack.endpoints.s3,
      region: LOCAL_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: LOCAL_INBOUND_BUCKET }));
    s3.destroy();
    const bridge = await startAwsBridge({
      send: async (queueUrl, body, delaySeconds) => {
        await stack.queueStore.send(queueUrl, body, delaySeconds);
      },
      start: async () => undefined,
    });
    const resolver = new ReferenceResolver(synth.templates, {
      region: LOCAL_REGION,
      tableName: process.env.TABLE_NAME as string,
      buckets: { Uploads: LOCAL_BUCKET, InboundMail: LOCAL_INBOUND_BUCKET },
      userPoolId: stack.cognito.userPoolId,
      userPoolClientId: stack.cognito.clientId,
      siteOrigin: stack.url,
      queues: { 'integration-sync': stack.queues.sync, 'webhook-delivery': stack.queues.webhooks },
      stateMachineArn: `arn:aws:states:${LOCAL_REGION}:000000000000:stateMachine:local-process-invoice`,
      secrets: {
        'cursor-signing-key': localKey(stack.dataDir, 'cursor-signing-key'),
        'quickbooks-oauth-app': {
          clientId: process.env.QUICKBOOKS_CLIENT_ID as string,
          clientSecret: process.env.QUICKBOOKS_CLIENT_SECRET as string,
        },
      },
    });
    return new Harness(synth, stack, bridge, resolver);
  }

  /** The environment a function's bundle runs with: its template's, resolved, and the local runtime's. */
  environment(fn: SynthesizedFunction): Record<string, string> {
    const local = Object.fromEntries(
      LOCAL_RUNTIME_VARIABLES.flatMap((name) =>
        process.env[name] ? [[name, process.env[name] as string]] : [],
      ),
    );
    return {
      ...this.resolver.environment(fn.stack, fn.environment),
      ...local,
      // The SDK's own settings for the two APIs the local runtime replaces in-process (aws-bridge.ts).
      SQS_ENDPOINT: this.bridge.endpoint,
      AWS_ENDPOINT_URL_SFN: this.bridge.endpoint,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    };
  }

  functionFor(module: string): SynthesizedFunction {
    const fn = this.synth.functions.find((f) => sourceModule(this.synth, f) === module);
    if (!fn) throw new Error(`No synthesized function runs ${module}`);
    return fn;
  }

  /** Invokes the bundle of the function built from `module`. */
  async bundle(module: string, event: unknown): Promise<Invocation> {
    const fn = this.functionFor(module);
    let process = this.#processes.get(fn.name);
    if (!process) {
      process = new BundleProcess(fn, this.#root, this.environment(fn));
      this.#processes.set(fn.name, process);
    }
    const answer = await process.invoke(event);
    this.timings.set(fn.name, [...(this.timings.get(fn.name) ?? []), answer.ms]);
    return answer;
  }

  /** Invokes the source module's handler in this process, under the local runtime. */
  async source(module: string, event: unknown): Promise<Invocation> {
    const started = performance.now();
    try {
      const { handler } = (await import(`../../${module}`)) as {
        handler: (event: unknown, context: unknown) => Promise<unknown>;
      };
      const result = await handler(event, {
        functionName: module,
        awsRequestId: crypto.randomUUID(),
        getRemainingTimeInMillis: () => 30_000,
        callbackWaitsForEmptyEventLoop: false,
      });
      return { ok: true, result: result ?? null, ms: performance.now() - started };
    } catch (error) {
      const e = error as Error;
      return { ok: false, error: { name: e.name, message: e.message }, ms: performance.now() - started };
    }
  }

  /** The stderr of a bundle's process (for a failure's message). */
  stderrOf(module: string): string {
    return this.#processes.get(this.functionFor(module).name)?.stderr ?? '';
  }

  /** Modules whose bundle has run. */
  get invoked(): string[] {
    return [...this.#processes.keys()];
  }

  async stop(): Promise<void> {
    for (const process of this.#processes.values()) process.stop();
    await this.bridge.stop();
    rmSync(this.#root, { recursive: true, force: true });
    rmSync(this.synth.outdir, { recursive: true, force: true });
  }
}
