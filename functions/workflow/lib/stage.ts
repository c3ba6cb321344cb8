import { type ProcessingStage, setProcessingStage } from '../../adapters/dynamodb/processing-stage';
import { StaleRun } from '../types';

/** Shows the step a run is in; a run that was superseded meanwhile stops here ({@link StaleRun}). */
export async function setStage(
  orgId: string,
  invoiceId: string,
  runId: string,
  stage: ProcessingStage,
): Promise<void> {
  if (!(await setProcessingStage(orgId, invoiceId, runId, stage)))
    throw new StaleRun(`Invoice ${invoiceId}: run ${runId} is no longer current`);
}
