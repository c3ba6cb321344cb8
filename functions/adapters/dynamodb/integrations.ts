import type { Integration } from '../../../shared/schemas';
import type { IntegrationItem } from '../../core/integrations/integration';
import { isConditionFailure, nowIso } from './client';
import { countChange, firstVersion, nextVersion, orgEntity, transact } from './entity';

export type { IntegrationItem } from '../../core/integrations/integration';

const integrations = orgEntity<IntegrationItem>({
  type: 'INTEGRATION',
  entity: 'Integration',
  label: 'Integration',
});

const activeCount = (status: Integration['status'] | undefined) => (status === 'ACTIVE' ? 1 : 0);

/**
 * Writes `after` over `before` (or creates it when `before` is undefined, deletes it when `after` is) and
 * moves `TOTALS.activeIntegrationCount` by the change in "is ACTIVE", in one transaction.
 */
async function write(
  orgId: string,
  before: IntegrationItem | undefined,
  after: IntegrationItem | undefined,
  onConflict?: () => unknown,
) {
  const delta = activeCount(after?.status) - activeCount(before?.status);
  const main = !after
    ? integrations.remove(orgId, (before as IntegrationItem).id, before)
    : before
      ? integrations.replace(orgId, before, after)
      : integrations.create(orgId, after);
  await transact(
    [main, ...(delta !== 0 ? [countChange(orgId, 'activeIntegrationCount', delta)] : [])],
    onConflict,
  );
}

/** Creates an integration as ACTIVE and counts it as connected. */
export async function createIntegration(
  orgId: string,
  input: { name: string; type: Integration['type']; config: Record<string, string | undefined> },
): Promise<IntegrationItem> {
  const config = Object.fromEntries(
    Object.entries(input.config).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const item: IntegrationItem = firstVersion({
    name: input.name,
    type: input.type,
    status: 'ACTIVE',
    config,
    lastSyncAt: null,
    lastError: null,
  });
  await write(orgId, undefined, item);
  return item;
}

/** The integration of this organization: findIntegration answers undefined, getIntegration 404 (also for another organization's ids). */
export const { find: findIntegration, get: getIntegration } = integrations;

/** Changes name, status or config if nobody changed the integration since `before` (or `expectedVersion`). */
export async function updateIntegration(
  orgId: string,
  before: IntegrationItem,
  changes: { name?: string; status?: 'ACTIVE' | 'INACTIVE'; config?: Record<string, string> },
  expectedVersion?: number,
): Promise<IntegrationItem> {
  integrations.checkVersion(before, expectedVersion);
  const after = nextVersion(before, {
    name: changes.name ?? before.name,
    status: changes.status ?? before.status,
    config: changes.config ?? before.config,
    // A re-enabled or reconfigured integration starts clean; the next sync or test tells its state.
    ...(changes.status === 'ACTIVE' || changes.config ? { lastError: null } : {}),
  });
  await write(orgId, before, after, integrations.stale);
  return after;
}

/**
 * Replaces the config and nothing else (the secrets-migration rewrite). The version moves, so a concurrent
 * write based on the older item fails and re-reads. Answers the item as it now is (another writer's, if
 * one came first).
 */
export async function replaceIntegrationConfig(
  orgId: string,
  before: IntegrationItem,
  config: Record<string, string>,
): Promise<IntegrationItem> {
  const after: IntegrationItem = { ...before, config, version: before.version + 1 };
  try {
    await write(orgId, before, after);
    return after;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return getIntegration(orgId, before.id);
  }
}

export async function deleteIntegration(orgId: string, id: string): Promise<void> {
  const before = await getIntegration(orgId, id);
  await write(orgId, before, undefined, integrations.stale);
}

/** Every integration of the organization with its full config (secrets included), for the sync worker. */
export const listIntegrations = (orgId: string) => integrations.list(orgId);

/**
 * Records the outcome of a sync or test: ACTIVE on success, ERROR (with the reason) on failure, and the
 * time. An integration the user switched off stays INACTIVE. Retries a few times when a concurrent edit
 * moved the version; returns undefined if the integration is gone.
 */
export async function recordIntegrationResult(
  orgId: string,
  id: string,
  result: { ok: boolean; error?: string },
): Promise<IntegrationItem | undefined> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const before = await findIntegration(orgId, id);
    if (!before) return undefined;
    const now = nowIso();
    const after: IntegrationItem = {
      ...before,
      status: before.status === 'INACTIVE' ? 'INACTIVE' : result.ok ? 'ACTIVE' : 'ERROR',
      lastSyncAt: now,
      lastError: result.ok ? null : (result.error ?? 'Unknown error').slice(0, 1000),
      updatedAt: now,
      version: before.version + 1,
    };
    try {
      await write(orgId, before, after);
      return after;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw integrations.stale();
}
