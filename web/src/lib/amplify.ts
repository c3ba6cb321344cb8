/**
 * Amplify Auth, configured from the runtime config. Imported lazily (see `auth.ts`) so the
 * landing page's first chunk stays small for visitors.
 */
import { Amplify } from 'aws-amplify';
import { signOut as amplifySignOut, fetchAuthSession } from 'aws-amplify/auth';
import { loadRuntimeConfig, type RuntimeConfig } from './config';

let configured: Promise<RuntimeConfig> | null = null;

export function configureAmplify(): Promise<RuntimeConfig> {
  configured ??= loadRuntimeConfig().then((config) => {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
    return config;
  });
  return configured;
}

/** The Cognito ID token of the signed-in user, refreshed by Amplify when it expires; null when signed out. */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  await configureAmplify();
  try {
    const session = await fetchAuthSession({ forceRefresh });
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

export async function signOut(): Promise<void> {
  await configureAmplify();
  try {
    await amplifySignOut();
  } catch {
    // Already signed out, or the pool is unreachable: local tokens are cleared either way.
  }
}
