import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { ApiKeyScope, Role } from '../../shared/schemas';
import { identityAttributesOf } from '../adapters/cognito/identity-attributes';
import { API_KEY_PATTERN, resolveApiKey, touchApiKey } from '../adapters/dynamodb/api-key-lookup';
import { membershipOf } from '../adapters/dynamodb/membership';
import { getOrganization } from '../adapters/dynamodb/organizations';
import { memberItem } from '../adapters/dynamodb/team';
import { findUserBySub } from '../adapters/dynamodb/users';
import { env } from '../env';

export interface VerifiedPrincipal {
  kind: 'user' | 'apikey';
  orgId: string;
  actorId: string;
  role: Role;
  email: string;
  plan: string;
  /** An API key's scopes; empty for people, who act by their role. */
  scopes: ApiKeyScope[];
  /**
   * Set for a signed-in person who is in no organization yet and must choose (removed, invited, or an
   * e-mail that cannot be checked): `orgId` is empty, every organization route refuses them, and only the
   * membership routes serve them (functions/adapters/dynamodb/membership.ts).
   */
  pending?: {
    standing: 'removed' | 'invited' | 'unverified';
    organizationName: string | null;
    emailVerified: boolean;
    firstName: string | null;
    lastName: string | null;
    trialPlan: string | null;
  };
}

type IdTokenVerifier = ReturnType<typeof createVerifier>;

function createVerifier() {
  const { USER_POOL_ID, USER_POOL_CLIENT_ID } = env();
  return CognitoJwtVerifier.create({
    userPoolId: USER_POOL_ID,
    tokenUse: 'id',
    clientId: USER_POOL_CLIENT_ID,
  });
}

let verifierPromise: Promise<IdTokenVerifier> | undefined;

/**
 * The production verifier (issuer, audience and expiry checked). Locally the pool's JWKS is served over
 * plain http by cognito-local, which aws-jwt-verify refuses to fetch, so it is fetched once and cached.
 */
function verifier(): Promise<IdTokenVerifier> {
  verifierPromise ??= (async () => {
    const v = createVerifier();
    const jwksUrl = env().COGNITO_JWKS_URL;
    if (jwksUrl) {
      const response = await fetch(jwksUrl);
      if (!response.ok) throw new Error(`Could not load the local JWKS from ${jwksUrl}: ${response.status}`);
      v.cacheJwks(await response.json());
    }
    return v;
  })().catch((error) => {
    verifierPromise = undefined;
    throw error;
  });
  return verifierPromise;
}

/** Forgets the verifier and every cached principal (the local stack calls it when it starts). */
export function resetVerifier(): void {
  verifierPromise = undefined;
  principalsByToken.clear();
}

/** The token from an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * People's verified ID tokens, for a short while: verifying the token and finding the person's
 * organization (sub lookup, organization) dominated every call's latency. A hit is never trusted alone:
 * the member's user item is read again (one consistent GetItem), so a removed member is refused and a
 * changed role applies on the very next request, in both runtimes. The plan may be PRINCIPAL_TTL_MS old;
 * decisions that must be exact re-read the organization (upload limits, plan changes). API keys are not
 * cached: their lookup is the one read, and a revoked key must stop working at once.
 */
const PRINCIPAL_TTL_MS = 30_000;
const MAX_CACHED_PRINCIPALS = 5_000;
const principalsByToken = new Map<string, { principal: VerifiedPrincipal; expiresAt: number }>();

function cachedPrincipal(token: string, now: number): VerifiedPrincipal | undefined {
  const hit = principalsByToken.get(token);
  if (hit && hit.expiresAt > now) return hit.principal;
  if (hit) principalsByToken.delete(token);
  return undefined;
}

function rememberPrincipal(token: string, principal: VerifiedPrincipal, tokenExpiresAt: number): void {
  // Maps iterate in insertion order, so the first key is the oldest entry.
  if (principalsByToken.size >= MAX_CACHED_PRINCIPALS)
    principalsByToken.delete(principalsByToken.keys().next().value as string);
  principalsByToken.set(token, {
    principal,
    expiresAt: Math.min(Date.now() + PRINCIPAL_TTL_MS, tokenExpiresAt),
  });
}

/** The cached principal with its membership as stored now, or undefined when the person left the organization. */
async function stillMember(token: string, cached: VerifiedPrincipal): Promise<VerifiedPrincipal | undefined> {
  const user = await memberItem(cached.orgId, cached.actorId);
  if (!user) {
    principalsByToken.delete(token);
    return undefined;
  }
  return { ...cached, role: user.role, email: user.email };
}

/**
 * Resolves a bearer token (Cognito ID token or API key) to its principal. A person in no organization is
 * provisioned into a new one only when nothing else could be meant (a verified e-mail, no invitation, never
 * removed); otherwise the principal is `pending` and they choose (functions/adapters/dynamodb/membership.ts).
 * Returns undefined for anything that does not verify.
 */
export async function verifyBearer(token: string): Promise<VerifiedPrincipal | undefined> {
  if (API_KEY_PATTERN.test(token)) return verifyApiKey(token);
  const cached = cachedPrincipal(token, Date.now());
  // A removed member falls through to the full resolution, like any token: it finds no membership and
  // the removal's marker, so the person is refused and asked what to join, never provisioned anew.
  const current = cached && (await stillMember(token, cached));
  if (current) return current;
  let claims: Record<string, unknown>;
  try {
    claims = (await (await verifier()).verify(token)) as unknown as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const sub = String(claims.sub);
  const email = String(claims.email ?? '');
  let found = await findUserBySub(sub);
  if (!found) {
    const { trialPlan, ...attributes } = await identityAttributesOf(claims);
    const standing = await membershipOf({ sub, email, ...attributes }, { trialPlan });
    // Not cached: the person's choice (or an administrator's invitation) changes it on the next call.
    if (standing.status !== 'member') {
      return {
        kind: 'user',
        orgId: '',
        actorId: sub,
        role: 'VIEWER',
        email,
        plan: '',
        scopes: [],
        pending: {
          standing: standing.status,
          organizationName: standing.organizationName,
          emailVerified: standing.emailVerified,
          firstName: attributes.firstName,
          lastName: attributes.lastName,
          trialPlan,
        },
      };
    }
    found = standing;
  }
  const [user, org] = await Promise.all([
    memberItem(found.orgId, found.userId),
    getOrganization(found.orgId),
  ]);
  // Removed between the two reads: refused, and the next call resolves the person afresh.
  if (!user) return undefined;
  const principal: VerifiedPrincipal = {
    kind: 'user',
    orgId: found.orgId,
    actorId: sub,
    role: user.role,
    email: user.email,
    plan: org.plan,
    scopes: [],
  };
  rememberPrincipal(token, principal, Number(claims.exp) * 1000);
  return principal;
}

async function verifyApiKey(token: string): Promise<VerifiedPrincipal | undefined> {
  const key = await resolveApiKey(token);
  if (!key) return undefined;
  const [org] = await Promise.all([getOrganization(key.orgId), touchApiKey(key.orgId, key.keyId)]);
  return {
    kind: 'apikey',
    orgId: key.orgId,
    actorId: key.keyId,
    role: 'MEMBER',
    email: '',
    plan: org.plan,
    scopes: key.scopes,
  };
}
