import { env } from '../../env';
import { StepFunctionsStarter } from './sfn-starter';

/**
 * Port: starts the invoice-processing workflow for one stored file. In the cloud an object-created event
 * starts it (EventBridge → Step Functions) and reprocessing calls StartExecution; locally the same ASL
 * runs in-process under aws-local-stepfunctions. The runtime registers its adapter at start.
 */
export interface ProcessingStarter {
  start(input: {
    orgId: string;
    invoiceId: string;
    objectKey: string;
    bucket: string;
    reason: 'upload' | 'reprocess';
  }): Promise<void>;
}

let registered: ProcessingStarter | undefined;

export function registerProcessingStarter(starter: ProcessingStarter): void {
  registered = starter;
}

/**
 * The runtime's starter. The local stack registers its in-process runner at start; in the cloud nothing
 * registers one, so the first call (the reprocess handler's cold start) makes the Step Functions
 * adapter from STATE_MACHINE_ARN.
 */
export function processingStarter(): ProcessingStarter {
  if (!registered) {
    const stateMachineArn = env().STATE_MACHINE_ARN;
    if (!stateMachineArn) throw new Error('No processing starter registered for this runtime');
    registered = new StepFunctionsStarter({ stateMachineArn });
  }
  return registered;
}
