import type { APIGatewayProxyEvent } from 'aws-lambda';
import { API_KEY_SCOPES, type ApiKeyScope, ROLES, type Role } from '../../../shared/schemas';
import { AppError } from '../../core/errors/app-error';

/** Who is calling: a signed-in person (Cognito) or an API client (API key), always within one organization. */
export interface Principal {
  kind: 'user' | 'apikey';
  orgId: string;
  /** The Cognito sub for people, the API key id for API clients. */
  actorId: string;
  /** A person's role, as stored when the authorizer verified the call; an API key's is MEMBER and unused. */
  role: Role;
  email: string | null;
  /** What an API key may do (functions/api/lib/rights.ts); empty for people, who act by their role. */
  scopes: readonly ApiKeyScope[];
}

/** The authorizer passes an API key's scopes as one space-separated string (context values are scalars). */
const decodeScopes = (value: unknown): ApiKeyScope[] => {
  const named = typeof value === 'string' ? value.split(' ') : [];
  return API_KEY_SCOPES.filter((scope) => named.includes(scope));
};

/**
 * The principal the authorizer verified. The organization always comes from here, never from the
 * request, so one tenant can never name another's data.
 */
export function principalOf(event: APIGatewayProxyEvent): Principal {
  const context = event.requestContext?.authorizer as Record<string, unknown> | null | undefined;
  const orgId = context?.orgId;
  const actorId = context?.actorId;
  const role = ROLES.find((known) => known === context?.role);
  if (typeof orgId !== 'string' || !orgId || typeof actorId !== 'string' || !actorId || !role) {
    throw new AppError('auth', 'unauthorized', 'Unauthorized');
  }
  const kind = context?.kind === 'apikey' ? 'apikey' : 'user';
  return {
    kind,
    orgId,
    actorId,
    role,
    email: typeof context?.email === 'string' && context.email ? context.email : null,
    scopes: kind === 'apikey' ? decodeScopes(context?.scopes) : [],
  };
}
