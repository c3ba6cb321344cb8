import * as z from 'zod';
import {
  INTEGRATION_CONFIG_SCHEMAS,
  INTEGRATION_CONNECTION_FIELDS,
  INTEGRATION_SECRET_FIELDS,
  type Integration,
  type IntegrationInput,
  type IntegrationOptions,
  type integrationUpdateSchema,
} from '../../../shared/schemas';
import { AppError, badInput } from '../errors/app-error';
import { ports } from '../ports';
import type { IntegrationItem } from './integration';
import { sendBillsWaitingForMapping } from './mapping-waits';
import { MASK, maskConfig, mergeConfig, toIntegration } from './mask';
import { type ConnectionResult, testConnection } from './test-connection';

/**
 * The integrations settings: secrets are stored sealed for the sync and never answered (only masked), and
 * every URL an integration calls must be callable under the outbound policy.
 */

const hasClearSecrets = (config: Record<string, string>) =>
  INTEGRATION_SECRET_FIELDS.some((field) => config[field] !== undefined && !ports().isSealed(config[field]));

/**
 * Read-and-rewrite migration: an integration stored before secrets were sealed gets them sealed the
 * first time the settings read it (listing the settings page is enough). Until then the workers still use
 * its clear values.
 */
async function sealedItem(orgId: string, item: IntegrationItem): Promise<IntegrationItem> {
  if (!hasClearSecrets(item.config)) return item;
  return ports().replaceIntegrationConfig(
    orgId,
    item,
    await ports().sealFields(orgId, item.config, INTEGRATION_SECRET_FIELDS),
  );
}

/** The integration of this organization (404 otherwise), its secrets sealed. */
async function load(orgId: string, id: string): Promise<IntegrationItem> {
  return sealedItem(orgId, await ports().getIntegration(orgId, id));
}

/** The URL an integration calls must be callable under the outbound policy (400 otherwise). */
async function refuseUncallable(config: Record<string, string | undefined>) {
  if (config.apiUrl) await ports().refuseUncallableUrl(config.apiUrl, 'config.apiUrl');
}

const definedFields = (config: Record<string, string | null | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(config).filter((e): e is [string, string] => typeof e[1] === 'string'));

export async function listIntegrationSettings(orgId: string): Promise<Integration[]> {
  const stored = await ports().listIntegrations(orgId);
  return (await Promise.all(stored.map((item) => sealedItem(orgId, item)))).map(toIntegration);
}

export async function integrationSettings(orgId: string, id: string): Promise<Integration> {
  return toIntegration(await load(orgId, id));
}

export async function addIntegration(orgId: string, input: IntegrationInput): Promise<Integration> {
  await refuseUncallable(input.config);
  const sealed = await ports().sealFields(orgId, definedFields(input.config), INTEGRATION_SECRET_FIELDS);
  return toIntegration(await ports().createIntegration(orgId, { ...input, config: sealed }));
}

/**
 * Edits name, status or config. The config is merged over the masked one (a secret left as MASK keeps its
 * stored, sealed value) and must still be valid for the type, with errors reported under `config.`.
 * Completing the mapping (or switching the integration back on) sends the bills that waited for it.
 */
export async function editIntegration(
  orgId: string,
  id: string,
  input: z.infer<typeof integrationUpdateSchema>,
): Promise<Integration> {
  const before = await load(orgId, id);
  const merged = input.config
    ? z
        .object({ config: INTEGRATION_CONFIG_SCHEMAS[before.type] })
        .parse({ config: mergeConfig(maskConfig(before.config), input.config) }).config
    : undefined;
  let config: Record<string, string> | undefined;
  if (merged) {
    await refuseUncallable(merged);
    const edited = Object.fromEntries(
      Object.entries(definedFields(merged)).map(([field, value]) => [
        field,
        value === MASK ? before.config[field] : value,
      ]),
    );
    // The connection's own fields (OAuth tokens) are no form field: the type's schema drops them, so
    // they are carried over, or a settings edit would disconnect the integration.
    const connection = Object.fromEntries(
      INTEGRATION_CONNECTION_FIELDS.flatMap((field) =>
        before.config[field] !== undefined ? [[field, before.config[field]]] : [],
      ),
    );
    config = {
      ...connection,
      ...(await ports().sealFields(orgId, edited, INTEGRATION_SECRET_FIELDS)),
    };
  }
  const after = await ports().updateIntegration(
    orgId,
    before,
    { name: input.name, status: input.status, config },
    input.version,
  );
  await sendBillsWaitingForMapping(orgId, after);
  return toIntegration(after);
}

export async function removeIntegration(orgId: string, id: string): Promise<void> {
  const item = await load(orgId, id);
  await ports().deleteIntegration(orgId, item.id);
}

/** What the integration's system offers to map accounts (and classes, locations, …) to. */
export async function accountOptions(orgId: string, id: string): Promise<IntegrationOptions> {
  const item = await load(orgId, id);
  if (item.type !== 'QUICKBOOKS' && item.type !== 'PROPERTYWARE')
    throw badInput(`A ${item.type === 'EMAIL' ? 'E-mail' : 'Make.com'} integration has no accounts to map`);
  const config = await ports().openFields(orgId, item.config, INTEGRATION_SECRET_FIELDS);
  const answer = await ports().listAccountOptions(orgId, { ...item, config });
  if (!answer.ok)
    throw new AppError('conflict', 'remote_unavailable', `${item.name} could not be read: ${answer.error}`);
  return answer.options;
}

/** Test connection: one try of the configured endpoint, recorded on the integration like a sync's. */
export async function testIntegration(
  orgId: string,
  id: string,
): Promise<ConnectionResult & { integration: Integration }> {
  const item = await load(orgId, id);
  const result = await testConnection(
    item.type,
    await ports().openFields(orgId, item.config, INTEGRATION_SECRET_FIELDS),
  );
  const after = await ports().recordIntegrationResult(orgId, item.id, {
    ok: result.ok,
    error: result.ok ? undefined : result.message,
  });
  return { ...result, integration: toIntegration(after ?? item) };
}
