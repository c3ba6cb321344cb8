import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../shared/schemas';
import { startTestStack, type TestStack } from '../helpers/local-stack';

let stack: TestStack;

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
