import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { errorBodySchema } from '../../../shared/errors';
import {
  analyticsSchema,
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeySchema,
  approvalRuleInputSchema,
  approvalRuleSchema,
  approveBodySchema,
  categorySchema,
  commentBodySchema,
  commentSchema,
  entityListQuerySchema,
  inboxSettingsSchema,
  integrationInputSchema,
  integrationSchema,
  integrationTestResultSchema,
  integrationUpdateSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationSchema,
  invoiceEventSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceUpdateSchema,
  lineItemSchema,
  memberSchema,
  memberUpdateSchema,
  notificationListSchema,
  notificationsReadSchema,
  organizationSchema,
  organizationUpdateSchema,
  pageOf,
  profileUpdateSchema,
  propertyInputSchema,
  propertySchema,
  propertyUpdateSchema,
  quickBooksCallbackSchema,
  quickBooksConnectSchema,
  rejectBodySchema,
  statsSchema,
  syncRetrySchema,
  uploadUrlRequestSchema,
  uploadUrlResponseSchema,
  userSchema,
  vendorInputSchema,
  vendorMergeSchema,
  vendorSchema,
  vendorUpdateSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookInputSchema,
  webhookSchema,
} from '../../../shared/schemas';
import { PUBLIC, type Rule, ruleOf } from '../lib/rights';
import { registerWebhookEvents } from './webhook-events';

type Schema = z.ZodType;

/** One documented operation. `responses` maps a success status to its JSON schema (null: no body). */
interface Operation {
  route: `${'GET' | 'POST' | 'PUT' | 'DELETE'} /api/${string}`;
  tag: string;
  summary: string;
  body?: Schema;
  /** Non-JSON request bodies (the multipart upload). */
  rawBody?: RouteConfig['request'];
  query?: z.ZodObject;
  success: number;
  response?: Schema;
  /** Non-JSON answers (files, CSV, redirects). */
  rawResponse?: { contentType?: string; description: string };
  public?: boolean;
  errors?: number[];
}

/**
 * Schemas shown as named components. zod 4's own `.meta({ id })` names them: schemas made before
 * `extendZodWithOpenApi` would not have `.openapi()`, and the shared ones are made at import time.
 */
const named = {
  Error: errorBodySchema.meta({ id: 'Error' }),
  Invoice: invoiceSchema.meta({ id: 'Invoice' }),
  Vendor: vendorSchema.meta({ id: 'Vendor' }),
  Property: propertySchema.meta({ id: 'Property' }),
  Category: categorySchema.meta({ id: 'Category' }),
  Integration: integrationSchema.meta({ id: 'Integration' }),
  Webhook: webhookSchema.meta({ id: 'Webhook' }),
  ApiKey: apiKeySchema.meta({ id: 'ApiKey' }),
  User: userSchema.meta({ id: 'User' }),
  Organization: organizationSchema.meta({ id: 'Organization' }),
  Member: memberSchema.meta({ id: 'Member' }),
  Invitation: invitationSchema.meta({ id: 'Invitation' }),
  InvitationPreview: invitationPreviewSchema.meta({ id: 'InvitationPreview' }),
  ApprovalRule: approvalRuleSchema.meta({ id: 'ApprovalRule' }),
  Stats: statsSchema.meta({ id: 'Stats' }),
  Analytics: analyticsSchema.meta({ id: 'Analytics' }),
};

const page = pageOf;
/** What each path parameter holds; a path's `{name}`s become its documented parameters. */
const PATH_PARAMETERS: Record<string, string> = {
  id: 'The resource id (a ULID)',
  userId: 'The member’s user id',
  email: 'The invited e-mail address, URL-encoded',
  deliveryId: 'The delivery log entry’s id (a ULID)',
  token: 'The token of an invitation e-mail’s link',
};
const pathParams = (path: string) => {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  if (!names.length) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((name) => [name, z.string().meta({ description: PATH_PARAMETERS[name] ?? name })]),
    ),
  );
};

