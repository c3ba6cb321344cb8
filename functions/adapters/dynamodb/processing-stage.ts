import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PROCESSING_STAGES } from '../../../shared/schemas';
import { db, isConditionFailure, tableName } from './client';
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
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.invoice(orgId, invoiceId),
        UpdateExpression: 'SET processingStage = :stage',
        ConditionExpression: 'processingRunId = :run AND #status = :processing',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':stage': stage, ':run': runId, ':processing': 'PROCESSING' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
