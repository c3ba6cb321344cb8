/**
 * The Amplify Authenticator (sign in / create account), shown over the landing page when the
 * URL carries `auth`. This module and Amplify's UI are loaded only then.
 */
import '@aws-amplify/ui-react/styles.css';
import './auth-dialog.css';
import {
  ThemeProvider as AmplifyThemeProvider,
  Authenticator,
  createTheme,
  defaultDarkModeOverride,
  useAuthenticator,
} from '@aws-amplify/ui-react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type SignInInput, type SignUpInput, signIn, signUp } from 'aws-amplify/auth';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { configureAmplify } from '@/lib/amplify';
import type { RuntimeConfig } from '@/lib/config';
import { userQueryKey } from '@/lib/current-user';
import { useTheme } from '@/lib/theme';

const formFields = {
  signUp: {
    given_name: { label: 'First Name', placeholder: 'Enter your first name', order: 1, isRequired: true },
    family_name: { label: 'Last Name', placeholder: 'Enter your last name', order: 2, isRequired: true },
    email: { label: 'Work Email', placeholder: 'you@company.com', order: 3 },
    password: { order: 4 },
    confirm_password: { order: 5 },
  },
  signIn: { username: { label: 'Email', placeholder: 'you@company.com' } },
};

const amplifyTheme = createTheme({
  name: 'invoice-pilot',
  overrides: [defaultDarkModeOverride],
  tokens: {
    colors: {
      brand: {
        primary: {
          10: '#eef2ff',
          20: '#e0e7ff',
          40: '#a5b4fc',
          60: '#6366f1',
          80: '#4f46e5',
          90: '#4338ca',
          100: '#3730a3',
        },
      },
    },
    radii: { small: '0.5rem', medium: '0.5rem', large: '0.75rem' },
  },
});

/**
 * A user who just confirmed their email with a code has nothing left to verify; when the pool
 * still reports the email unverified (cognito-local does), skip Amplify's account-recovery step.
 */
function SkipRecoveryVerification() {
  const { route, skipVerification } = useAuthenticator((ctx) => [ctx.route]);
  useEffect(() => {
    if (route === 'verifyUser') skipVerification();
  }, [route, skipVerification]);
  return null;
}

function SignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: userQueryKey }).then(() => {
      void navigate({ to: '/', search: {}, replace: true });
    });
  }, [queryClient, navigate]);
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 p-8 text-sm text-slate-600 dark:text-slate-300"
    >
      <Spinner /> Signing you in...
    </div>
  );
}

export function AuthDialog({ mode }: { mode: 'signIn' | 'signUp' }) {
  const { theme } = useTheme();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { plan?: string };
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    configureAmplify().then(setConfig, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);

  const close = () => void navigate({ to: '/', search: {}, replace: true });
  const plan = search.plan;

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && close()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/70 backdrop-blur-sm" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[95dvh] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white shadow-2xl dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-800">
            <Logo />
            <DialogPrimitive.Title className="sr-only">
              {mode === 'signUp' ? 'Create your InvoicePilot account' : 'Sign in to InvoicePilot'}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon-sm" aria-label="Close">
                <X aria-hidden />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {plan && mode === 'signUp' ? (
            <p className="bg-brand-50 px-5 py-2 text-center text-sm text-brand-800 dark:bg-brand-500/10 dark:text-brand-200">
              Starting your 14-day free trial of the{' '}
              <strong className="font-semibold">{plan.charAt(0) + plan.slice(1).toLowerCase()}</strong> plan
            </p>
          ) : null}
          <div className="auth-panel py-2">
            {error ? (
              <p role="alert" className="p-6 text-sm text-red-600 dark:text-red-400">
                Sign-in is unavailable right now ({error}). Please try again in a moment.
              </p>
            ) : !config ? (
              <div
                role="status"
                className="flex items-center justify-center gap-2 p-10 text-sm text-slate-500"
              >
                <Spinner /> Loading...
              </div>
            ) : (
              <AmplifyThemeProvider theme={amplifyTheme} colorMode={theme}>
                <Authenticator.Provider>
                  <SkipRecoveryVerification />
                  <Authenticator
                    initialState={mode}
                    loginMechanisms={['email']}
                    signUpAttributes={['given_name', 'family_name']}
                    formFields={formFields}
                    services={{
                      // cognito-local has no SRP: the runtime config names the flow (USER_PASSWORD_AUTH locally).
                      handleSignIn: ((input: SignInInput) =>
                        signIn({
                          ...input,
                          options: { ...input.options, authFlowType: config.authFlowType },
                        })) as unknown as typeof signIn,
                      handleSignUp: ((input: SignUpInput) =>
                        signUp({
                          ...input,
                          options: {
                            ...input.options,
                            // Sign in right after confirming, with the same flow as the sign-in form.
                            autoSignIn: { authFlowType: config.authFlowType },
                            // The plan to try is kept on the person (`custom:plan`): their organization is
                            // created on their first API call, after confirming, and given it for 14 days.
                            ...(plan
                              ? { userAttributes: { ...input.options?.userAttributes, 'custom:plan': plan } }
                              : {}),
                          } as SignUpInput['options'],
                        })) as unknown as typeof signUp,
                    }}
                  >
                    {() => <SignedIn />}
                  </Authenticator>
                </Authenticator.Provider>
              </AmplifyThemeProvider>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
