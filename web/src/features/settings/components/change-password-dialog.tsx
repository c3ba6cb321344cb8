import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Check, Circle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogFormActions } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { authErrorMessage, changePassword } from '@/features/settings/api/account-security';
import { cn } from '@/lib/utils';

/** The user pool's password policy (infra/cloud/auth-stack.ts). */
export const PASSWORD_RULES = [
  { label: 'At least 12 characters', test: (v: string) => v.length >= 12 },
  { label: 'An uppercase letter', test: (v: string) => /[A-Z]/.test(v) },
  { label: 'A lowercase letter', test: (v: string) => /[a-z]/.test(v) },
  { label: 'A number', test: (v: string) => /\d/.test(v) },
  { label: 'A symbol', test: (v: string) => /[^A-Za-z0-9]/.test(v) },
] as const;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z
      .string()
      .min(1, 'New password is required')
      .refine((v) => PASSWORD_RULES.every((r) => r.test(v)), 'Password does not meet the requirements'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  })
  .refine((v) => v.newPassword !== v.currentPassword || !v.newPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one',
  });
type Values = z.infer<typeof changePasswordSchema>;

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const mutation = useMutation({
    mutationFn: (v: Values) => changePassword(v.currentPassword, v.newPassword),
  });
  const { register, handleSubmit, formState, watch } = useForm<Values>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const next = watch('newPassword');
  const err = (k: keyof Values) => formState.errors[k]?.message;
  const field = (k: keyof Values) => ({
    id: `pw-${k}`,
    'aria-invalid': err(k) ? true : undefined,
    'aria-describedby': err(k) ? `pw-${k}-error` : k === 'newPassword' ? 'pw-rules' : undefined,
    ...register(k),
  });
  const onSubmit = handleSubmit((v) =>
    mutation.mutate(v, {
      onSuccess: () => {
        toast({
          title: 'Password changed',
          description: 'Your password has been updated.',
          variant: 'success',
        });
        onDone();
      },
      onError: (e) =>
        toast({
          title: 'Password change failed',
          description: authErrorMessage(e),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 p-5">
      <FormField id="pw-currentPassword" label="Current Password" error={err('currentPassword')}>
        <Input {...field('currentPassword')} type="password" autoComplete="current-password" />
      </FormField>
      <FormField id="pw-newPassword" label="New Password" error={err('newPassword')}>
        <Input {...field('newPassword')} type="password" autoComplete="new-password" />
      </FormField>
      <ul id="pw-rules" className="grid gap-1 text-xs sm:grid-cols-2" aria-label="Password requirements">
        {PASSWORD_RULES.map((r) => {
          const ok = r.test(next ?? '');
          return (
            <li
              key={r.label}
              className={cn(
                'flex items-center gap-1.5',
                ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-500 dark:text-slate-400',
              )}
            >
              {ok ? <Check className="size-3.5" aria-hidden /> : <Circle className="size-3" aria-hidden />}
              {r.label}
              <span className="sr-only">{ok ? ' (met)' : ' (not met)'}</span>
            </li>
          );
        })}
      </ul>
      <FormField id="pw-confirmPassword" label="Confirm New Password" error={err('confirmPassword')}>
        <Input {...field('confirmPassword')} type="password" autoComplete="new-password" />
      </FormField>
      <DialogFormActions pending={mutation.isPending} className="pt-1">
        {mutation.isPending ? 'Updating...' : 'Update Password'}
      </DialogFormActions>
    </form>
  );
}

export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Change Password"
        description="Enter your current password, then choose a new one."
      >
        {open ? <ChangePasswordForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
