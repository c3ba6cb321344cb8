import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { API_KEY_PATTERN, resolveApiKey } from '../adapters/dynamodb/api-key-lookup';
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

export function resetVerifier(): void {
  verifierPromise = undefined;
}

/** The token from an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Resolves a bearer token (Cognito ID token or API key) to its principal, provisioning the user and a
 * new organization on a person's first call. Returns undefined for anything that does not verify.
 */
export async function verifyBearer(token: string): Promise<VerifiedPrincipal | undefined> {
  if (API_KEY_PATTERN.test(token)) {
    const key = await resolveApiKey(token);
    if (!key) return undefined;
    const org = await getOrganization(key.orgId);
    return {
      kind: 'apikey',
      orgId: key.orgId,
      actorId: key.keyId,
      role: 'MEMBER',
      email: '',
      plan: org.plan,
    };
  }
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
    (await provisionUser({
      sub,
      email,
      firstName: (claims.given_name as string | undefined) ?? null,
      lastName: (claims.family_name as string | undefined) ?? null,
    }));
  const [user, org] = await Promise.all([getUser(found.orgId, found.userId), getOrganization(found.orgId)]);
  return {
    kind: 'user',
    orgId: found.orgId,
    actorId: sub,
    role: user.role,
    email: user.email,
    plan: org.plan,
  };
}
