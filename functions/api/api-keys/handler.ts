import { createApiKey, deleteApiKey, listApiKeys } from '../../adapters/dynamodb/api-keys';
import { resourceHandler } from '../lib/http';
import { apiKeysContract } from './contract';

/** The organization's API keys; who may list, create and revoke them is in functions/api/lib/rights.ts. */
export const handler = resourceHandler(apiKeysContract, {
  'GET /api/api-keys': async (request) => {
    const items = await listApiKeys(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/api-keys': async (request) => {
    const { orgId, actorId } = request.principal();
    const input = request.body;
    return await createApiKey(orgId, { ...input, createdBy: actorId });
  },

  'DELETE /api/api-keys/{id}': async (request) => {
    await deleteApiKey(request.principal().orgId, request.params.id);
    return { status: 204 };
  },
});
