import { analyticsContract } from './analytics/contract';
import { apiKeysContract } from './api-keys/contract';
import { approvalRulesContract } from './approval-rules/contract';
import { authContract } from './auth/contract';
import { categoriesContract } from './categories/contract';
import { integrationsContract } from './integrations/contract';
import { invitationLinksContract } from './invitation-links/contract';
import { invoicesContract } from './invoices/contract';
import type { Contract, RouteContract, RouteKey } from './lib/contract';
import type { PUBLIC, Rule } from './lib/rights';
import { notificationsContract } from './notifications/contract';
import { openapiContract } from './openapi/contract';
import { organizationContract } from './organization/contract';
import { propertiesContract } from './properties/contract';
import { reportsContract } from './reports/contract';
import { sessionContract } from './session/contract';
import { statsContract } from './stats/contract';
import { teamContract } from './team/contract';
import { userContract } from './user/contract';
import { vendorsContract } from './vendors/contract';
import { webhooksContract } from './webhooks/contract';

/**
 * The contract of every /api resource, keyed by its folder (`handler` in routes.ts), in the order the
 * OpenAPI document lists them. Contracts are data only: the OpenAPI function reads them all without
 * bundling any handler.
 */
export const CONTRACTS: Record<string, Contract> = {
  session: sessionContract,
  openapi: openapiContract,
  'invitation-links': invitationLinksContract,
  auth: authContract,
  invoices: invoicesContract,
  stats: statsContract,
  analytics: analyticsContract,
  reports: reportsContract,
  categories: categoriesContract,
  vendors: vendorsContract,
  properties: propertiesContract,
  integrations: integrationsContract,
  webhooks: webhooksContract,
  'api-keys': apiKeysContract,
  notifications: notificationsContract,
  user: userContract,
  organization: organizationContract,
  team: teamContract,
  'approval-rules': approvalRulesContract,
};

/** Every declared route with its contract: what the OpenAPI document and the API fuzz test walk. */
export const OPERATIONS: (RouteContract & { route: RouteKey })[] = Object.values(CONTRACTS).flatMap(
  (contract) =>
    Object.entries(contract).map(([route, operation]) => ({
      route: route as RouteKey,
      ...(operation as RouteContract),
    })),
);

/** Who may call which route: every route's rule, from its contract (the rights tests walk it). */
export const RIGHTS: Record<string, Rule | typeof PUBLIC> = Object.fromEntries(
  OPERATIONS.map((operation) => [operation.route, operation.rule]),
);
