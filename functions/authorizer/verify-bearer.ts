import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { identityAttributesOf } from '../adapters/cognito/identity-attributes';
import { API_KEY_PATTERN, resolveApiKey, touchApiKey } from '../adapters/dynamodb/api-key-lookup';
import { findUserBySub, getOrganization, getUser, provisionUser } from '../adapters/dynamodb/organizations';
import { env } from '../env';

export interface VerifiedPrincipal {
  kind: 'user' | 'apikey';
  orgId: string;
  actorId: string;
  role: 'ADMIN' | 'MEMBER';
  email: string;
  plan: string;
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
 * People's principals, by ID token, for a short while. Resolving one costs two rounds of reads (user by
 * sub, then user and organization), which dominated every call's latency. A cached principal never
 * outlives its token, and a changed role or plan shows within PRINCIPAL_TTL_MS, like API Gateway's own
 * authorizer cache. Decisions that must be exact re-read the organization (upload limits, plan changes).
 * API keys are not cached: a revoked key must stop working at once.
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

/**
 * Resolves a bearer token (Cognito ID token or API key) to its principal, provisioning the user (into the
 * organization that invited their verified e-mail, or a new one) on a person's first call. Returns undefined for anything that does not verify.
 */
export async function verifyBearer(token: string): Promise<VerifiedPrincipal | undefined> {
  if (API_KEY_PATTERN.test(token)) return verifyApiKey(token);
  const cached = cachedPrincipal(token, Date.now());
  if (cached) return cached;
  let claims: Record<string, unknown>;
  try {
    claims = (await (await verifier()).verify(token)) as unknown as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const sub = String(claims.sub);
  const email = String(claims.email ?? '');
  const found =
    (await findUserBySub(sub)) ??
    (await provisionUser({ sub, email, ...(await identityAttributesOf(claims)) }));
  const [user, org] = await Promise.all([getUser(found.orgId, found.userId), getOrganization(found.orgId)]);
  const principal: VerifiedPrincipal = {
    kind: 'user',
    orgId: found.orgId,
    actorId: sub,
    role: user.role,
    email: user.email,
    plan: org.plan,
  };
  rememberPrincipal(token, principal, Number(claims.exp) * 1000);
  return principal;
}

async function verifyApiKey(token: string): Promise<VerifiedPrincipal | undefined> {
  const key = await resolveApiKey(token);
  if (!key) return undefined;
  const [org] = await Promise.all([getOrganization(key.orgId), touchApiKey(key.orgId, key.keyId)]);
  return { kind: 'apikey', orgId: key.orgId, actorId: key.keyId, role: 'MEMBER', email: '', plan: org.plan };
}
