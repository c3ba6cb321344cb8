import './polyfills';
import { readFileSync } from 'node:fs';
import { StateMachine } from 'aws-local-stepfunctions';
import { ulid } from 'ulid';
import { invoicesWithStatus } from '../../functions/adapters/dynamodb/invoice-listing';
import { getOrganization } from '../../functions/adapters/dynamodb/organizations';
import { listReservations } from '../../functions/adapters/dynamodb/upload-reservations';
import { registerWorkflowOrg, workflowOrgs } from '../../functions/adapters/dynamodb/workflow-registry';
import { getObjectBytes, objectExists, parseObjectKey, putObject } from '../../functions/adapters/s3/storage';
import type { ProcessingStarter } from '../../functions/adapters/workflow/processing-starter';
import type { ExpenseAnalyzer } from '../../functions/core/extraction/expense-types';
import { FairQueue, processingCapOf } from '../../functions/core/fairness/fair-share';
import { sniffContentType } from '../../functions/core/files/sniff';
import { settleAbandonedUpload, sweepAbandonedUploads } from '../../functions/core/invoices/abandoned-upload';
import { saveInvoice } from '../../functions/core/invoices/commit';
import { env } from '../../functions/env';
import {
  ENGINE_TIMEOUT_MS,
  IsolatedExpenseAnalyzer,
  shutdownLocalAnalyzer,
} from '../../functions/extraction';
import { handler as claim } from '../../functions/workflow/states/claim';
import { handler as classify } from '../../functions/workflow/states/classify';
import { handler as decide } from '../../functions/workflow/states/decide';
import { extractLocallyWith } from '../../functions/workflow/states/extract-locally';
import { inspectWith } from '../../functions/workflow/states/inspect';
import { handler as markFailed } from '../../functions/workflow/states/mark-failed';
import { normalizeWith } from '../../functions/workflow/states/normalize';
import { handler as register } from '../../functions/workflow/states/register';
import { splitWith } from '../../functions/workflow/states/split';
import { splitReadWith } from '../../functions/workflow/states/split-read';
import { handler as validate } from '../../functions/workflow/states/validate';
import type { ExecutionInput } from '../../functions/workflow/types';
import type { S3EventRecord } from './emulators';

/** The library's JSON value type (not exported by it). */
type JSONValue = Parameters<StateMachine['run']>[0];

const ASL_PATH = new URL('../../functions/workflow/process-invoice.asl.json', import.meta.url);

/** The Lambda states that read a PDF through the engine's process locally (see the constructor). */
const ENGINE_READ_STATES = new Set(['Inspect', 'Normalize']);

/**
 * The ASL as the cloud deploys it, with each `${XArn}` placeholder filled by a local Lambda ARN (every
 * Task is overridden by state name anyway; a well-formed ARN keeps the validator's ARN check on).
 */
export function loadDefinition(): ConstructorParameters<typeof StateMachine>[0] {
  const text = readFileSync(ASL_PATH, 'utf8').replace(
    /\$\{(\w+)Arn\}/g,
    (_m, name: string) => `arn:aws:lambda:us-east-1:000000000000:function:local-${name}`,
  );
  const definition = JSON.parse(text);
  // Textract answers in seconds; the local engine reads on the CPU, and a poster-sized page on a busy
  // machine takes minutes. A Task without TimeoutSeconds times out after 60 s, so the Textract tasks get
  // the engine's own limit (which names the reason) and a margin; so do Inspect and Normalize, which
  // wait on the engine's process here to read the PDF (beside the documents it is reading).
  for (const [name, state] of Object.entries(definition.States as Record<string, Record<string, unknown>>)) {
    const waitsOnEngine = String(state.Resource ?? '').includes(':textract:') || ENGINE_READ_STATES.has(name);
    if (waitsOnEngine && state.TimeoutSeconds === undefined) {
      state.TimeoutSeconds = Math.ceil(ENGINE_TIMEOUT_MS / 1000) + 30;
    }
  }
  return definition;
}

type Handler = (input: never) => Promise<unknown>;

/**
 * The state transitions an execution is billed for: Step Functions Standard counts one each time a
 * state is entered, a retry included (AWS Step Functions pricing). Reads the run's event log to its end.
 */
export async function countTransitions(eventLogs: AsyncIterable<{ type: string }>): Promise<number> {
  let transitions = 0;
  for await (const event of eventLogs) {
    if (event.type === 'StateEntered' || event.type === 'StateRetried') transitions++;
  }
  return transitions;
}

/** Lambda-style errors carry their name to Retry/Catch, as in Step Functions. */
const asTask =
  (fn: Handler) =>
  async (input: JSONValue): Promise<JSONValue> =>
    (await fn(input as never)) as JSONValue;

