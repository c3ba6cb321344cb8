/**
 * Session helpers that do not load Amplify until there is a reason to: a visitor with no stored
 * Cognito session never downloads the auth library.
 */

const COGNITO_PREFIX = 'CognitoIdentityServiceProvider.';

/** Whether Amplify left a signed-in user in local storage (a hint, not a proof). */
export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(COGNITO_PREFIX) && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage can be blocked (privacy mode); then there is no stored session either.
  }
  return false;
}

export function loadAmplify() {
  return import('./amplify');
}

/** The bearer token for API calls, or null for a visitor. */
export async function getIdToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const amplify = await loadAmplify();
  return amplify.getIdToken();
}

export async function signOut(): Promise<void> {
  const amplify = await loadAmplify();
  await amplify.signOut();
}
