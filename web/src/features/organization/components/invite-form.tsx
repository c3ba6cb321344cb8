import { zodResolver } from '@hookform/resolvers/zod';
import { INVITATION_VALID_DAYS } from '@shared/constants';
import { invitationCreateSchema } from '@shared/schemas/team';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateInvitation } from '@/features/organization/api/create-invitation';
import { joinInstructions, ROLE_OPTIONS } from '@/features/organization/lib/team-rules';
import { ApiError, errorDetail } from '@/lib/api-client';

type FormValues = z.input<typeof invitationCreateSchema>;
const FIELDS = ['email', 'role'] as const;

export const roleSelectClass =
  'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/**
 * 'Invite teammate': an e-mail address and a role. The server e-mails the address a join link
 * (core/team/invitation-email.ts); whoever signs up with the address joins the organization, so the
 * instructions shown after inviting say both.
 */
export function InviteForm() {
  const create = useCreateInvitation();
  const origin = window.location.origin;
  const [invited, setInvited] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError, control } = useForm<
    FormValues,
    unknown,
    z.output<typeof invitationCreateSchema>
  >({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { email: '', role: 'MEMBER' },
  });

  const err = (k: keyof FormValues) => formState.errors[k]?.message;
  const emailField = {
    id: 'invite-email',
    'aria-invalid': err('email') ? true : undefined,
    'aria-describedby': err('email') ? 'invite-email-error' : undefined,
    ...register('email'),
  };

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (invitation) => {
        const email = invitation?.email ?? body.email;
        setInvited(email);
        reset({ email: '', role: body.role });
        toast({
          title: 'Invitation created',
          description: joinInstructions(email, origin),
          variant: 'success',
        });
      },
      onError: (e) => {
        // Field issues (400) go under their inputs; anything else (409 and the like) is toasted.
        let shown = false;
        for (const issue of e instanceof ApiError ? e.issues : []) {
          const key = FIELDS.find((f) => f === issue.path.split('.')[0]);
          if (key) setError(key, { message: issue.message });
          shown ||= Boolean(key);
        }
        if (!shown)
          toast({ title: 'Invitation failed', description: errorDetail(e), variant: 'destructive' });
      },
    }),
  );

  return (
    <section aria-labelledby="invite-heading" className="grid gap-3">
      <div>
        <h3 id="invite-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
          Invite teammate
        </h3>
        <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
          We e-mail each invited address a link to join, valid for {INVITATION_VALID_DAYS} days (Resend sends
          a new one). Whoever signs up at{' '}
          <span className="font-medium text-slate-700 dark:text-slate-300">{origin}</span> with an invited
          address (and confirms it) is offered to join this organization with the invited role.
        </p>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid grid-cols-[minmax(0,1fr)] items-start gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
      >
        <FormField id="invite-email" label="E-mail Address" error={err('email')}>
          <Input
            {...emailField}
            type="email"
            autoComplete="off"
            placeholder="teammate@example.com"
            spellCheck={false}
          />
        </FormField>
        <FormField id="invite-role" label="Role" error={err('role')}>
          <Controller
            control={control}
            name="role"
            render={({ field: f }) => (
              <select
                {...f}
                id="invite-role"
                aria-invalid={err('role') ? true : undefined}
                aria-describedby={err('role') ? 'invite-role-error' : undefined}
                className={roleSelectClass}
              >
                {ROLE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          />
        </FormField>
        <Button type="submit" disabled={create.isPending} className="sm:mt-6.5">
          {create.isPending ? <Spinner /> : <UserPlus aria-hidden />}
          Invite
        </Button>
      </form>
      {invited ? (
        <p
          role="status"
          className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-200"
        >
          {joinInstructions(invited, origin)}
        </p>
      ) : null}
    </section>
  );
}