/**
 * Every route every /api handler serves. The OpenAPI test checks this list against the route keys of
 * each handler, so a new route without documentation fails the build.
 */
export const OPERATIONS: Operation[] = [
  // session and auth
  {
    route: 'GET /api/login',
    tag: 'Session',
    summary: 'Redirects to sign-in',
    success: 302,
    rawResponse: { description: 'Redirect to the sign-in screen' },
    public: true,
  },
  {
    route: 'GET /api/logout',
    tag: 'Session',
    summary: 'Redirects after sign-out',
    success: 302,
    rawResponse: { description: 'Redirect to the landing page' },
    public: true,
  },
  {
    route: 'GET /api/openapi.json',
    tag: 'Meta',
    summary: 'This document',
    success: 200,
    rawResponse: { contentType: 'application/json', description: 'The OpenAPI document' },
    public: true,
  },
  {
    route: 'GET /api/invitations/{token}',
    tag: 'Team',
    summary:
      'What an invitation e-mail’s link opens (public, for the join page); 410 with the reason when it expired, was revoked, replaced by a newer e-mail or already accepted',
    success: 200,
    response: named.InvitationPreview,
    errors: [410],
    public: true,
  },
  {
    route: 'GET /api/auth/user',
    tag: 'Auth',
    summary: 'The current user',
    success: 200,
    response: named.User,
  },
  // invoices
  {
    route: 'GET /api/invoices',
    tag: 'Invoices',
    summary: 'List invoices',
    query: invoiceListQuerySchema,
    success: 200,
    response: page(named.Invoice),
  },
  {
    route: 'GET /api/invoices/export.csv',
    tag: 'Invoices',
    summary: 'Export the listed invoices as CSV',
    query: invoiceListQuerySchema,
    success: 200,
    rawResponse: { contentType: 'text/csv', description: 'CSV file' },
  },
  {
    route: 'POST /api/invoices/upload',
    tag: 'Invoices',
    summary: 'Upload an invoice file (multipart, field `file`)',
    rawBody: {
      body: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      },
    },
    success: 201,
    response: named.Invoice,
    errors: [400, 413, 415, 429],
  },
  {
    route: 'POST /api/upload',
    tag: 'Invoices',
    summary: 'Upload an invoice file (API clients; same as /api/invoices/upload)',
    rawBody: {
      body: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      },
    },
    success: 201,
    response: named.Invoice,
    errors: [400, 413, 415, 429],
  },
  {
    route: 'POST /api/invoices/upload-url',
    tag: 'Invoices',
    summary: 'Presigned POST for a browser upload',
    body: uploadUrlRequestSchema,
    success: 201,
    response: uploadUrlResponseSchema,
    errors: [400, 429],
  },
  {
    route: 'GET /api/invoices/{id}',
    tag: 'Invoices',
    summary: 'Get an invoice',
    success: 200,
    response: named.Invoice,
  },
  {
    route: 'PUT /api/invoices/{id}',
    tag: 'Invoices',
    summary: 'Edit an invoice',
    body: invoiceUpdateSchema,
    success: 200,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  { route: 'DELETE /api/invoices/{id}', tag: 'Invoices', summary: 'Delete an invoice', success: 204 },
  {
    route: 'POST /api/invoices/{id}/approve',
    tag: 'Invoices',
    summary:
      'Give one approval (optional comment); the invoice becomes APPROVED with the last one its approvalSteps need (403 when the step is not yours; 409 `unreadable`, `already_approved`)',
    body: approveBodySchema,
    success: 201,
    response: named.Invoice,
    errors: [403, 404, 409],
  },
  {
    route: 'POST /api/invoices/{id}/reject',
    tag: 'Invoices',
    summary: 'Reject an invoice',
    body: rejectBodySchema,
    success: 201,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  {
    route: 'POST /api/invoices/{id}/sync/retry',
    tag: 'Invoices',
    summary:
      'Retry sync: queue the failed integrations of an approved invoice again (same approval, no duplicate bill)',
    body: syncRetrySchema,
    success: 200,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  {
    route: 'POST /api/invoices/{id}/reprocess',
    tag: 'Invoices',
    summary: 'Restart AI processing',
    success: 202,
    response: named.Invoice,
    errors: [404, 409],
  },
  {
    route: 'GET /api/invoices/{id}/line-items',
    tag: 'Invoices',
    summary: 'Line items of an invoice',
    success: 200,
    response: page(lineItemSchema),
  },
  {
    route: 'GET /api/invoices/{id}/comments',
    tag: 'Invoices',
    summary: 'Comments on an invoice',
    success: 200,
    response: page(commentSchema),
  },
  {
    route: 'POST /api/invoices/{id}/comments',
    tag: 'Invoices',
    summary: 'Add a comment',
    body: commentBodySchema,
    success: 201,
    response: commentSchema,
    errors: [400, 404],
  },
  {
    route: 'GET /api/invoices/{id}/events',
    tag: 'Invoices',
    summary: 'Audit trail of an invoice',
    success: 200,
    response: page(invoiceEventSchema),
  },
  {
    route: 'GET /api/invoices/{id}/pdf',
    tag: 'Invoices',
    summary: 'The stored file, inline',
    success: 200,
    rawResponse: { contentType: 'application/octet-stream', description: 'The file as uploaded' },
  },
  {
    route: 'GET /api/invoices/{id}/file',
    tag: 'Invoices',
    summary: 'The stored file, as a download',
    success: 200,
    rawResponse: { contentType: 'application/octet-stream', description: 'The file as uploaded' },
  },
  // dashboard and analytics
  {
    route: 'GET /api/stats',
    tag: 'Stats',
    summary: 'Dashboard figures',
    success: 200,
    response: named.Stats,
  },
  {
    route: 'GET /api/analytics/invoice-analytics',
    tag: 'Analytics',
    summary: 'Totals, top vendors, categories, monthly trends',
    success: 200,
    response: named.Analytics,
  },
  {
    route: 'GET /api/categories',
    tag: 'Categories',
    summary: 'Expense categories',
    success: 200,
    response: page(named.Category),
  },
  // vendors
  {
    route: 'GET /api/vendors',
    tag: 'Vendors',
    summary: 'List vendors with live totals',
    query: entityListQuerySchema,
    success: 200,
    response: page(named.Vendor),
  },
  {
    route: 'POST /api/vendors',
    tag: 'Vendors',
    summary: 'Create a vendor',
    body: vendorInputSchema,
    success: 201,
    response: named.Vendor,
    errors: [400, 409],
  },
  {
    route: 'GET /api/vendors/{id}',
    tag: 'Vendors',
    summary: 'Get a vendor',
    success: 200,
    response: named.Vendor,
  },
  {
    route: 'PUT /api/vendors/{id}',
    tag: 'Vendors',
    summary: 'Edit a vendor',
    body: vendorUpdateSchema,
    success: 200,
    response: named.Vendor,
    errors: [400, 404, 409],
  },
  {
    route: 'POST /api/vendors/{id}/merge',
    tag: 'Vendors',
    summary:
      'Merge another vendor into this one: its invoices are linked to this vendor (their totals follow), its names become aliases, and it is deleted',
    body: vendorMergeSchema,
    success: 200,
    response: named.Vendor,
    errors: [400, 404, 409],
  },
  { route: 'DELETE /api/vendors/{id}', tag: 'Vendors', summary: 'Delete a vendor', success: 204 },
  // properties
  {
    route: 'GET /api/properties',
    tag: 'Properties',
    summary: 'List properties',
    query: entityListQuerySchema,
    success: 200,
    response: page(named.Property),
  },
  {
    route: 'POST /api/properties',
    tag: 'Properties',
    summary: 'Create a property',
    body: propertyInputSchema,
    success: 201,
    response: named.Property,
    errors: [400],
  },
  {
    route: 'GET /api/properties/{id}',
    tag: 'Properties',
    summary: 'Get a property',
    success: 200,
    response: named.Property,
  },
  {
    route: 'PUT /api/properties/{id}',
    tag: 'Properties',
    summary: 'Edit a property',
    body: propertyUpdateSchema,
    success: 200,
    response: named.Property,
    errors: [400, 404, 409],
  },
  { route: 'DELETE /api/properties/{id}', tag: 'Properties', summary: 'Delete a property', success: 204 },
  // integrations
  {
    route: 'GET /api/integrations',
    tag: 'Integrations',
    summary: 'List integrations (secrets masked)',
    success: 200,
    response: page(named.Integration),
  },
  {
    route: 'POST /api/integrations',
    tag: 'Integrations',
    summary: 'Connect an integration',
    body: integrationInputSchema,
    success: 201,
    response: named.Integration,
    errors: [400],
  },
  {
    route: 'GET /api/integrations/{id}',
    tag: 'Integrations',
    summary: 'Get an integration',
    success: 200,
    response: named.Integration,
  },
  {
    route: 'PUT /api/integrations/{id}',
    tag: 'Integrations',
    summary: 'Edit an integration',
    body: integrationUpdateSchema,
    success: 200,
    response: named.Integration,
    errors: [400, 404, 409],
  },
  {
    route: 'DELETE /api/integrations/{id}',
    tag: 'Integrations',
    summary: 'Remove an integration',
    success: 204,
  },
  {
    route: 'POST /api/integrations/{id}/test',
    tag: 'Integrations',
    summary: 'Test the connection',
    success: 200,
    response: integrationTestResultSchema,
  },
  {
    route: 'POST /api/integrations/quickbooks/connect',
    tag: 'Integrations',
    summary:
      "Start connecting QuickBooks: answers Intuit's consent URL (single-use state bound to the caller)",
    success: 200,
    response: quickBooksConnectSchema,
    errors: [415],
  },
  {
    route: 'POST /api/integrations/quickbooks/callback',
    tag: 'Integrations',
    summary:
      'Finish connecting QuickBooks with the code, state and realmId Intuit sent back (200 when reconnected)',
    body: quickBooksCallbackSchema,
    success: 201,
    response: named.Integration,
    errors: [400],
  },
  // webhooks
  {
    route: 'GET /api/webhooks',
    tag: 'Webhooks',
    summary: 'List webhooks',
    success: 200,
    response: page(named.Webhook),
  },
  {
    route: 'POST /api/webhooks',
    tag: 'Webhooks',
    summary: 'Create a webhook',
    body: webhookInputSchema,
    success: 201,
    response: named.Webhook,
    errors: [400],
  },
  {
    route: 'GET /api/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Get a webhook',
    success: 200,
    response: named.Webhook,
  },
  { route: 'DELETE /api/webhooks/{id}', tag: 'Webhooks', summary: 'Delete a webhook', success: 204 },
  {
    route: 'POST /api/webhooks/{id}/rotate-secret',
    tag: 'Webhooks',
    summary: 'Rotate the signing secret (answered once; the old one signs beside it for 24 h)',
    success: 200,
    response: named.Webhook,
  },
  {
    route: 'GET /api/webhooks/{id}/deliveries',
    tag: 'Webhooks',
    summary: 'The delivery log, newest first',
    query: webhookDeliveryQuerySchema,
    success: 200,
    response: webhookDeliveryPageSchema,
    errors: [400],
  },
  {
    route: 'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend',
    tag: 'Webhooks',
    summary: 'Resend a delivery (same webhook-id)',
    success: 202,
    response: z.object({ queued: z.boolean() }),
    errors: [409],
  },
  // API keys
  {
    route: 'GET /api/api-keys',
    tag: 'API keys',
    summary: 'List API keys (prefix only)',
    success: 200,
    response: page(named.ApiKey),
    errors: [403],
  },
  {
    route: 'POST /api/api-keys',
    tag: 'API keys',
    summary: 'Create an API key (the full key is answered once)',
    body: apiKeyCreateSchema,
    success: 201,
    response: apiKeyCreatedSchema,
    errors: [400, 403],
  },
  {
    route: 'DELETE /api/api-keys/{id}',
    tag: 'API keys',
    summary: 'Revoke an API key at once',
    success: 204,
    errors: [403, 404],
  },
  // notifications
  {
    route: 'GET /api/notifications',
    tag: 'Notifications',
    summary: 'Newest notifications and the unread count',
    success: 200,
    response: notificationListSchema,
  },
  {
    route: 'POST /api/notifications/read',
    tag: 'Notifications',
    summary: 'Mark notifications read (all when no ids)',
    body: notificationsReadSchema,
    success: 200,
    response: z.object({ unread: z.number().int() }),
    errors: [400, 404],
  },
  // profile and organization
  {
    route: 'GET /api/user/profile',
    tag: 'Profile',
    summary: 'The signed-in user’s profile',
    success: 200,
    response: named.User,
  },
  {
    route: 'PUT /api/user/profile',
    tag: 'Profile',
    summary: 'Edit the profile',
    body: profileUpdateSchema,
    success: 200,
    response: named.User,
    errors: [400],
  },
  {
    route: 'GET /api/organization/current',
    tag: 'Organization',
    summary: 'The caller’s organization',
    success: 200,
    response: named.Organization,
  },
  {
    route: 'PUT /api/organization/current',
    tag: 'Organization',
    summary: 'Edit the organization (administrators)',
    body: organizationUpdateSchema,
    success: 200,
    response: named.Organization,
    errors: [400, 403, 409],
  },
  {
    route: 'PUT /api/organization/inbox',
    tag: 'Organization',
    summary:
      'Set the senders (addresses or domains) the invoice inbox accepts mail from (administrators); empty accepts all',
    body: inboxSettingsSchema,
    success: 200,
    response: named.Organization,
    errors: [400, 403],
  },
  {
    route: 'POST /api/organization/inbox/regenerate',
    tag: 'Organization',
    summary:
      'Give the organization a new invoice inbox address; mail to the old one is refused (administrators)',
    success: 200,
    response: named.Organization,
    errors: [403, 409],
  },
  // team
  {
    route: 'GET /api/organization/members',
    tag: 'Team',
    summary: 'The organization’s members, oldest first',
    success: 200,
    response: page(named.Member),
  },
  {
    route: 'PUT /api/organization/members/{userId}',
    tag: 'Team',
    summary: 'Change a member’s role (administrators; the last administrator stays one)',
    body: memberUpdateSchema,
    success: 200,
    response: named.Member,
    errors: [400, 403, 409],
  },
  {
    route: 'DELETE /api/organization/members/{userId}',
    tag: 'Team',
    summary: 'Remove a member (administrators; not yourself)',
    success: 204,
    errors: [400, 403, 409],
  },
  {
    route: 'GET /api/organization/invitations',
    tag: 'Team',
    summary: 'Pending invitations, newest first (administrators)',
    success: 200,
    response: page(named.Invitation),
    errors: [403],
  },
  {
    route: 'POST /api/organization/invitations',
    tag: 'Team',
    summary:
      'Invite an e-mail address (administrators) and send the invitation e-mail with a link valid 7 days; whoever signs up with the address and confirms it joins with the role while the invitation is pending and unexpired',
    body: invitationCreateSchema,
    success: 201,
    response: named.Invitation,
    errors: [400, 403, 409],
  },
  {
    route: 'POST /api/organization/invitations/{email}/resend',
    tag: 'Team',
    summary:
      'Send the invitation e-mail again (administrators), with a new link valid 7 days; the old link stops working',
    success: 200,
    response: named.Invitation,
    errors: [403, 409],
  },
  {
    route: 'DELETE /api/organization/invitations/{email}',
    tag: 'Team',
    summary: 'Revoke an invitation (administrators)',
    success: 204,
    errors: [403],
  },
  // approval rules
  {
    route: 'GET /api/organization/approval-rules',
    tag: 'Approval rules',
    summary: 'The approval rules in their order (administrators); the first an invoice meets applies',
    success: 200,
    response: page(named.ApprovalRule),
    errors: [403],
  },
  {
    route: 'POST /api/organization/approval-rules',
    tag: 'Approval rules',
    summary: 'Add an approval rule (administrators); 400 when nobody could complete it',
    body: approvalRuleInputSchema,
    success: 201,
    response: named.ApprovalRule,
    errors: [400, 403, 409],
  },
  {
    route: 'PUT /api/organization/approval-rules/{id}',
    tag: 'Approval rules',
    summary: 'Change or move an approval rule (administrators); invoices already waiting keep their steps',
    body: approvalRuleInputSchema,
    success: 200,
    response: named.ApprovalRule,
    errors: [400, 403, 404, 409],
  },
  {
    route: 'DELETE /api/organization/approval-rules/{id}',
    tag: 'Approval rules',
    summary: 'Delete an approval rule (administrators)',
    success: 204,
    errors: [403, 404, 409],
  },
];

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input; `issues` lists the fields',
  401: 'Missing or invalid bearer token',
  403: 'Not allowed',
  404: 'Not found (also for another organization’s ids)',
  409: 'Conflict: changed by someone else, or already taken',
  413: 'File too large',
  415: 'Unsupported file type',
  429: 'Monthly limit reached',
  410: 'No longer usable (an expired, revoked or replaced invitation link)',
};

/** Who may call a route, from the rights table. */
const whoMay = (rule: Rule) =>
  `Allowed for ${rule.roles.join(', ')}; ${rule.scope ? `API keys need the \`${rule.scope}\` scope` : 'never for API keys'}.`;

function toRouteConfig(op: Operation): RouteConfig {
  const [method, path] = op.route.split(' ') as [string, string];
  const params = pathParams(path);
  const hasId = params !== undefined;
  const request: RouteConfig['request'] = {
    ...(op.rawBody ?? {}),
    ...(op.body ? { body: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    ...(op.query ? { query: op.query } : {}),
    ...(params ? { params } : {}),
  };
  const responses: RouteConfig['responses'] = {
    [op.success]: op.response
      ? { description: 'Success', content: { 'application/json': { schema: op.response } } }
      : op.rawResponse
        ? {
            description: op.rawResponse.description,
            ...(op.rawResponse.contentType
              ? { content: { [op.rawResponse.contentType]: { schema: { type: 'string' } } } }
              : {}),
          }
        : { description: 'No content' },
  };
  const rule = ruleOf(op.route);
  // Every protected route may refuse a role or a key's scope (functions/api/lib/rights.ts).
  const errors = new Set([...(op.public ? [] : [401, 403]), ...(hasId ? [404] : []), ...(op.errors ?? [])]);
  for (const status of [...errors].sort()) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: named.Error } },
    };
  }
  return {
    method: method.toLowerCase() as RouteConfig['method'],
    path,
    tags: [op.tag],
    summary: op.summary,
    ...(rule === PUBLIC ? {} : { description: whoMay(rule) }),
    ...(op.public ? { security: [] } : {}),
    request,
    responses,
  };
}

let cached: unknown;

/** The OpenAPI 3.1 document of the whole API, generated once per process from the shared zod schemas. */
export function openApiDocument(): unknown {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A Cognito ID token for people, or an API key (`ipk_` and 40 characters) for API clients: `Authorization: Bearer <token>`.',
  });
  for (const op of OPERATIONS) registry.registerPath(toRouteConfig(op));
  registerWebhookEvents(registry, named.Invoice);
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Invoice Pilot API',
      version: '1.0.0',
      description:
        'AI invoice processing for property management companies. Every call is scoped to the caller’s organization. Errors answer `{ message, code, issues? }`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
  });
  return cached;
}
