import type { ApiKeyScope, Role } from '../../../shared/schemas';
import { NOT_AN_APPROVER } from '../../core/approvals/steps';
import { forbidden } from '../../core/errors/app-error';
import type { Principal } from './principal';

/**
 * Who may call a route: the rules and the role groups they are made of. Each route names its rule in its
 * contract (functions/api/<resource>/contract.ts; a route without one does not compile), and resourceHandler
 * enforces it before the route runs, in both runtimes (the local gateway runs the same authorizer and
 * handlers). `RIGHTS` in functions/api/contracts.ts lists them all.
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
export const read = (scope?: ApiKeyScope): Rule => ({ roles: READERS, scope, refusal: NOT_ALLOWED });
export const edit = (scope?: ApiKeyScope): Rule => ({ roles: EDITORS, scope, refusal: NOT_ALLOWED });
export const approve: Rule = { roles: APPROVERS, scope: 'invoices:approve', refusal: NOT_AN_APPROVER };
/** A person's own things (profile, notifications): no API key has a person to act for. */
const personal = (refusal: string): Rule => ({ roles: READERS, refusal });
export const PROFILE = personal('API keys have no user profile');
/**
 * Any signed-in person, in an organization or not yet (the membership routes, where a person removed,
 * invited or unverified chooses what to join); never API keys. resourceHandler checks it by identity alone.
 */
export const SIGNED_IN: Rule = { roles: [], refusal: 'Only signed-in people have a membership' };
export const NOTIFICATIONS = personal('Notifications are for signed-in people');
export const administer = (refusal: string): Rule => ({ roles: ADMINS, refusal });

export const TEAM = administer('Only an administrator can manage the team');
export const KEYS = administer('Only an administrator can manage API keys');
export const WEBHOOKS = administer('Only an administrator can manage webhooks');
export const INTEGRATIONS = administer('Only an administrator can manage integrations');
export const APPROVAL_RULES = administer('Only an administrator can manage approval rules');

/** Public routes skip the authorizer and these rules (sign-in redirects, the OpenAPI document). */
export const PUBLIC = 'public';

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
