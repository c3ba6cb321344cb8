/**
 * The signed-in user's own Cognito calls (password, TOTP). Amplify is loaded on demand, so the
 * settings chunk stays small until a user opens one of these dialogs.
 */
async function auth() {
  const { loadAmplify } = await import('@/lib/auth');
  const amplify = await loadAmplify();
  await amplify.configureAmplify();
  return import('aws-amplify/auth');
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const { updatePassword } = await auth();
  await updatePassword({ oldPassword, newPassword });
}

/** Whether TOTP is enabled for the user. */
export async function getTotpEnabled(): Promise<boolean> {
  const { fetchMFAPreference } = await auth();
  const pref = await fetchMFAPreference();
  return Boolean(pref.enabled?.includes('TOTP'));
}

/** Starts TOTP enrollment: the shared secret and the otpauth:// URI for authenticator apps. */
export async function startTotpSetup(accountName: string): Promise<{ secret: string; uri: string }> {
  const { setUpTOTP } = await auth();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri('InvoicePilot', accountName).toString() };
}

/** Confirms enrollment with a code from the app, then makes TOTP the preferred second factor. */
export async function confirmTotpSetup(code: string): Promise<void> {
  const { verifyTOTPSetup, updateMFAPreference } = await auth();
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

export async function disableTotp(): Promise<void> {
  const { updateMFAPreference } = await auth();
  await updateMFAPreference({ totp: 'DISABLED' });
}

/** Amplify's error messages, without the exception name prefix. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'NotAuthorizedException') return 'The current password is incorrect.';
    if (error.name === 'LimitExceededException')
      return 'Too many attempts. Please wait a while and try again.';
    return error.message;
  }
  return String(error);
}
