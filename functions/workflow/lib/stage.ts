import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PROCESSING_STAGES } from '../../../shared/schemas';
import { db, tableName } from '../../adapters/dynamodb/client';
import { keys } from '../../adapters/dynamodb/keys';
import { StaleRun } from '../types';

export type ProcessingStage = (typeof PROCESSING_STAGES)[number];

/**
 * Shows the step a run is in. One UpdateItem of `processingStage` alone, guarded by the run id and the
 * PROCESSING status: a stage is progress display, not a business change, so it takes no version bump,
 * no audit event and no aggregate delta. A failed guard means the run was superseded ({@link StaleRun}).
 */
export async function setStage(
  orgId: string,
  invoiceId: string,
  runId: string,
  stage: ProcessingStage,
): Promise<void> {
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
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') {
      throw new StaleRun(`Invoice ${invoiceId}: run ${runId} is no longer current`);
    }
    throw error;
  }
}
