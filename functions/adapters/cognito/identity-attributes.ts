import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Plan } from '../../../shared/constants';
import { trialPlanOf } from '../../core/plans/trial';
import { env } from '../../env';

export interface IdentityAttributes {
  firstName: string | null;
  lastName: string | null;
  /** Whether the user pool vouches for the e-mail; only a verified address may accept an invitation. */
  emailVerified: boolean;
  /** The plan the person signed up to try ("Start Free Trial"), from `custom:plan`; see core/plans/trial. */
  trialPlan: Plan | null;
}

const isTrue = (value: unknown) => value === true || value === 'true';

/**
 * What provisioning needs to know of a person, as their verified ID token says it. In the cloud the token
 * is the truth: Cognito puts `given_name`, `family_name` and `email_verified` in it. cognito-local does
 * not: it leaves the names out, and claims `email_verified: true` for any user that has the attribute,
 * even set to "false" (`Boolean("false")`). So locally (COGNITO_ENDPOINT set) they are read from the user
 * pool itself, and an e-mail counts as verified only if the pool's attribute says "true". Called once,
 * when the user is provisioned.
 */
export async function identityAttributesOf(claims: Record<string, unknown>): Promise<IdentityAttributes> {
  const fromToken = {
    firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
    // A token without the claim is treated as unverified.
    emailVerified: isTrue(claims.email_verified),
    trialPlan: trialPlanOf(claims['custom:plan']),
  };
  const { COGNITO_ENDPOINT, AWS_REGION, USER_POOL_ID } = env();
  const username = claims['cognito:username'];
  if (!COGNITO_ENDPOINT) return fromToken;
  if (typeof username !== 'string') return { ...fromToken, emailVerified: false };
  const client = new CognitoIdentityProviderClient({
    endpoint: COGNITO_ENDPOINT,
    region: AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: username }));
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value || null;
    return {
      firstName: fromToken.firstName ?? attribute('given_name'),
      lastName: fromToken.lastName ?? attribute('family_name'),
      emailVerified: isTrue(attribute('email_verified')),
      trialPlan: fromToken.trialPlan ?? trialPlanOf(attribute('custom:plan')),
    };
  } catch {
    // Names are a courtesy (the profile page lets the person fill them in); an e-mail that cannot be
    // checked is not vouched for, so the person gets an organization of their own.
    return { ...fromToken, emailVerified: false };
  } finally {
    client.destroy();
  }
}
