import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_RESOURCES } from '../../functions/api/routes';

/** The repository root: entries and the SPA build are resolved from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Answers 501 for a handler module that does not exist yet (sandboxes with `allowMissingHandlers` only). */
export const NOT_IMPLEMENTED_STUB = 'infra/cloud/stubs/not-implemented.ts';

/** A workflow definition that fails at once, used only when the ASL file is missing in a sandbox. */
export const STUB_WORKFLOW = 'infra/cloud/stubs/process-invoice.asl.json';

export const WORKFLOW_DEFINITION = 'functions/workflow/process-invoice.asl.json';

/**
 * The queue consumers under functions/workers and the queue each one drains. Both send stored secrets to
 * third parties, so both may open them (never seal: they do not store new ones). Both read (and sign
 * time-limited links to) the uploaded files their events carry; the sync also e-mails them (EMAIL).
 */
export const WORKERS = [
  {
    name: 'integration-sync',
    queue: 'sync',
    envName: 'SYNC_QUEUE_URL',
    secrets: ['open'],
    // A message naming no integration is fanned out to one per active integration, on its own queue.
    requeues: true,
    sendsEmail: true,
    // Refreshes QuickBooks access tokens with the deployment's Intuit app.
    quickBooksApp: true,
  },
  // Schedules its own retries: it sends the next attempt to its queue with a delay.
  {
    name: 'webhook-delivery',
    queue: 'webhook',
    envName: 'WEBHOOK_QUEUE_URL',
    secrets: ['open'],
    requeues: true,
    sendsEmail: false,
    quickBooksApp: false,
  },
] as const;
export type WorkerSpec = (typeof WORKERS)[number];

/** Workers under functions/workers run on a schedule instead of a queue. */
export const SCHEDULED_WORKERS = [
  {
    name: 'abandoned-uploads',
    description: 'Settles API uploads whose file never arrived',
    everyMinutes: 15,
    // HEAD on an upload (is its file there?) needs s3:GetObject.
    readsUploads: true,
    sendsEmail: false,
  },
  {
    name: 'insurance-expiry',
    description: "Alerts administrators to vendors' insurance certificates that expire soon or just expired",
    everyMinutes: 24 * 60,
    readsUploads: false,
    // Each administrator gets the alert by e-mail too.
    sendsEmail: true,
  },
] as const;

export class MissingHandlersError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `These handler modules do not exist, so their functions cannot be built:\n${missing
        .map((m) => `  - ${m}`)
        .join('\n')}\nWrite them, or for a sandbox deploy pass --context allowMissingHandlers=true ` +
        `(each missing function then answers 501 / fails its workflow state).`,
    );
    this.name = 'MissingHandlersError';
  }
}

/**
 * Resolves handler entries and remembers which are missing, so synth reports every missing module at once
 * (after all stacks are built) instead of stopping at the first one.
 */
export class HandlerCatalog {
  private readonly missingEntries = new Set<string>();

  constructor(
    readonly root: string,
    readonly allowMissing: boolean,
  ) {}

  /** Absolute path of the entry to bundle: the module itself, or the 501 stub when it is missing. */
  entry(modulePath: string): string {
    if (existsSync(join(this.root, modulePath))) return join(this.root, modulePath);
    this.missingEntries.add(modulePath);
    return join(REPO_ROOT, NOT_IMPLEMENTED_STUB);
  }

  /** Whether the module exists (the stub is standing in otherwise). */
  exists(modulePath: string): boolean {
    return existsSync(join(this.root, modulePath));
  }

  markMissing(modulePath: string): void {
    this.missingEntries.add(modulePath);
  }

  get missing(): string[] {
    return [...this.missingEntries].sort();
  }

  /** Throws one error listing every missing module, unless this is a sandbox that allowed them. */
  assertComplete(): void {
    if (this.missingEntries.size > 0 && !this.allowMissing) throw new MissingHandlersError(this.missing);
  }
}

export const apiEntry = (handler: string) => `functions/api/${handler}/handler.ts`;
export const workerEntry = (name: string) => `functions/workers/${name}/handler.ts`;
export const AUTHORIZER_ENTRY = 'functions/authorizer/handler.ts';
/**
 * Fed by the table's stream (new outbox items) and swept on a schedule: hands every side effect written
 * with a change to its queue, notification or vendor (functions/workers/outbox-relay).
 */
