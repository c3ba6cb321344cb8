import { apiKeyCreateSchema, idSchema } from '../../../shared/schemas';
import { createApiKey, deleteApiKey, listApiKeys } from '../../adapters/dynamodb/api-keys';
import { forbidden } from '../../core/errors/app-error';
import { type ApiRequest, parseBody, parseParam, resourceHandler } from '../lib/http';

/** Only people manage keys: a leaked key must not be able to mint more keys or revoke the others. */
function personOnly(request: ApiRequest) {
  const principal = request.principal();
  if (principal.kind !== 'user') throw forbidden('API keys can only be managed by a signed-in user');
  return principal;
}

export const handler = resourceHandler({
  'GET /api/api-keys': async (request) => {
    const items = await listApiKeys(personOnly(request).orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/api-keys': async (request) => {
    const { orgId } = personOnly(request);
    const { name } = parseBody(request, apiKeyCreateSchema);
    return { status: 201, body: await createApiKey(orgId, name) };
  },

  'DELETE /api/api-keys/{id}': async (request) => {
    const { orgId } = personOnly(request);
    await deleteApiKey(orgId, parseParam(request, 'id', idSchema));
    return { status: 204 };
  },
});
