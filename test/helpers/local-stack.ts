import '../../infra/local/polyfills';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, ensureUser } from '../../infra/local/cognito-bootstrap';
import { type LocalStack, type LocalStackOptions, startLocalStack } from '../../infra/local/stack';
import { ContractChecker, describeMismatches } from './contract-check';

export interface TestStack extends LocalStack {
  /** ID token of a user, signed in through the real user pool (USER_PASSWORD_AUTH). */
  signIn(email: string, password: string): Promise<string>;
  /**
   * A new confirmed user (with a verified e-mail, a random one unless given), provisioned by their first API
   * call: their own organization, or the one that invited the e-mail.
   */
  newUser(name?: NewUserOptions): Promise<{ email: string; token: string; api: Api }>;
  /**
   * Signs a person up as the SPA does: SignUp and ConfirmSignUp (with the code from the mailbox) through the
   * gateway's `/cognito`, then sign-in and the first API call.
   */
  signUp(name?: NewUserOptions): Promise<{ email: string; token: string; api: Api }>;
  /** A fetch bound to the gateway, with the bearer token. */
  api(token?: string): Api;
}

/** The password of every user newUser and signUp create. */
export const TEST_PASSWORD = 'Test#Passw0rd!';

export interface NewUserOptions {
  email?: string;
  /** newUser only: false stores `email_verified` "false" (cognito-local's ID token still claims it true). */
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  /** signUp only: the plan chosen with "Start Free Trial" (the SPA sends it as `custom:plan`). */
  plan?: string;
  /**
   * What a person in no organization yet chooses on the join page (`POST /api/auth/membership`): by default
   * an invited person joins the newest invitation and one whose e-mail cannot be checked creates their own;
   * `none` chooses nothing (the API then refuses them with 403 until they do).
   */
  choose?: 'default' | 'none';
}

export type Api = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

/**
 * Each local part gets a port the OS says is free, and binds it a moment later; a test file starting at
 * the same time (integration files run two at a time) can take the port in between. The stack then
 * stops what it started, and it is started again on fresh ports.
 */
async function startOnFreePorts(options: LocalStackOptions): Promise<LocalStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalStack(options);
    } catch (error) {
      const inUse =
        (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || /EADDRINUSE/.test(String(error));
      if (!inUse || attempt === 3) throw error;
    }
  }
}

/**
 * Starts the real local parts (DynamoDB Local, s3rver, cognito-local, SQS, the gateway) on random ports
 * in a fresh temporary data folder. Integration tests call this in `beforeAll` and `stop()` in `afterAll`.
 * Outbound calls may reach loopback (the tests' fake third parties) unless `allowLoopbackOutbound: false`.
 */
export async function startTestStack(options: Partial<LocalStackOptions> = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'invoice-pilot-test-'));
  const stack = await startOnFreePorts({ dataDir, port: 0, allowLoopbackOutbound: true, ...options });
  const cognito = cognitoClient(stack.endpoints.cognito, stack.cognito.region);

  const signIn = async (email: string, password: string) => {
    const result = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = result.AuthenticationResult?.IdToken;
    if (!token) throw new Error(`Sign-in of ${email} returned no ID token`);
    return token;
  };

  // Every answer the suites get through `api` is checked against the OpenAPI the gateway serves; `stop`
  // fails the file on any mismatch (test/helpers/contract-check.ts).
  let checker: Promise<ContractChecker> | undefined;
  const contract = () => {
    checker ??= fetch(`${stack.url}/api/openapi.json`)
      .then((response) => response.json())
      .then((doc) => new ContractChecker(doc));
    return checker;
  };

  const api =
    (token?: string): Api =>
    async (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const url = `${stack.url}${path}`;
      const response = await fetch(url, { ...init, headers, body, redirect: 'manual' });
      (await contract()).track(init.method ?? 'GET', url, response);
      return response;
    };

  const password = TEST_PASSWORD;
  const randomEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

  const firstCall = async (email: string, choose: NewUserOptions['choose'] = 'default') => {
    const token = await signIn(email, password);
    const bound = api(token);
    const me = await bound('/api/auth/user');
    if (me.status === 200) return { email, token, api: bound };
    const text = await me.text();
    if (me.status !== 403 || !/"code":"membership_choice_required"/.test(text)) {
      throw new Error(`Provisioning ${email} failed: ${me.status} ${text}`);
    }
    if (choose === 'none') return { email, token, api: bound };
    // The person's own click on the join page: "Join <organization> as <role>" or "Create your own".
    const standing = (await (await bound('/api/auth/membership')).json()) as {
      status: string;
      invitations: { organizationId: string }[];
    };
    const [invitation] = standing.invitations;
    const choice =
      standing.status === 'invited' && invitation
        ? { action: 'join', organizationId: invitation.organizationId }
        : { action: 'create' };
    const chosen = await bound('/api/auth/membership', { method: 'POST', json: choice });
    if (chosen.status !== 201)
      throw new Error(`Choosing for ${email} failed: ${chosen.status} ${await chosen.text()}`);
    return { email, token, api: bound };
  };

  const newUser: TestStack['newUser'] = async (name = {}) => {
    const email = name.email ?? randomEmail();
    await ensureUser(cognito, stack.cognito.userPoolId, {
      email,
      password,
      firstName: name.firstName ?? 'Test',
      lastName: name.lastName ?? 'User',
      emailVerified: name.emailVerified,
    });
    return firstCall(email, name.choose);
  };

  const signUp: TestStack['signUp'] = async (name = {}) => {
    const email = name.email ?? randomEmail();
    const throughGateway = cognitoClient(`${stack.url}/cognito`, stack.cognito.region);
    try {
      await throughGateway.send(
        new SignUpCommand({
          ClientId: stack.cognito.clientId,
          Username: email,
          Password: password,
          UserAttributes: [
            { Name: 'given_name', Value: name.firstName ?? 'Test' },
            { Name: 'family_name', Value: name.lastName ?? 'User' },
            ...(name.plan ? [{ Name: 'custom:plan', Value: name.plan }] : []),
          ],
        }),
      );
      let code: string | undefined;
      for (let waited = 0; !code && waited < 5_000; waited += 50) {
        code = stack.mailbox.for(email).findLast((m) => m.code)?.code;
        if (!code) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!code) throw new Error(`No confirmation code was sent to ${email}`);
      await throughGateway.send(
        new ConfirmSignUpCommand({
          ClientId: stack.cognito.clientId,
          Username: email,
          ConfirmationCode: code,
        }),
      );
    } finally {
      throughGateway.destroy();
    }
    return firstCall(email, name.choose);
  };

  return {
    ...stack,
    signIn,
    api,
    newUser,
    signUp,
    stop: async () => {
      const checked = checker ? await checker : undefined;
      const mismatches = checked ? await checked.settle() : [];
      await stack.stop();
      cognito.destroy();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (process.env.CONTRACT_REPORT) {
        const lines = [{ checked: checked?.checked ?? 0 }, ...mismatches].map(
          (m) => `${JSON.stringify(m)}\n`,
        );
        appendFileSync(process.env.CONTRACT_REPORT, lines.join(''));
      }
      if (mismatches.length) {
        throw new Error(
          `${mismatches.length} answers do not match the served OpenAPI:\n${describeMismatches(mismatches)}`,
        );
      }
    },
  };
}

/** A multipart body with one field `file`, as browsers and API clients send it. */
export function fileForm(bytes: Uint8Array, filename: string, type = 'application/octet-stream'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}
