import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogClose, DialogContent, DialogFormActions } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import {
  authErrorMessage,
  confirmTotpSetup,
  disableTotp,
  getTotpEnabled,
  startTotpSetup,
} from '@/features/settings/api/account-security';

export const totpQueryKey = ['cognito', 'totp'] as const;

/** Whether TOTP is on (undefined while unknown or when the pool cannot say). */
export function useTotpEnabled(enabled = true) {
  return useQuery({ queryKey: totpQueryKey, queryFn: getTotpEnabled, enabled });
}

/** Splits the secret in groups of four so it can be typed into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function Enroll({ email, onDone }: { email: string; onDone: () => void }) {
  const qc = useQueryClient();
  const setup = useQuery({
    queryKey: ['cognito', 'totp-setup'],
    queryFn: () => startTotpSetup(email),
    gcTime: 0,
  });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: confirmTotpSetup,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: totpQueryKey });
      toast({
        title: 'Two-factor authentication enabled',
        description: 'You will be asked for a code from your authenticator app when you sign in.',
        variant: 'success',
      });
      onDone();
    },
    onError: (e) => setError(authErrorMessage(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    verify.mutate(value);
  };

  if (setup.isPending)
    return (
      <div className="flex items-center justify-center gap-2 p-10 text-sm text-slate-500" role="status">
        <Spinner /> Preparing your secret key...
      </div>
    );
  if (setup.isError)
    return (
      <div className="grid gap-4 p-5">
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Two-factor authentication could not be set up: {authErrorMessage(setup.error)}
        </p>
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 p-5">
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-slate-600 dark:text-slate-300">
        <li>Open an authenticator app (1Password, Google Authenticator, Authy...).</li>
        <li>Add an account with the secret key below, or open the setup link on your phone.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950">
        <p className="text-xs font-medium text-slate-500 dark:text-slate-400">Secret key</p>
        <code className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">
          {grouped(setup.data.secret)}
        </code>
        <div className="flex flex-wrap gap-2">
          <CopyButton value={setup.data.secret} label="Copy key" />
          <a
            href={setup.data.uri}
            className="inline-flex h-8 items-center rounded-lg px-3 text-xs font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            Open setup link
          </a>
        </div>
      </div>
      <FormField id="totp-code" label="Verification code" error={error ?? undefined}>
        <Input
          id="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'totp-code-error' : undefined}
          placeholder="123456"
        />
      </FormField>
      <DialogFormActions pending={verify.isPending}>Verify and Enable</DialogFormActions>
    </form>
  );
}

function Disable({ onDone }: { onDone: () => void }) {
  const qc = useQueryClient();
  const disable = useMutation({
    mutationFn: disableTotp,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: totpQueryKey });
      toast({ title: 'Two-factor authentication disabled', variant: 'success' });
      onDone();
    },
    onError: (e) =>
      toast({
        title: 'Could not disable two-factor authentication',
        description: authErrorMessage(e),
        variant: 'destructive',
      }),
  });
  return (
    <div className="grid gap-4 p-5">
      <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400">
        <ShieldCheck className="size-4" aria-hidden /> Two-factor authentication is on for your account.
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Turning it off means only your password protects your account.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Keep Enabled</Button>
        </DialogClose>
        <Button variant="destructive" onClick={() => disable.mutate()} disabled={disable.isPending}>
          {disable.isPending ? <Spinner /> : null}
          Turn Off
        </Button>
      </div>
    </div>
  );
}

export function TwoFactorDialog({
  open,
  onOpenChange,
  email,
  enabled,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  email: string;
  enabled: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Two-Factor Authentication"
        description="Protect your account with a code from an authenticator app."
      >
        {open ? (
          enabled ? (
            <Disable onDone={() => onOpenChange(false)} />
          ) : (
            <Enroll email={email} onDone={() => onOpenChange(false)} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
