import { itemKind } from './entity';
import { keys } from './keys';

const registry = itemKind<{ orgIds?: Set<string> }>()({ key: () => keys.localWorkflowRegistry });

/**
 * The local workflow runner's registry of the organizations it has queued runs for (one item), so a
 * restarted `npm start` finds their unfinished work without scanning the table. The cloud has none:
 * Step Functions keeps its own executions.
 */
export async function registerWorkflowOrg(orgId: string): Promise<void> {
  await registry.update([], {
    UpdateExpression: 'ADD orgIds :org',
    ExpressionAttributeValues: { ':org': new Set([orgId]) },
  });
}

export async function workflowOrgs(): Promise<string[]> {
  return [...((await registry.find([]))?.orgIds ?? [])];
}