/**
 * The local stand-ins for the Textract SDK integrations: the local engine answers in AnalyzeExpense's
 * shape. The async pair writes its answer where Textract's OutputConfig would (`<prefix>/<JobId>/1`),
 * so Normalize reads multi-page results from storage exactly as in the cloud.
 */
export function localTextractHandlers(analyzer: ExpenseAnalyzer) {
  const analyze = async (key: string) => {
    const bytes = await getObjectBytes(key);
    const contentType = sniffContentType(bytes);
    if (!contentType) {
      const error = new Error('Unsupported document format');
      error.name = 'Textract.UnsupportedDocumentException';
      throw error;
    }
    return analyzer.analyze({ bytes, contentType });
  };
  const extractSync = async (input: JSONValue) => {
    const { Document } = input as { Document: { S3Object: { Name: string } } };
    return (await analyze(Document.S3Object.Name)) as JSONValue;
  };
  // StartExpenseAnalysis is idempotent on ClientRequestToken: the same token answers the job it started,
  // and with another document Textract refuses it (IdempotentParameterMismatchException).
  const jobsByToken = new Map<string, { document: string; jobId: string }>();
  const startExtraction = async (input: JSONValue) => {
    const { DocumentLocation, OutputConfig, ClientRequestToken } = input as {
      DocumentLocation: { S3Object: { Name: string } };
      OutputConfig: { S3Prefix: string };
      ClientRequestToken?: string;
    };
    const document = DocumentLocation.S3Object.Name;
    const started = ClientRequestToken ? jobsByToken.get(ClientRequestToken) : undefined;
    if (started?.document === document) return { JobId: started.jobId };
    if (started) {
      const error = new Error(`ClientRequestToken ${ClientRequestToken} was used for another document`);
      error.name = 'Textract.IdempotentParameterMismatchException';
      throw error;
    }
    const response = await analyze(document);
    const jobId = ulid();
    if (ClientRequestToken) jobsByToken.set(ClientRequestToken, { document, jobId });
    // Textract forgets a token after days; a long `npm start` keeps the newest only.
    if (jobsByToken.size > 1000) jobsByToken.delete(jobsByToken.keys().next().value as string);
    await putObject(
      `${OutputConfig.S3Prefix}/${jobId}/1`,
      new TextEncoder().encode(JSON.stringify({ JobStatus: 'SUCCEEDED', ...response })),
      'application/json',
    );
    return { JobId: jobId };
  };
  const getExtraction = async () => ({ JobStatus: 'SUCCEEDED' });
  return { ExtractSync: extractSync, StartExtraction: startExtraction, GetExtraction: getExtraction };
}

export interface WorkflowRunnerOptions {
  /**
   * Runs at once; the rest wait in their organization's queue (served round-robin, each organization at
   * most its plan's cap at once). Two on a 2-core machine (OCR is CPU-bound).
   */
  concurrency?: number;
  /** The local engine: ExtractLocally reads text PDFs with it, and it stands in for Textract. */
  analyzer?: ExpenseAnalyzer;
  /** What answers for Textract (scans, unsure local readings) when not the engine itself (tests watch it). */
  textract?: ExpenseAnalyzer;
  log?: (line: string) => void;
}

/** How long an organization's processing cap (from its plan) is used before it is read again. */
const CAP_FRESH_MS = 30_000;

/** The queue of an object key: its organization's (a key that names none gets a queue of its own). */
const queueOf = (objectKey: string) => parseObjectKey(objectKey)?.orgId ?? '';

/**
 * Runs the processing workflow in this process with aws-local-stepfunctions, from the very ASL file
 * the cloud deploys, every Task overridden by the state modules the Lambdas run (Textract by the local
 * engine). Starts a run for every object created under `uploads/`, at most `concurrency` at once and
 * fairly between tenants (core/fairness/fair-share.ts: per-organization queues served round-robin, each
 * organization at most its plan's cap), and doubles as the local {@link ProcessingStarter} for reprocessing. {@link resume} requeues what a
 * killed server left behind.
 */
export class LocalWorkflowRunner implements ProcessingStarter {
  readonly #machine: StateMachine;
  readonly #concurrency: number;
  readonly #handlers: Record<string, (input: JSONValue) => Promise<JSONValue>>;
  readonly #log: (line: string) => void;
  readonly #queue = new FairQueue<ExecutionInput>();
  readonly #running = new Map<number, { abort: () => void; done: Promise<void> }>();
  /** Each organization's processing cap, from its plan, and when it was read. */
  readonly #caps = new Map<string, { cap: number; readAt: number }>();
  readonly #knownOrgs = new Set<string>();
  readonly #idleWaiters: (() => void)[] = [];
  /** The local engine's process (it reads every PDF's insides), stopped with the runner. */
  readonly #engine: IsolatedExpenseAnalyzer;
  #nextId = 0;
  #stopped = false;
  #transitions = 0;

