import { apiKeyCreatedSchema, apiKeyCreateSchema, idSchema, pageOf } from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { KEYS, read } from '../lib/rights';

/** The routes of api-keys: what each reads and answers (functions/api/lib/contract.ts). */
export const apiKeysContract = defineContract({
  'GET /api/api-keys': {
    rule: { ...read(), refusal: 'API keys can only be managed by a signed-in user' },
    tag: 'API keys',
    summary: 'List API keys (prefix only)',
    success: 200,
    response: pageOf(named.ApiKey),
    errors: [403],
  },
  'POST /api/api-keys': {
    rule: KEYS,
    tag: 'API keys',
    summary: 'Create an API key (the full key is answered once)',
    body: apiKeyCreateSchema,
    success: 201,
    response: apiKeyCreatedSchema,
    errors: [400, 403],
  },
  'DELETE /api/api-keys/{id}': {
    rule: KEYS,
    tag: 'API keys',
    summary: 'Revoke an API key at once',
    params: { id: idSchema },
    success: 204,
    errors: [403, 404],
  },
});
