import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * The local workflow runner's registry of the organizations it has queued runs for (one item), so a
 * restarted `npm start` finds their unfinished work without scanning the table. The cloud has none:
 * Step Functions keeps its own executions.
 */
export async function registerWorkflowOrg(orgId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.localWorkflowRegistry,
      UpdateExpression: 'ADD orgIds :org',
      ExpressionAttributeValues: { ':org': new Set([orgId]) },
    }),
  );
}

export async function workflowOrgs(): Promise<string[]> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.localWorkflowRegistry }),
  );
  return [...((Item?.orgIds as Set<string> | undefined) ?? [])];
}
