import { expect } from 'vitest';
import { registerProcessingStarter } from '../../functions/adapters/workflow/processing-starter';
import { LocalWorkflowRunner, type WorkflowRunnerOptions } from '../../infra/local/workflow-runner';
import { type Invoice, invoiceSchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from './local-stack';

export interface WorkflowStack {
  stack: TestStack;
  runner: LocalWorkflowRunner;
  /** A new user's API (a fresh organization). */
  api: Api;
  /** Uploads a file, waits for the workflow, and returns the invoice as the list API shows it. */
  decided(bytes: Uint8Array, filename: string): Promise<Invoice>;
  /** The organization's invoices (its first 100) as the list API shows them; `as` another user's. */
  listed(as?: Api): Promise<Invoice[]>;
  stop(): Promise<void>;
}

/**
 * A test stack whose workflow runs on a runner the test configures (its engine, a Textract stand-in),
 * the deployed ASL as always.
 */
export async function startWorkflowStack(options: WorkflowRunnerOptions): Promise<WorkflowStack> {
  let runner: LocalWorkflowRunner | undefined;
  const stack = await startTestStack({
    workflow: false,
    queueWorkers: false,
    onObjectCreated: (record) => runner?.onObjectCreated(record),
  });
  const ready = new LocalWorkflowRunner(options);
  runner = ready;
  registerProcessingStarter(ready);
  const { api } = await stack.newUser();
  const listed = async (as = api) => {
    const page = await (await as('/api/invoices?limit=100')).json();
    return (page.items as unknown[]).map((i) => invoiceSchema.parse(i));
  };
  return {
    stack,
    runner: ready,
    api,
    async decided(bytes, filename) {
      const response = await api('/api/invoices/upload', { method: 'POST', body: fileForm(bytes, filename) });
      expect(response.status, await response.clone().text()).toBe(201);
      const { id } = invoiceSchema.parse(await response.json());
      await ready.idle();
      const found = (await listed()).find((i) => i.id === id);
      if (!found) throw new Error(`Invoice ${id} is not listed`);
      return found;
    },
    listed,
    async stop() {
      await ready.stop();
      await stack.stop();
    },
  };
}
