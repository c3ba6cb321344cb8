import type { ApiKeyScope, Role } from '../../../shared/schemas';
import { NOT_AN_APPROVER } from '../../core/approvals/steps';
import { forbidden } from '../../core/errors/app-error';
import type { Principal } from './principal';

/**
 * Who may call which route: the one table of rights, enforced for every route by resourceHandler before the
 * route runs, in both runtimes (the local gateway runs the same authorizer and handlers). A route without a
 * rule cannot be served: resourceHandler refuses to build a handler that has one.
 *
 * A rule names the roles of signed-in people who may call the route and the scope an API key needs; a rule
 * without a scope is never open to API keys, whatever scopes a key claims. Roles are grouped by what they
 * do (read, edit, approve, administer), so a new role is one edit of the groups below.
 */
export interface Rule {
  /** Signed-in people with one of these roles may call the route. */
  roles: readonly Role[];
  /** The scope an API key needs; absent: API keys may never call the route. */
  scope?: ApiKeyScope;
  /** What a refused caller is told. */
  refusal: string;
}

/** Everyone in the organization. */
const READERS: readonly Role[] = ['ADMIN', 'APPROVER', 'MEMBER', 'VIEWER'];
/** Those who upload, edit and code invoices and maintain vendors and properties. */
const EDITORS: readonly Role[] = ['ADMIN', 'APPROVER', 'MEMBER'];
/**
 * Those who may approve and reject invoices at all; which invoice's pending step a person may approve is
 * decided by its approval steps (functions/core/approvals/).
 */
const APPROVERS: readonly Role[] = ['ADMIN', 'APPROVER'];
/** Those who manage the organization, its people, keys, webhooks and integrations. */
const ADMINS: readonly Role[] = ['ADMIN'];

const NOT_ALLOWED = 'You are not allowed to do this';
const read = (scope?: ApiKeyScope): Rule => ({ roles: READERS, scope, refusal: NOT_ALLOWED });
const edit = (scope?: ApiKeyScope): Rule => ({ roles: EDITORS, scope, refusal: NOT_ALLOWED });
const approve: Rule = { roles: APPROVERS, scope: 'invoices:approve', refusal: NOT_AN_APPROVER };
/** A person's own things (profile, notifications): no API key has a person to act for. */
const personal = (refusal: string): Rule => ({ roles: READERS, refusal });
const PROFILE = personal('API keys have no user profile');
const NOTIFICATIONS = personal('Notifications are for signed-in people');
const administer = (refusal: string): Rule => ({ roles: ADMINS, refusal });

const TEAM = administer('Only an administrator can manage the team');
const KEYS = administer('Only an administrator can manage API keys');
const WEBHOOKS = administer('Only an administrator can manage webhooks');
const INTEGRATIONS = administer('Only an administrator can manage integrations');
const APPROVAL_RULES = administer('Only an administrator can manage approval rules');

/** Public routes skip the authorizer and these rules (sign-in redirects, the OpenAPI document). */
export const PUBLIC = 'public';

