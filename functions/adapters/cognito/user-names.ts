import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../../env';

export interface UserNames {
  firstName: string | null;
  lastName: string | null;
}

/**
 * A person's names as the ID token carries them. Cognito puts `given_name` and `family_name` in its ID
 * tokens; cognito-local leaves every standard attribute but email out, so locally (COGNITO_ENDPOINT set)
 * the names the person signed up with are read from the pool instead. Called once, when the user is
 * provisioned.
 */
export async function userNamesOf(claims: Record<string, unknown>): Promise<UserNames> {
  const fromToken = {
    firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
  };
  const { COGNITO_ENDPOINT, AWS_REGION, USER_POOL_ID } = env();
  const username = claims['cognito:username'];
  if (fromToken.firstName || fromToken.lastName || !COGNITO_ENDPOINT || typeof username !== 'string')
    return fromToken;
  const client = new CognitoIdentityProviderClient({
    endpoint: COGNITO_ENDPOINT,
    region: AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: username }));
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value || null;
    return { firstName: attribute('given_name'), lastName: attribute('family_name') };
  } catch {
    // Names are a courtesy: the profile page lets the person fill them in.
    return fromToken;
  }
}
