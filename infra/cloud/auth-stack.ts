import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { AppConfig } from './config';
import { acknowledge } from './nag';

export interface AuthStackProps extends StackProps {
  config: AppConfig;
}

/**
 * Sign-in for people: a Cognito user pool (e-mail as the user name, verified e-mail, strong passwords,
 * optional TOTP MFA, threat protection) and the SPA's public app client. API clients use API keys, which
 * the Lambda authorizer checks against the table, so they have no Cognito identity.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${config.prefix}-users`,
      // "Start Free Trial" goes to sign-up: organizations are created by their first user.
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // The plan a person signs up to try (STARTER or PROFESSIONAL): their new organization gets it for
      // 14 days (functions/core/plans/trial.ts). It is in the ID token as `custom:plan`.
      customAttributes: { plan: new cognito.StringAttribute({ minLen: 1, maxLen: 16, mutable: true }) },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Plus adds threat protection (compromised credentials, adaptive authentication) in enforced mode.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: config.production,
      removalPolicy: config.removalPolicy,
    });

    acknowledge(this.userPool, {
      'AwsSolutions-COG2':
        'MFA (TOTP) is offered, not forced: trial sign-up must not require an authenticator app. Plus-tier threat protection runs in enforced mode and blocks or challenges risky and compromised-credential sign-ins; prod may switch to required MFA once onboarding supports enrolment.',
    });

    this.client = this.userPool.addClient('SpaClient', {
      userPoolClientName: `${config.prefix}-spa`,
      // A browser cannot keep a secret. SRP is what Amplify uses; USER_PASSWORD_AUTH keeps parity with the
      // local cognito-local runtime (no SRP there) and scripted sign-in in tests.
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.client.userPoolClientId });
  }
}
