import type { APIGatewayProxyEvent } from 'aws-lambda';
import { AppError } from '../../core/errors/app-error';

/** Who is calling: a signed-in person (Cognito) or an API client (API key), always within one organization. */
export interface Principal {
  kind: 'user' | 'apikey';
  orgId: string;
  /** The Cognito sub for people, the API key id for API clients. */
  actorId: string;
  role: 'ADMIN' | 'MEMBER';
  email: string | null;
}

/**
 * The principal the authorizer verified. The organization always comes from here, never from the
 * request, so one tenant can never name another's data.
 */
export function principalOf(event: APIGatewayProxyEvent): Principal {
  const context = event.requestContext?.authorizer as Record<string, unknown> | null | undefined;
  const orgId = context?.orgId;
  const actorId = context?.actorId;
  if (typeof orgId !== 'string' || !orgId || typeof actorId !== 'string' || !actorId) {
    throw new AppError('auth', 'unauthorized', 'Unauthorized');
  }
  return {
    kind: context?.kind === 'apikey' ? 'apikey' : 'user',
    orgId,
    actorId,
    role: context?.role === 'ADMIN' ? 'ADMIN' : 'MEMBER',
    email: typeof context?.email === 'string' && context.email ? context.email : null,
  };
}
