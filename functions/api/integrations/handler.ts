import { z } from 'zod';
import {
  INTEGRATION_CONFIG_SCHEMAS,
  idSchema,
  integrationInputSchema,
  integrationUpdateSchema,
} from '../../../shared/schemas';
import {
  createIntegration,
  deleteIntegration,
  getIntegration,
  listIntegrations,
  recordIntegrationResult,
  updateIntegration,
} from '../../adapters/dynamodb/integrations';
import { type ApiRequest, parseBody, parseParam, resourceHandler } from '../lib/http';
import { mergeConfig, toIntegration } from './mask';
import { testConnection } from './test-connection';

async function load(request: ApiRequest) {
  const { orgId } = request.principal();
  return getIntegration(orgId, parseParam(request, 'id', idSchema));
}

/** Integrations; secrets are stored for the sync and only ever answered masked. */
export const handler = resourceHandler({
  'GET /api/integrations': async (request) => {
    const items = (await listIntegrations(request.principal().orgId)).map(toIntegration);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/integrations': async (request) => {
    const { orgId } = request.principal();
    const input = parseBody(request, integrationInputSchema);
    return { status: 201, body: toIntegration(await createIntegration(orgId, input)) };
  },

  'GET /api/integrations/{id}': async (request) => toIntegration(await load(request)),

  'PUT /api/integrations/{id}': async (request) => {
    const before = await load(request);
    const input = parseBody(request, integrationUpdateSchema);
    // The merged config must still be valid for the type, with errors reported under `config.`.
    const config = input.config
      ? z
          .object({ config: INTEGRATION_CONFIG_SCHEMAS[before.type] })
          .parse({ config: mergeConfig(before.config, input.config) }).config
      : undefined;
    const stored = config
      ? Object.fromEntries(
          Object.entries(config).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : undefined;
    const after = await updateIntegration(
      request.principal().orgId,
      before,
      { name: input.name, status: input.status, config: stored },
      input.version,
    );
    return toIntegration(after);
  },

  'DELETE /api/integrations/{id}': async (request) => {
    const item = await load(request);
    await deleteIntegration(request.principal().orgId, item.id);
    return { status: 204 };
  },

  'POST /api/integrations/{id}/test': async (request) => {
    const item = await load(request);
    const result = await testConnection(item.type, item.config);
    const after = await recordIntegrationResult(request.principal().orgId, item.id, {
      ok: result.ok,
      error: result.ok ? undefined : result.message,
    });
    return { status: 200, body: { ...result, integration: toIntegration(after ?? item) } };
  },
});
