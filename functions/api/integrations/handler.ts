import * as z from 'zod';
import {
  INTEGRATION_CONFIG_SCHEMAS,
  INTEGRATION_CONNECTION_FIELDS,
  INTEGRATION_SECRET_FIELDS,
} from '../../../shared/schemas';
import {
  createIntegration,
  deleteIntegration,
  getIntegration,
  type IntegrationItem,
  listIntegrations,
  recordIntegrationResult,
  replaceIntegrationConfig,
  updateIntegration,
} from '../../adapters/dynamodb/integrations';
import { refuseUncallableUrl } from '../../adapters/http';
import { listPropertywareOptions } from '../../adapters/propertyware/client';
import { listQuickBooksOptions } from '../../adapters/quickbooks/client';
import { quickBooksToken } from '../../adapters/quickbooks/integration-tokens';
import { hasClearFields, openFields, sealFields } from '../../adapters/secrets';
import { AppError, badInput } from '../../core/errors/app-error';
import { sendBillsWaitingForMapping } from '../../core/integrations/mapping-waits';
import { finishQuickBooksConnect, startQuickBooksConnect } from '../../core/integrations/quickbooks-connect';
import { type IdRequest, resourceHandler } from '../lib/http';
import { integrationsContract } from './contract';
import { MASK, maskConfig, mergeConfig, toIntegration } from './mask';
import { testConnection } from './test-connection';

/**
 * Read-and-rewrite migration: an integration stored before secrets were sealed gets them sealed the
 * first time this API reads it (listing the settings page is enough). Until then the workers still use
 * its clear values.
 */
async function sealedItem(orgId: string, item: IntegrationItem): Promise<IntegrationItem> {
  if (!hasClearFields(item.config, INTEGRATION_SECRET_FIELDS)) return item;
  return replaceIntegrationConfig(
    orgId,
    item,
    await sealFields(orgId, item.config, INTEGRATION_SECRET_FIELDS),
  );
}

async function load(request: IdRequest) {
  const { orgId } = request.principal();
  return sealedItem(orgId, await getIntegration(orgId, request.params.id));
}

/** The URL an integration calls must be callable under the outbound policy (400 otherwise). */
async function refuseUncallable(config: Record<string, string | undefined>) {
  if (config.apiUrl) await refuseUncallableUrl(config.apiUrl, 'config.apiUrl');
}

/** Integrations; secrets are stored sealed for the sync and never answered (only masked). */
export const handler = resourceHandler(integrationsContract, {
  'GET /api/integrations': async (request) => {
    const { orgId } = request.principal();
    const stored = await listIntegrations(orgId);
    const items = (await Promise.all(stored.map((item) => sealedItem(orgId, item)))).map(toIntegration);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/integrations': async (request) => {
    const { orgId } = request.principal();
    const input = request.body;
    await refuseUncallable(input.config);
    const config = Object.fromEntries(
      Object.entries(input.config).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const sealed = await sealFields(orgId, config, INTEGRATION_SECRET_FIELDS);
    return toIntegration(await createIntegration(orgId, { ...input, config: sealed }));
  },

  // The QuickBooks connect flow (OAuth 2.0): the consent URL, then the code Intuit sent back.
  'POST /api/integrations/quickbooks/connect': async (request) => startQuickBooksConnect(request.principal()),

  'POST /api/integrations/quickbooks/callback': async (request) => {
    const { created, integration } = await finishQuickBooksConnect(request.principal(), request.body);
    return { status: created ? 201 : 200, body: toIntegration(integration) };
  },

  'GET /api/integrations/{id}': async (request) => toIntegration(await load(request)),

  'PUT /api/integrations/{id}': async (request) => {
    const { orgId } = request.principal();
    const before = await load(request);
    const input = request.body;
    // The merged config must still be valid for the type, with errors reported under `config.`. It is
    // merged over the masked config: a secret left as MASK keeps its stored (sealed) value below.
    const merged = input.config
      ? z
          .object({ config: INTEGRATION_CONFIG_SCHEMAS[before.type] })
          .parse({ config: mergeConfig(maskConfig(before.config), input.config) }).config
      : undefined;
    let config: Record<string, string> | undefined;
    if (merged) {
      await refuseUncallable(merged);
      const edited = Object.fromEntries(
        Object.entries(merged)
          .filter((e): e is [string, string] => typeof e[1] === 'string')
          .map(([field, value]) => [field, value === MASK ? before.config[field] : value]),
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
        ...(await sealFields(orgId, edited, INTEGRATION_SECRET_FIELDS)),
      };
    }
    const after = await updateIntegration(
      orgId,
      before,
      { name: input.name, status: input.status, config },
      input.version,
    );
    // Completing the mapping (or switching the integration back on) sends the bills that waited for it.
    await sendBillsWaitingForMapping(orgId, after);
    return toIntegration(after);
  },

  'DELETE /api/integrations/{id}': async (request) => {
    const item = await load(request);
    await deleteIntegration(request.principal().orgId, item.id);
    return { status: 204 };
  },

  'GET /api/integrations/{id}/options': async (request) => {
    const { orgId } = request.principal();
    const item = await load(request);
    const config = await openFields(orgId, item.config, INTEGRATION_SECRET_FIELDS);
    let answer: Awaited<ReturnType<typeof listQuickBooksOptions>>;
    if (item.type === 'QUICKBOOKS') {
      const token = await quickBooksToken(orgId, { id: item.id, config });
      answer = token.ok
        ? await listQuickBooksOptions({ ...config, apiKey: token.accessToken })
        : { ok: false, error: token.error };
    } else if (item.type === 'PROPERTYWARE') answer = await listPropertywareOptions(config);
    else
      throw badInput(`A ${item.type === 'EMAIL' ? 'E-mail' : 'Make.com'} integration has no accounts to map`);
    if (!answer.ok)
      throw new AppError('conflict', 'remote_unavailable', `${item.name} could not be read: ${answer.error}`);
    return answer.options;
  },

  'POST /api/integrations/{id}/test': async (request) => {
    const { orgId } = request.principal();
    const item = await load(request);
    const result = await testConnection(
      item.type,
      await openFields(orgId, item.config, INTEGRATION_SECRET_FIELDS),
    );
    const after = await recordIntegrationResult(orgId, item.id, {
      ok: result.ok,
      error: result.ok ? undefined : result.message,
    });
    return { status: 200, body: { ...result, integration: toIntegration(after ?? item) } };
  },
});
