import {
  idSchema,
  integrationInputSchema,
  integrationOptionsSchema,
  integrationTestResultSchema,
  integrationUpdateSchema,
  pageOf,
  quickBooksCallbackSchema,
  quickBooksConnectSchema,
} from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { INTEGRATIONS, read } from '../lib/rights';

/** The routes of integrations: what each reads and answers (functions/api/lib/contract.ts). */
export const integrationsContract = defineContract({
  'GET /api/integrations': {
    rule: read(),
    tag: 'Integrations',
    summary: 'List integrations (secrets masked)',
    success: 200,
    response: pageOf(named.Integration),
  },
  'POST /api/integrations': {
    rule: INTEGRATIONS,
    tag: 'Integrations',
    summary: 'Connect an integration',
    body: integrationInputSchema,
    success: 201,
    response: named.Integration,
    errors: [400],
  },
  'GET /api/integrations/{id}': {
    rule: read(),
    tag: 'Integrations',
    summary: 'Get an integration',
    params: { id: idSchema },
    success: 200,
    response: named.Integration,
  },
  'PUT /api/integrations/{id}': {
    rule: INTEGRATIONS,
    tag: 'Integrations',
    summary: 'Edit an integration',
    params: { id: idSchema },
    body: integrationUpdateSchema,
    success: 200,
    response: named.Integration,
    errors: [400, 404, 409],
  },
  'DELETE /api/integrations/{id}': {
    rule: INTEGRATIONS,
    tag: 'Integrations',
    summary: 'Remove an integration',
    params: { id: idSchema },
    success: 204,
  },
  'POST /api/integrations/{id}/test': {
    rule: INTEGRATIONS,
    tag: 'Integrations',
    summary: 'Test the connection',
    params: { id: idSchema },
    success: 200,
    response: integrationTestResultSchema,
  },
  'GET /api/integrations/{id}/options': {
    rule: INTEGRATIONS,
    tag: 'Integrations',
    summary:
      'What the connected system offers to map onto: its accounts, classes (QuickBooks), portfolios (Propertyware) and vendors, read from it',
    params: { id: idSchema },
    success: 200,
    response: integrationOptionsSchema,
    errors: [400, 404, 409],
  },
  'POST /api/integrations/quickbooks/connect': {
    rule: INTEGRATIONS,
    tag: 'Integrations',
    summary:
      "Start connecting QuickBooks: answers Intuit's consent URL (single-use state bound to the caller)",
    success: 200,
    response: quickBooksConnectSchema,
    errors: [415],
  },
  'POST /api/integrations/quickbooks/callback': {
    rule: INTEGRATIONS,
    tag: 'Integrations',
    summary:
      'Finish connecting QuickBooks with the code, state and realmId Intuit sent back (200 when reconnected)',
    body: quickBooksCallbackSchema,
    success: 201,
    alsoSuccess: [200],
    response: named.Integration,
    errors: [400],
  },
});
