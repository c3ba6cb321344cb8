import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient, ensureUser } from '../../infra/local/cognito-bootstrap';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../helpers/local-stack';

/**
 * The local user pool as the SPA meets it through the gateway's `/cognito`: sign-ups and confirmations that
 * never lose a write, a code in the dev mailbox the moment it is made, Resend Code, and a password reset
 * that verifies the e-mail as Cognito does.
 */
let stack: TestStack;
let gateway: CognitoIdentityProviderClient;
let admin: CognitoIdentityProviderClient;
const run = randomUUID().slice(0, 8);

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false, seedDemo: false });
  gateway = cognitoClient(`${stack.url}/cognito`, stack.cognito.region);
  admin = cognitoClient(stack.endpoints.cognito, stack.cognito.region);
}, 120_000);

afterAll(async () => {
  gateway?.destroy();
  admin?.destroy();
  await stack?.stop();
});

const codesFor = (email: string) => stack.mailbox.for(email).flatMap((m) => (m.code ? [m.code] : []));
const attribute = async (email: string, name: string) =>
  (
    await admin.send(new AdminGetUserCommand({ UserPoolId: stack.cognito.userPoolId, Username: email }))
  ).UserAttributes?.find((a) => a.Name === name)?.Value;
const signUp = (email: string) =>
  gateway.send(
    new SignUpCommand({ ClientId: stack.cognito.clientId, Username: email, Password: TEST_PASSWORD }),
  );

describe('local sign-up', () => {
  it('puts the confirmation code in the dev mailbox before SignUp has answered for long', async () => {
    const email = `code.${run}@example.com`;
    await signUp(email);
    // No waiting for cognito-local's next log line: the code comes over IPC as it is made.
    for (let waited = 0; !codesFor(email).length && waited < 500; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(codesFor(email)).toHaveLength(1);
  });

  it('re-sends a code (Resend Code), and the new code confirms', async () => {
    const email = `resend.${run}@example.com`;
    await signUp(email);
    const resent = await gateway.send(
      new ResendConfirmationCodeCommand({ ClientId: stack.cognito.clientId, Username: email }),
    );
    expect(resent.CodeDeliveryDetails?.Destination).toBe(email);
    for (let waited = 0; codesFor(email).length < 2 && waited < 2_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const code = codesFor(email).at(-1) as string;
    await gateway.send(
      new ConfirmSignUpCommand({ ClientId: stack.cognito.clientId, Username: email, ConfirmationCode: code }),
    );
    expect(await attribute(email, 'email_verified')).toBe('true');
    expect(await stack.signIn(email, TEST_PASSWORD)).toMatch(/^ey/);
  });

  it('verifies the e-mail when a password is reset with the mailed code', async () => {
    const email = `reset.${run}@example.com`;
    await ensureUser(admin, stack.cognito.userPoolId, {
      email,
      password: TEST_PASSWORD,
      firstName: 'Reset',
      lastName: 'Person',
      emailVerified: false,
    });
    expect(await attribute(email, 'email_verified')).toBe('false');
    await gateway.send(new ForgotPasswordCommand({ ClientId: stack.cognito.clientId, Username: email }));
    for (let waited = 0; !codesFor(email).length && waited < 2_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await gateway.send(
      new ConfirmForgotPasswordCommand({
        ClientId: stack.cognito.clientId,
        Username: email,
        ConfirmationCode: codesFor(email).at(-1),
        Password: 'N3w#Passw0rd!',
      }),
    );
    expect(await attribute(email, 'email_verified')).toBe('true');
    expect(await stack.signIn(email, 'N3w#Passw0rd!')).toMatch(/^ey/);
  });

  it('loses no write over 20 sign-ups in a row, each confirmed and signed in', async () => {
    for (let i = 0; i < 20; i++) {
      const { api } = await stack.signUp({ email: `row-${i}.${run}@example.com` });
      expect((await api('/api/auth/user')).status).toBe(200);
    }
  }, 240_000);

  it('loses no write when sign-ups and confirmations of 10 people run at once', async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `burst-${i}.${run}@example.com`);
    await Promise.all(emails.map(signUp));
    for (const email of emails)
      for (let waited = 0; !codesFor(email).length && waited < 2_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(
      emails.map((email) =>
        gateway.send(
          new ConfirmSignUpCommand({
            ClientId: stack.cognito.clientId,
            Username: email,
            ConfirmationCode: codesFor(email).at(-1),
          }),
        ),
      ),
    );
    for (const email of emails) {
      expect(await attribute(email, 'email_verified'), email).toBe('true');
      expect(await stack.signIn(email, TEST_PASSWORD), email).toMatch(/^ey/);
    }
  });
});
