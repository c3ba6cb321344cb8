import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

/**
 * Writes the local user pool and its app client straight into cognito-local's data files before it
 * starts: CreateUserPool would give a `local_…` id that AWS's verifier rejects, so the pool gets an
 * AWS-shaped id instead. Existing files are kept, so users survive restarts.
 */
export function ensureLocalUserPool(dataDir: string, userPoolId: string): { clientId: string } {
  const dbDir = join(dataDir, '.cognito', 'db');
  mkdirSync(dbDir, { recursive: true });
  const poolFile = join(dbDir, `${userPoolId}.json`);
  if (!existsSync(poolFile)) {
    const now = new Date().toISOString();
    writeFileSync(
      poolFile,
      JSON.stringify(
        {
          Users: {},
          Groups: {},
          Options: {
            Id: userPoolId,
            Name: 'invoice-pilot-local',
            UsernameAttributes: ['email'],
            AutoVerifiedAttributes: ['email'],
            CreationDate: now,
            LastModifiedDate: now,
            MfaConfiguration: 'OFF',
            // No SchemaAttributes: cognito-local then checks attribute updates against Cognito's standard
            // attributes. An empty list made every update fail ("Attribute does not exist in the schema").
          },
        },
        null,
        2,
      ),
    );
  } else {
    // Pools written before that change carry `SchemaAttributes: []`; dropping it keeps their users.
    const pool = JSON.parse(readFileSync(poolFile, 'utf8')) as { Options?: { SchemaAttributes?: unknown[] } };
    if (pool.Options?.SchemaAttributes?.length === 0) {
      delete pool.Options.SchemaAttributes;
      writeFileSync(poolFile, JSON.stringify(pool, null, 2));
    }
  }
  const clientsFile = join(dbDir, 'clients.json');
  const clients = existsSync(clientsFile)
    ? (JSON.parse(readFileSync(clientsFile, 'utf8')) as { Clients: Record<string, { UserPoolId: string }> })
    : { Clients: {} };
  const existing = Object.entries(clients.Clients).find(([, c]) => c.UserPoolId === userPoolId);
  if (existing) return { clientId: existing[0] };
  const clientId = randomBytes(13).toString('hex');
  const now = new Date().toISOString();
  clients.Clients[clientId] = {
    ClientId: clientId,
    ClientName: 'spa',
    UserPoolId: userPoolId,
    CreationDate: now,
    LastModifiedDate: now,
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    TokenValidityUnits: {},
  } as never;
  writeFileSync(clientsFile, JSON.stringify(clients, null, 2));
  return { clientId };
}

export function cognitoClient(endpoint: string, region: string) {
  return new CognitoIdentityProviderClient({
    endpoint,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Creates a confirmed user with a permanent password unless it exists; returns its `sub`. The e-mail is
 * verified unless `emailVerified` is false (tests of unverified sign-ups).
 */
export async function ensureUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  user: { email: string; password: string; firstName: string; lastName: string; emailVerified?: boolean },
): Promise<string> {
  const subOf = (attributes?: { Name?: string; Value?: string }[]) =>
    attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
  try {
    const found = await client.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }),
    );
    return subOf(found.UserAttributes);
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        // "false" is stored as such (as Cognito does for an unconfirmed address); cognito-local still puts
        // `email_verified: true` in such a user's ID token, which provisioning must not believe.
        { Name: 'email_verified', Value: user.emailVerified === false ? 'false' : 'true' },
        { Name: 'given_name', Value: user.firstName },
        { Name: 'family_name', Value: user.lastName },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      Password: user.password,
      Permanent: true,
    }),
  );
  return subOf(created.User?.Attributes);
}

/**
 * Marks a user's e-mail verified, as Cognito does when a sign-up is confirmed with the code it e-mailed
 * (the pool auto-verifies `email`). cognito-local confirms the sign-up but leaves `email_verified` unset,
 * so its ID tokens would say false, and an invited person could never join the organization that invited
 * them. The attribute is written with the e-mail itself, which cognito-local requires.
 */
export async function markEmailVerified(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  username: string,
): Promise<void> {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
  if (!email) return;
  await client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId,
      Username: username,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}
