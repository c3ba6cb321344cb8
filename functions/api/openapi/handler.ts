import { resourceHandler } from '../lib/http';
import { openapiContract } from './contract';
import { openApiDocument } from './document';

/** The OpenAPI document, public so API clients and tools can read it without a key. */
export const handler = resourceHandler(openapiContract, {
  'GET /api/openapi.json': async () => ({
    status: 200,
    body: openApiDocument(),
    headers: { 'cache-control': 'public, max-age=300' },
  }),
});