export const OUTBOX_RELAY_WORKER = 'outbox-relay';
/** Minutes between the relay's sweeps of outbox items the stream did not deliver. */
export const OUTBOX_SWEEP_MINUTES = 10;
/** Invoked by the SES receipt rule (not a queue consumer): turns inbound mail into invoices. */
export const EMAIL_INGEST_WORKER = 'email-ingest';

/**
 * The module of every function the stacks build (API resources, the authorizer, the queue consumers and the
 * workflow's Lambda states), repository-relative. Declared to the bundler before the stacks are built, so
 * all of them are bundled in one esbuild run; a test checks it matches the functions the stacks create.
 */
export function functionModules(catalog: HandlerCatalog): string[] {
  return [
    AUTHORIZER_ENTRY,
    ...API_RESOURCES.map((r) => apiEntry(r.handler)),
    ...WORKERS.map((w) => workerEntry(w.name)),
    workerEntry(EMAIL_INGEST_WORKER),
    workerEntry(OUTBOX_RELAY_WORKER),
    ...SCHEDULED_WORKERS.map((w) => workerEntry(w.name)),
    ...readWorkflow(catalog).tasks.map((t) => t.module),
  ];
}

/** One Lambda-backed state of the workflow, found through its `${XxxArn}` placeholder. */
export interface WorkflowTask {
  /** The placeholder name without `${}`, e.g. `ClaimArn`. */
  placeholder: string;
  /** `functions/workflow/states/<kebab>.ts`, e.g. `functions/workflow/states/mark-failed.ts`. */
  module: string;
  /** Short kebab-case name used in construct ids and function names. */
  name: string;
}

export interface WorkflowDefinition {
  /** Absolute path of the ASL file CDK loads (the real one, or the stub in a sandbox). */
  file: string;
  tasks: WorkflowTask[];
  /** Every state name in the definition, nested branches included. */
  stateNames: string[];
  /** Textract SDK actions the definition calls, e.g. `analyzeExpense`. */
  textractActions: string[];
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * Reads the ASL file and discovers its Lambda states from the `${XxxArn}` placeholders, so a state added to
 * the definition gets its function (or a clear synth error) without touching the stack.
 */
export function readWorkflow(catalog: HandlerCatalog): WorkflowDefinition {
  let file = join(catalog.root, WORKFLOW_DEFINITION);
  if (!existsSync(file)) {
    catalog.markMissing(WORKFLOW_DEFINITION);
    file = join(REPO_ROOT, STUB_WORKFLOW);
  }
  const text = readFileSync(file, 'utf8');
  const placeholders = [...new Set([...text.matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]))];
  const unknown = placeholders.filter((p) => !p.endsWith('Arn'));
  if (unknown.length > 0) {
    throw new Error(
      `${relative(catalog.root, file)} uses placeholders the pipeline stack cannot fill: ${unknown
        .map((p) => `\${${p}}`)
        .join(', ')}. Only \${<State>Arn} (the Lambda of a state) is substituted.`,
    );
  }
  const tasks = placeholders.sort().map((placeholder) => {
    const name = kebab(placeholder.slice(0, -'Arn'.length));
    return { placeholder, name, module: `functions/workflow/states/${name}.ts` };
  });
  const definition = JSON.parse(text) as AslNode;
  const textractActions = [...text.matchAll(/:states:::aws-sdk:textract:([A-Za-z]+)/g)].map((m) => m[1]);
  return {
    file,
    tasks,
    stateNames: collectStateNames(definition),
    textractActions: [...new Set(textractActions)].sort(),
  };
}

interface AslNode {
  States?: Record<string, AslNode>;
  Branches?: AslNode[];
  Iterator?: AslNode;
  ItemProcessor?: AslNode;
}

function collectStateNames(node: AslNode): string[] {
  const names: string[] = [];
  for (const [name, state] of Object.entries(node.States ?? {})) {
    names.push(name);
    for (const branch of state.Branches ?? []) names.push(...collectStateNames(branch));
    if (state.Iterator) names.push(...collectStateNames(state.Iterator));
    if (state.ItemProcessor) names.push(...collectStateNames(state.ItemProcessor));
  }
  return names;
}
