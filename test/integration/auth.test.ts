import { createPrivateKey, createSign } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient, ensureUser } from '../../infra/local/cognito-bootstrap';
import { organizationSchema, userSchema } from '../../shared/schemas';
import { startTestStack, type TestStack } from '../helpers/local-stack';

let stack: TestStack;

/**
 * Re-signs a real ID token's claims with cognito-local's own signing key, so the signature, issuer and
 * audience are valid and only the changed claims can make the authorizer refuse it.
 */
function resignToken(token: string, changes: Record<string, unknown>): string {
  const keyFile = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = createRequire(import.meta.url)(keyFile) as { jwk: Record<string, string> };
  const [header, payload] = token.split('.') as [string, string];
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), ...changes };
  const signingInput = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = createSign('RSA-SHA256')
    .update(signingInput)
    .sign(createPrivateKey({ key: jwk, format: 'jwk' }));
  return `${signingInput}.${signature.toString('base64url')}`;
}

async function signInWithClient(clientId: string, email: string, password: string): Promise<string> {
  const cognito = cognitoClient(stack.endpoints.cognito, stack.cognito.region);
  const result = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  cognito.destroy();
  const token = result.AuthenticationResult?.IdToken;
  if (!token) throw new Error('no ID token');
  return token;
}

const authUserStatus = async (token: string) =>
  (await fetch(`${stack.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } })).status;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('sign-in and tenancy', () => {
  it('answers the demo user with their organization for a valid ID token', async () => {
    const token = await stack.signIn(stack.demo.email, stack.demo.password);
    const response = await stack.api(token)('/api/auth/user');
    expect(response.status).toBe(200);
    const user = userSchema.parse(await response.json());
    expect(user.email).toBe(stack.demo.email);
    expect(user.role).toBe('ADMIN');
    expect(user.organization.plan).toBe('STARTER');
  });

  it('provisions a new organization on a new user’s first call, once', async () => {
    const demoToken = await stack.signIn(stack.demo.email, stack.demo.password);
    const demo = userSchema.parse(await (await stack.api(demoToken)('/api/auth/user')).json());
    const { api } = await stack.newUser({ firstName: 'Rosa', lastName: 'Diaz' });
    const first = userSchema.parse(await (await api('/api/auth/user')).json());
    const again = userSchema.parse(await (await api('/api/auth/user')).json());
    // The names the person signed up with (cognito-local's ID tokens omit them; they are read from the pool).
    expect([first.firstName, first.lastName]).toEqual(['Rosa', 'Diaz']);
    expect(first.organization.name).toBe("Rosa's Organization");
    expect(first.organization.id).not.toBe(demo.organization.id);
    expect(first.role).toBe('ADMIN');
    expect(again.organization.id).toBe(first.organization.id);
  });

  it('gives a sign-up from "Start Free Trial" of Professional a Professional organization for 14 days', async () => {
    const before = Date.now();
    const { api } = await stack.signUp({ firstName: 'Tess', plan: 'PROFESSIONAL' });
    const org = organizationSchema.parse(await (await api('/api/organization/current')).json());
    expect(org).toMatchObject({ plan: 'PROFESSIONAL', status: 'TRIAL', invoiceLimit: 500 });
    const days = (Date.parse(org.trialEndsAt as string) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    // A plan nobody can try (Enterprise is Contact Sales) is the default plan, with no trial.
    const enterprise = await stack.signUp({ plan: 'ENTERPRISE' });
    const plain = organizationSchema.parse(await (await enterprise.api('/api/organization/current')).json());
    expect(plain).toMatchObject({ plan: 'STARTER', status: 'ACTIVE', trialEndsAt: null });
  });

  it.each([
    ['no header', undefined],
    ['a malformed token', 'Bearer not-a-jwt'],
    [
      'a token with a forged signature',
      'Bearer eyJhbGciOiJSUzI1NiIsImtpZCI6IkNvZ25pdG9Mb2NhbCJ9.eyJzdWIiOiJ4In0.c2ln',
    ],
    ['an unknown API key', 'Bearer ipk_0123456789abcdef0123456789abcdef'],
    ['another scheme', 'Basic ZGVtbzpkZW1v'],
  ])('answers 401 JSON for %s', async (_, authorization) => {
    const response = await fetch(`${stack.url}/api/auth/user`, {
      headers: authorization ? { authorization } : {},
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });

  it('refuses an expired ID token that is otherwise valid', async () => {
    const token = await stack.signIn(stack.demo.email, stack.demo.password);
    const now = Math.floor(Date.now() / 1000);
    // The same re-signing with a future expiry is accepted, so the refusal below is the expiry's alone.
    expect(await authUserStatus(resignToken(token, { iat: now - 60, exp: now + 3600 }))).toBe(200);
    const expired = resignToken(token, { iat: now - 7200, exp: now - 3600 });
    const response = await fetch(`${stack.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });

  it('refuses ID tokens of another user pool and of another app client', async () => {
    const cognito = cognitoClient(stack.endpoints.cognito, stack.cognito.region);
    const { UserPool } = await cognito.send(
      new CreateUserPoolCommand({ PoolName: 'someone-else', UsernameAttributes: ['email'] }),
    );
    const otherPoolId = UserPool?.Id as string;
    const { UserPoolClient: otherPoolClient } = await cognito.send(
      new CreateUserPoolClientCommand({ UserPoolId: otherPoolId, ClientName: 'other' }),
    );
    await ensureUser(cognito, otherPoolId, {
      email: stack.demo.email,
      password: stack.demo.password,
      firstName: 'Demo',
      lastName: 'Elsewhere',
    });
    const { UserPoolClient: otherClient } = await cognito.send(
      new CreateUserPoolClientCommand({ UserPoolId: stack.cognito.userPoolId, ClientName: 'other-app' }),
    );
    cognito.destroy();

    const fromOtherPool = await signInWithClient(
      otherPoolClient?.ClientId as string,
      stack.demo.email,
      stack.demo.password,
    );
    const fromOtherClient = await signInWithClient(
      otherClient?.ClientId as string,
      stack.demo.email,
      stack.demo.password,
    );
    expect(await authUserStatus(fromOtherPool)).toBe(401);
    expect(await authUserStatus(fromOtherClient)).toBe(401);
  });

  it('answers 404 JSON for unknown /api paths', async () => {
    const token = await stack.signIn(stack.demo.email, stack.demo.password);
    const response = await stack.api(token)('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('route_not_found');
  });

  it('sends sign-in and sign-out navigations to the SPA', async () => {
    const login = await stack.api()('/api/login?plan=PROFESSIONAL');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/?auth=signIn&plan=PROFESSIONAL');
    const logout = await stack.api()('/api/logout');
    expect(logout.headers.get('location')).toBe('/?auth=signedOut');
  });
});
