import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { observed } from '../adapters/observability/middleware';
import { bearerToken, verifyBearer } from './verify-bearer';

/**
 * API Gateway REQUEST authorizer for every protected /api method. Accepts a Cognito ID token or an API
 * key as the bearer. Throwing 'Unauthorized' is API Gateway's contract for a 401; the gateway response
 * for UNAUTHORIZED is configured to answer JSON.
 */
export const handler = observed(async function authorizer(
  event: APIGatewayRequestAuthorizerEvent,
): Promise<APIGatewayAuthorizerResult> {
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const token = bearerToken(headers.authorization);
  const principal = token ? await verifyBearer(token) : undefined;
  if (!principal) throw new Error('Unauthorized');
  // Allow every method of this API for the verified principal: rights per route are enforced by the
  // handlers from functions/api/lib/rights.ts (role or API-key scope), and every read and write is scoped
  // to principal.orgId.
  const apiArn = event.methodArn.split('/').slice(0, 2).join('/');
  return {
    principalId: principal.actorId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: `${apiArn}/*` }],
    },
    context: {
      kind: principal.kind,
      orgId: principal.orgId,
      actorId: principal.actorId,
      role: principal.role,
      email: principal.email,
      plan: principal.plan,
      // Context values are scalars: the scopes travel space-separated (read back by principalOf).
      scopes: principal.scopes.join(' '),
      // A person with no organization yet: what to ask them (read back by pendingPersonOf).
      ...(principal.pending
        ? {
            standing: principal.pending.standing,
            organizationName: principal.pending.organizationName ?? '',
            emailVerified: String(principal.pending.emailVerified),
            firstName: principal.pending.firstName ?? '',
            lastName: principal.pending.lastName ?? '',
            trialPlan: principal.pending.trialPlan ?? '',
          }
        : {}),
    },
    usageIdentifierKey: usagePlanKey(principal.plan),
  };
});

/** The API Gateway key of the usage plan matching the organization's subscription plan (cloud only). */
function usagePlanKey(plan: string): string | undefined {
  const raw = process.env.USAGE_PLAN_KEYS;
  if (!raw) return undefined;
  try {
    return (JSON.parse(raw) as Record<string, string>)[plan];
  } catch {
    return undefined;
  }
}