export const RIGHTS: Record<string, Rule | typeof PUBLIC> = {
  'GET /api/login': PUBLIC,
  'GET /api/logout': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  'GET /api/invitations/{token}': PUBLIC,

  'GET /api/auth/user': PROFILE,
  'GET /api/user/profile': PROFILE,
  'PUT /api/user/profile': PROFILE,
  'GET /api/notifications': NOTIFICATIONS,
  'POST /api/notifications/read': NOTIFICATIONS,

  'GET /api/stats': read('analytics:read'),
  'GET /api/analytics/invoice-analytics': read('analytics:read'),

  'GET /api/invoices': read('invoices:read'),
  'GET /api/invoices/export.csv': read('invoices:read'),
  'GET /api/invoices/{id}': read('invoices:read'),
  'GET /api/invoices/{id}/line-items': read('invoices:read'),
  'GET /api/invoices/{id}/comments': read('invoices:read'),
  'GET /api/invoices/{id}/events': read('invoices:read'),
  'GET /api/invoices/{id}/pdf': read('invoices:read'),
  'GET /api/invoices/{id}/file': read('invoices:read'),
  'POST /api/invoices/upload': edit('invoices:upload'),
  'POST /api/upload': edit('invoices:upload'),
  'POST /api/invoices/upload-url': edit('invoices:upload'),
  'PUT /api/invoices/{id}': edit('invoices:write'),
  'DELETE /api/invoices/{id}': edit('invoices:write'),
  'POST /api/invoices/{id}/reprocess': edit('invoices:write'),
  'POST /api/invoices/{id}/comments': edit('invoices:write'),
  'POST /api/invoices/{id}/approve': approve,
  'POST /api/invoices/{id}/reject': approve,
  'POST /api/invoices/{id}/sync/retry': approve,

  'GET /api/categories': read('categories:read'),

  'GET /api/vendors': read('vendors:read'),
  'GET /api/vendors/{id}': read('vendors:read'),
  'POST /api/vendors': edit('vendors:write'),
  'PUT /api/vendors/{id}': edit('vendors:write'),
  'DELETE /api/vendors/{id}': edit('vendors:write'),
  'POST /api/vendors/{id}/merge': edit('vendors:write'),

  'GET /api/properties': read('properties:read'),
  'GET /api/properties/{id}': read('properties:read'),
  'POST /api/properties': edit('properties:write'),
  'PUT /api/properties/{id}': edit('properties:write'),
  'DELETE /api/properties/{id}': edit('properties:write'),

  'GET /api/organization/current': read(),
  'PUT /api/organization/current': administer('Only an administrator can change the organization settings'),
  'POST /api/organization/inbox/regenerate': administer('Only an administrator can change the inbox address'),
  'PUT /api/organization/inbox': administer('Only an administrator can change the inbox settings'),

  // Members see the team, the keys (prefixes only), webhooks and integrations (secrets masked) read-only.
  'GET /api/organization/members': read(),
  'PUT /api/organization/members/{userId}': TEAM,
  'DELETE /api/organization/members/{userId}': TEAM,
  'GET /api/organization/invitations': TEAM,
  'POST /api/organization/invitations': TEAM,
  'DELETE /api/organization/invitations/{email}': TEAM,
  'POST /api/organization/invitations/{email}/resend': TEAM,

  'GET /api/organization/approval-rules': APPROVAL_RULES,
  'POST /api/organization/approval-rules': APPROVAL_RULES,
  'PUT /api/organization/approval-rules/{id}': APPROVAL_RULES,
  'DELETE /api/organization/approval-rules/{id}': APPROVAL_RULES,

  'GET /api/api-keys': { ...read(), refusal: 'API keys can only be managed by a signed-in user' },
  'POST /api/api-keys': KEYS,
  'DELETE /api/api-keys/{id}': KEYS,

  'GET /api/webhooks': read(),
  'GET /api/webhooks/{id}': read(),
  'POST /api/webhooks': WEBHOOKS,
  'DELETE /api/webhooks/{id}': WEBHOOKS,
  'POST /api/webhooks/{id}/rotate-secret': WEBHOOKS,
  // The log holds answers of the organization's receivers: managing webhooks includes reading it.
  'GET /api/webhooks/{id}/deliveries': WEBHOOKS,
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': WEBHOOKS,

  'GET /api/integrations': read(),
  'GET /api/integrations/{id}': read(),
  'POST /api/integrations': INTEGRATIONS,
  'PUT /api/integrations/{id}': INTEGRATIONS,
  'DELETE /api/integrations/{id}': INTEGRATIONS,
  'POST /api/integrations/{id}/test': INTEGRATIONS,
  'POST /api/integrations/quickbooks/connect': INTEGRATIONS,
  'POST /api/integrations/quickbooks/callback': INTEGRATIONS,
};

/** The rule of a route key (`'PUT /api/invoices/{id}'`); throws for a route nobody wrote a rule for. */
export function ruleOf(route: string): Rule | typeof PUBLIC {
  const rule = RIGHTS[route];
  if (!rule) throw new Error(`No rights rule for ${route}: add one to functions/api/lib/rights.ts`);
  return rule;
}

/** Whether the principal may call a route under its rule. */
export function isAllowed(rule: Rule, principal: Principal): boolean {
  if (principal.kind === 'apikey') return rule.scope !== undefined && principal.scopes.includes(rule.scope);
  return rule.roles.includes(principal.role);
}

/** Refuses (403, with the rule's message) a principal the rule does not allow. */
export function authorize(rule: Rule, principal: Principal): void {
  if (isAllowed(rule, principal)) return;
  if (principal.kind === 'apikey' && rule.scope)
    throw forbidden(`This API key does not have the ${rule.scope} scope`);
  throw forbidden(rule.refusal);
}
