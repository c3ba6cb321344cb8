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
  refusePending(context);
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

/** What the app is told when a signed-in person is in no organization yet: the join page says the rest. */
export const STANDING_REFUSALS = {
  removed: 'membership_removed',
  invited: 'membership_choice_required',
  unverified: 'membership_choice_required',
} as const;

/**
 * A person in no organization (the authorizer's `standing`) may call no organization route: a removed
 * member is told which organization they left; anyone else is told to choose what to join.
 */
function refusePending(context: Record<string, unknown> | null | undefined): void {
  const standing = context?.standing;
  if (standing === 'removed') {
    const name = typeof context?.organizationName === 'string' && context.organizationName;
    throw new AppError(
      'forbidden',
      STANDING_REFUSALS.removed,
      `You are no longer a member of ${name || 'this organization'}.`,
    );
  }
  if (standing === 'invited' || standing === 'unverified') {
    throw new AppError(
      'forbidden',
      STANDING_REFUSALS[standing],
      standing === 'invited'
        ? 'An invitation is waiting for you: choose to join that organization or create your own.'
        : 'Your e-mail address could not be checked, so no organization was chosen for you: create your own.',
    );
  }
}

/** A signed-in person, whether or not they are in an organization yet (the membership routes). */
export interface SignedInPerson {
  sub: string;
  email: string;
  /** Undefined for a member; otherwise why they have no organization. */
  standing?: 'removed' | 'invited' | 'unverified';
  organizationName: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  trialPlan: string | null;
}

/** The signed-in person the authorizer verified, member or not; API keys are refused (they have no person). */
export function signedInPersonOf(event: APIGatewayProxyEvent): SignedInPerson {
  const context = event.requestContext?.authorizer as Record<string, unknown> | null | undefined;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const sub = text(context?.actorId);
  if (!sub) throw new AppError('auth', 'unauthorized', 'Unauthorized');
  if (context?.kind === 'apikey') throw new AppError('forbidden', 'forbidden', 'API keys have no membership');
  const standing = context?.standing;
  const known = standing === 'removed' || standing === 'invited' || standing === 'unverified';
  return {
    sub,
    email: text(context?.email) ?? '',
    standing: known ? standing : undefined,
    organizationName: text(context?.organizationName),
    emailVerified: context?.emailVerified === 'true' || context?.emailVerified === true,
    firstName: text(context?.firstName),
    lastName: text(context?.lastName),
    trialPlan: text(context?.trialPlan),
  };
}
