import { apiKeyCreateSchema, idSchema } from '../../../shared/schemas';
import { createApiKey, deleteApiKey, listApiKeys } from '../../adapters/dynamodb/api-keys';
import { parseBody, parseParam, resourceHandler } from '../lib/http';

/** The organization's API keys; who may list, create and revoke them is in functions/api/lib/rights.ts. */
export const handler = resourceHandler({
  'GET /api/api-keys': async (request) => {
    const items = await listApiKeys(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/api-keys': async (request) => {
    const { orgId, actorId } = request.principal();
    const input = parseBody(request, apiKeyCreateSchema);
    return { status: 201, body: await createApiKey(orgId, { ...input, createdBy: actorId }) };
  },

  'DELETE /api/api-keys/{id}': async (request) => {
    await deleteApiKey(request.principal().orgId, parseParam(request, 'id', idSchema));
    return { status: 204 };
  },
});
