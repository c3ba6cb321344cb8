import { defineContract } from '../lib/contract';
import { PUBLIC } from '../lib/rights';

/** The routes of openapi: what each reads and answers (functions/api/lib/contract.ts). */
export const openapiContract = defineContract({
  'GET /api/openapi.json': {
    rule: PUBLIC,
    tag: 'Meta',
    summary: 'This document',
    success: 200,
    rawResponse: { contentType: 'application/json', description: 'The OpenAPI document' },
  },
});
