import type { PROCESSING_STAGES } from '../../../shared/schemas';
import { updateIf } from './entity';
import { keys } from './keys';

export type ProcessingStage = (typeof PROCESSING_STAGES)[number];

/**
 * Shows the step a run is in. One UpdateItem of `processingStage` alone, guarded by the run id and the
 * PROCESSING status: a stage is progress display, not a business change, so it takes no version bump,
 * no audit event and no aggregate delta. False when the guard failed (the run was superseded).
 */
export async function setProcessingStage(
  orgId: string,
  invoiceId: string,
  runId: string,
  stage: ProcessingStage,
): Promise<boolean> {
  const written = await updateIf({
    Key: keys.invoice(orgId, invoiceId),
    UpdateExpression: 'SET processingStage = :stage',
    ConditionExpression: 'processingRunId = :run AND #status = :processing',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':stage': stage, ':run': runId, ':processing': 'PROCESSING' },
  });
  return written !== undefined;
}
