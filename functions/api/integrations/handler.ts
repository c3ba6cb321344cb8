import { toIntegration } from '../../core/integrations/mask';
import { finishQuickBooksConnect, startQuickBooksConnect } from '../../core/integrations/quickbooks-connect';
import {
  accountOptions,
  addIntegration,
  editIntegration,
  integrationSettings,
  listIntegrationSettings,
  removeIntegration,
  testIntegration,
} from '../../core/integrations/settings';
import { resourceHandler } from '../lib/http';
import { integrationsContract } from './contract';

/** Integrations; secrets are stored sealed for the sync and never answered (only masked). */
export const handler = resourceHandler(integrationsContract, {
  'GET /api/integrations': async (request) => {
    const items = await listIntegrationSettings(request.principal().orgId);
    return { items, nextCursor: null, total: items.length };
  },

  'POST /api/integrations': async (request) => addIntegration(request.principal().orgId, request.body),

  // The QuickBooks connect flow (OAuth 2.0): the consent URL, then the code Intuit sent back.
  'POST /api/integrations/quickbooks/connect': async (request) => startQuickBooksConnect(request.principal()),

  'POST /api/integrations/quickbooks/callback': async (request) => {
    const { created, integration } = await finishQuickBooksConnect(request.principal(), request.body);
    return { status: created ? 201 : 200, body: toIntegration(integration) };
  },

  'GET /api/integrations/{id}': async (request) =>
    integrationSettings(request.principal().orgId, request.params.id),

  'PUT /api/integrations/{id}': async (request) =>
    editIntegration(request.principal().orgId, request.params.id, request.body),

  'DELETE /api/integrations/{id}': async (request) => {
    await removeIntegration(request.principal().orgId, request.params.id);
    return { status: 204 };
  },

  'GET /api/integrations/{id}/options': async (request) =>
    accountOptions(request.principal().orgId, request.params.id),

  'POST /api/integrations/{id}/test': async (request) => ({
    status: 200,
    body: await testIntegration(request.principal().orgId, request.params.id),
  }),
});
