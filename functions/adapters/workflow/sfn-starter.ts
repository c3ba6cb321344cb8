import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { findInvoice } from '../dynamodb/invoices';
import { traced } from '../observability/tracer';
import type { ProcessingStarter } from './processing-port';

/**
 * The cloud adapter: starts the state machine with the same input an object-created event gives it
 * (`{bucket, objectKey}`). The execution is named `<invoiceId>-<runId>`, so a retried request for the
 * same run starts nothing new (Step Functions refuses a second execution of one name).
 */
export class StepFunctionsStarter implements ProcessingStarter {
  readonly #client: SFNClient;
  readonly #stateMachineArn: string;

  constructor(options: { stateMachineArn: string; client?: SFNClient }) {
    this.#client = options.client ?? traced(new SFNClient({}));
    this.#stateMachineArn = options.stateMachineArn;
  }

  async start(input: Parameters<ProcessingStarter['start']>[0]): Promise<void> {
    const invoice = await findInvoice(input.orgId, input.invoiceId);
    const runId = invoice?.processingRunId ?? 'initial';
    try {
      await this.#client.send(
        new StartExecutionCommand({
          stateMachineArn: this.#stateMachineArn,
          name: executionName(input.invoiceId, runId),
          input: JSON.stringify({ bucket: input.bucket, objectKey: input.objectKey, reason: input.reason }),
        }),
      );
    } catch (error) {
      // Same name, same input: this run was started already, which is what the caller wanted.
      if (!(error instanceof ExecutionAlreadyExists)) throw error;
    }
  }
}

/** Execution names allow 80 characters of [A-Za-z0-9-_]: two ULIDs and a hyphen are 53. */
export const executionName = (invoiceId: string, runId: string) =>
  `${invoiceId}-${runId}`.replace(/[^A-Za-z0-9-_]/g, '_').slice(0, 80);
