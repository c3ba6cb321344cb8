import { env } from '../../env';
import type { ProcessingStarter } from './processing-port';
import { StepFunctionsStarter } from './sfn-starter';

export type { ProcessingStarter };

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
