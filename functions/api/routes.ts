/**
 * Every /api resource and the paths it serves. The CDK API stack and the local gateway are both built
 * from this list, so a resource cannot exist in one runtime and be forgotten in the other. Each resource
 * is one Lambda function whose code is `functions/api/<handler>/handler.ts`.
 */
export interface ApiResource {
  /** Folder under functions/api holding `handler.ts`. */
  handler: string;
  /** API Gateway resource paths; `{proxy+}` matches the rest of the path. */
  paths: string[];
  /** Public resources skip the authorizer (sign-in redirects, the OpenAPI document). */
  public?: boolean;
}

export const API_RESOURCES: ApiResource[] = [
  { handler: 'session', paths: ['/api/login', '/api/logout'], public: true },
  { handler: 'openapi', paths: ['/api/openapi.json'], public: true },
  // The join page reads an invitation e-mail's link before the person has an account.
  { handler: 'invitation-links', paths: ['/api/invitations/{proxy+}'], public: true },
  { handler: 'auth', paths: ['/api/auth/user', '/api/auth/membership'] },
  // `/api/upload` is the API-key endpoint the settings page documents: the same operation as
  // `/api/invoices/upload`, so it is served by the same function.
  { handler: 'invoices', paths: ['/api/invoices', '/api/invoices/{proxy+}', '/api/upload'] },
  { handler: 'stats', paths: ['/api/stats'] },
  { handler: 'analytics', paths: ['/api/analytics/{proxy+}'] },
  { handler: 'reports', paths: ['/api/reports/{proxy+}'] },
  { handler: 'categories', paths: ['/api/categories', '/api/categories/{proxy+}'] },
  { handler: 'vendors', paths: ['/api/vendors', '/api/vendors/{proxy+}'] },
  { handler: 'properties', paths: ['/api/properties', '/api/properties/{proxy+}'] },
  { handler: 'integrations', paths: ['/api/integrations', '/api/integrations/{proxy+}'] },
  { handler: 'webhooks', paths: ['/api/webhooks', '/api/webhooks/{proxy+}'] },
  { handler: 'api-keys', paths: ['/api/api-keys', '/api/api-keys/{proxy+}'] },
  { handler: 'notifications', paths: ['/api/notifications', '/api/notifications/{proxy+}'] },
  { handler: 'user', paths: ['/api/user/profile'] },
  {
    handler: 'organization',
    paths: ['/api/organization/current', '/api/organization/inbox', '/api/organization/inbox/regenerate'],
  },
  {
    handler: 'approval-rules',
    paths: ['/api/organization/approval-rules', '/api/organization/approval-rules/{proxy+}'],
  },
  {
    handler: 'team',
    paths: [
      '/api/organization/members',
      '/api/organization/members/{proxy+}',
      '/api/organization/invitations',
      '/api/organization/invitations/{proxy+}',
    ],
  },
];

/** The resource serving a request path, matching `{proxy+}` greedily and `{x}` as one segment. */
export function resourceFor(path: string): { resource: ApiResource; pattern: string } | undefined {
  const segments = path.split('/').filter(Boolean);
  for (const resource of API_RESOURCES) {
    for (const pattern of resource.paths) {
      const parts = pattern.split('/').filter(Boolean);
      const proxy = parts.at(-1) === '{proxy+}';
      const fixed = proxy ? parts.slice(0, -1) : parts;
      if (proxy ? segments.length <= fixed.length : segments.length !== fixed.length) continue;
      if (fixed.every((p, i) => (p.startsWith('{') ? true : p === segments[i]))) return { resource, pattern };
    }
  }
  return undefined;
}