  constructor(options: WorkflowRunnerOptions = {}) {
    this.#machine = new StateMachine(loadDefinition(), {
      validationOptions: { checkArn: true, checkPaths: true },
    });
    this.#concurrency = options.concurrency ?? 2;
    const analyzer = options.analyzer ?? new IsolatedExpenseAnalyzer();
    // The states run in the API's process here: a PDF's outline and attachments are read in the
    // engine's capped process, whatever reads the pages (tests may pass an engine of their own), so a
    // file that expands to gigabytes never does so in the process that answers people.
    const pdfReader = analyzer instanceof IsolatedExpenseAnalyzer ? analyzer : new IsolatedExpenseAnalyzer();
    this.#engine = pdfReader;
    this.#log = options.log ?? (() => undefined);
    this.#handlers = {
      Register: asTask(register),
      Claim: asTask(claim),
      Inspect: asTask(inspectWith(pdfReader)),
      Split: asTask(splitWith(pdfReader)),
      SplitRead: asTask(splitReadWith(pdfReader)),
      Normalize: asTask(normalizeWith(pdfReader)),
      Classify: asTask(classify),
      Validate: asTask(validate),
      Decide: asTask(decide),
      MarkFailed: asTask(markFailed),
      // The cloud's Lambda reads the text layer only; here the engine does, with the same text-layer code.
      ExtractLocally: asTask(extractLocallyWith(analyzer, pdfReader)),
      ...localTextractHandlers(options.textract ?? analyzer),
    };
  }

  /** s3rver's object-created records: only uploads start a run (Textract output lands in the bucket too). */
  onObjectCreated(record: S3EventRecord): void {
    if (!record.eventName.startsWith('ObjectCreated:')) return;
    const objectKey = record.s3.object.key;
    if (!objectKey.startsWith('uploads/')) return;
    this.enqueue({ bucket: record.s3.bucket.name, objectKey, reason: 'upload' });
  }

  /** The local ProcessingStarter: reprocessing queues a run like an upload does. */
  async start(input: Parameters<ProcessingStarter['start']>[0]): Promise<void> {
    await this.#remember(input.orgId);
    this.enqueue({ bucket: input.bucket, objectKey: input.objectKey, reason: input.reason });
  }

  enqueue(input: ExecutionInput): void {
    if (this.#stopped) return;
    const orgId = queueOf(input.objectKey);
    if (orgId) {
      void this.#remember(orgId).catch((e) => this.#log(`workflow: registry: ${e}`));
      this.#refreshCap(orgId);
    }
    this.#queue.push(orgId, input);
    this.#pump();
  }

  /** The organization's cap: its plan's, once read (Starter's until then, or if the read fails). */
  #capOf = (orgId: string): number => this.#caps.get(orgId)?.cap ?? processingCapOf(undefined);

  #refreshCap(orgId: string): void {
    const known = this.#caps.get(orgId);
    if (known && Date.now() - known.readAt < CAP_FRESH_MS) return;
    this.#caps.set(orgId, { cap: known?.cap ?? processingCapOf(undefined), readAt: Date.now() });
    void getOrganization(orgId).then(
      (org) => {
        this.#caps.set(orgId, { cap: processingCapOf(org.plan), readAt: Date.now() });
        this.#pump();
      },
      (e) => this.#log(`workflow: processing cap of ${orgId}: ${e}`),
    );
  }

  /** Resolves when nothing is queued or running (tests and the benchmark wait on it). */
  idle(): Promise<void> {
    if (this.#queue.size === 0 && this.#running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  get pending(): number {
    return this.#queue.size + this.#running.size;
  }

  /** State transitions of every run so far, counted as Step Functions bills them (`npm run cost`). */
  get transitions(): number {
    return this.#transitions;
  }

  #pump(): void {
    while (!this.#stopped && this.#running.size < this.#concurrency) {
      const next = this.#queue.next(this.#capOf);
      if (!next) return;
      const { orgId, item: input } = next;
      const id = this.#nextId++;
      // An execution id like the cloud's ARN: Claim records it, the backstop below finds the run by it.
      const executionId = `local:${ulid()}`;
      const execution = this.#machine.run(input as unknown as JSONValue, {
        context: { Execution: { Id: executionId } },
        overrides: {
          taskResourceLocalHandlers: this.#handlers,
          // WaitForSlot: this runner's own queue keeps each organization within its cap (a resumed run
          // takes back its invoice's own slot), so Claim waits only for a slot whose run ended without
          // giving it back (its invoice deleted mid-run) until the lease ends; a second between tries.
          waitTimeOverrides: { WaitForExtraction: 0, WaitForSlot: 1000 },
          // Backoff stays, scaled down: local failures are hiccups of the emulators, not AWS throttling.
          retryIntervalOverrides: Object.fromEntries(Object.keys(this.#handlers).map((name) => [name, 200])),
        },
        noThrowOnAbort: true,
      });
      const counted = countTransitions(execution.eventLogs).then((n) => {
        this.#transitions += n;
      });
      const done = execution.result
        .then(
          () => undefined,
          (error: Error) => this.#onExecutionError(input, executionId, error),
        )
        .then(() => counted);
      this.#running.set(id, { abort: execution.abort, done });
      void done.finally(() => {
        this.#running.delete(id);
        this.#queue.finished(orgId);
        this.#pump();
        if (this.#queue.size === 0 && this.#running.size === 0) {
          for (const wake of this.#idleWaiters.splice(0)) wake();
        }
      });
    }
  }

  /**
   * The ASL's own failure path (MarkFailed → Fail) has already settled the invoice. Anything else
   * (a States.Runtime error no Catch sees) is the cloud's "execution failed" EventBridge backstop:
   * call MarkFailed with what is known, so nothing stays PROCESSING.
   */
  async #onExecutionError(input: ExecutionInput, executionId: string, error: Error): Promise<void> {
    if (this.#stopped) return;
    const message = String(error?.message ?? error);
    if ((error?.cause as Error | undefined)?.name === 'InvoiceProcessingFailed') {
      this.#log(`workflow: ${input.objectKey} went to review after a failure`);
      return;
    }
    this.#log(`workflow: execution for ${input.objectKey} failed: ${message}`);
    await markFailed({
      ...input,
      executionId,
      error: { Error: (error?.cause as Error | undefined)?.name ?? error?.name ?? 'Error', Cause: message },
    }).catch((e) => this.#log(`workflow: MarkFailed backstop failed: ${e}`));
  }

  async #remember(orgId: string): Promise<void> {
    if (this.#knownOrgs.has(orgId)) return;
    await registerWorkflowOrg(orgId);
    this.#knownOrgs.add(orgId);
  }

  /**
   * After a restart: every run the killed server had in flight is requeued. Organizations come from
   * the runner's registry item (written when a run for the org is first queued), and each one's
   * invoices from the status index (GSI1), so nothing is scanned and no other tenant's data is read.
   * PROCESSING invoices get a new run id (the old run is dead) and go back to UPLOADED; UPLOADED ones
   * and unregistered browser uploads are queued when their object exists. An UPLOADED invoice whose
   * file the killed server never stored is settled (core/invoices/abandoned-upload.ts): no upload begun
   * before `serverStart` can still be storing its file.
   */
  async resume(serverStart: Date): Promise<{ requeued: number; settled: number }> {
    let { settled } = await sweepAbandonedUploads(serverStart);
    const orgIds = await workflowOrgs();
    const bucket = env().BUCKET_NAME;
    let requeued = 0;
    for (const orgId of orgIds) {
      this.#knownOrgs.add(orgId);
      for (const before of await invoicesWithStatus(orgId, 'PROCESSING')) {
        await saveInvoice(
          before,
          { status: 'UPLOADED', processingStage: 'QUEUED', processingRunId: ulid() },
          {
            type: 'processing_requeued',
            actor: 'system',
            actorName: 'Invoice processing',
            note: 'The server stopped while this invoice was being processed',
          },
        );
        // Queued even if the file is gone: Inspect then sends it to review with that reason.
        this.enqueue({ bucket, objectKey: before.objectKey, reason: 'resume' });
        requeued++;
      }
      for (const item of await invoicesWithStatus(orgId, 'UPLOADED')) {
        if (!(await objectExists(item.objectKey))) {
          // Left by a server that predates the pending-upload markers; otherwise the sweep took it.
          if (await settleAbandonedUpload(item, serverStart)) settled++;
          continue;
        }
        this.enqueue({ bucket, objectKey: item.objectKey, reason: 'resume' });
        requeued++;
      }
      for (const reservation of await listReservations(orgId)) {
        if (!(await objectExists(reservation.objectKey))) continue;
        this.enqueue({ bucket, objectKey: reservation.objectKey, reason: 'resume' });
        requeued++;
      }
    }
    if (requeued) this.#log(`workflow: requeued ${requeued} invoice(s) left by the last run`);
    if (settled) this.#log(`workflow: removed ${settled} upload(s) whose file the last run never stored`);
    return { requeued, settled };
  }

  /**
   * Stops like a killed server would: queued runs are dropped and running ones aborted, leaving their
   * invoices for {@link resume}. The engine's process and OCR engines are shut down.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#queue.clear();
    const running = [...this.#running.values()];
    for (const run of running) run.abort();
    await Promise.allSettled(running.map((r) => r.done));
    for (const wake of this.#idleWaiters.splice(0)) wake();
    await this.#engine.close();
    // An in-process engine (tests may pass one) keeps OCR engines warm in this process.
    await shutdownLocalAnalyzer().catch(() => undefined);
  }
}
