import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema, type User } from '@shared/schemas/entities';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EditFormCard } from '@/components/edit-form-card';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { errorDetail } from '@/lib/api-client';

type FormValues = z.input<typeof profileUpdateSchema>;

const valuesOf = (user: User): FormValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
});

/** 'Edit Profile': first name, last name and email, validated by the shared schema. */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const { register, handleSubmit, formState, reset } = useForm<
    FormValues,
    unknown,
    z.output<typeof profileUpdateSchema>
  >({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: valuesOf(user),
  });
  // A refetched profile (after saving) becomes the new baseline.
  useEffect(() => reset(valuesOf(user)), [user, reset]);

  const err = (k: keyof FormValues) => formState.errors[k]?.message;
  const field = (k: keyof FormValues) => {
    const describedBy = err(k) ? `profile-${k}-error` : k === 'email' ? 'profile-email-hint' : undefined;
    return {
      id: `profile-${k}`,
      'aria-invalid': err(k) ? true : undefined,
      'aria-describedby': describedBy,
      ...register(k),
    };
  };

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () =>
        toast({
          title: 'Profile updated',
          description: 'Your profile has been successfully updated.',
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: 'Update failed',
          description: `Failed to update profile: ${errorDetail(e)}`,
          variant: 'destructive',
        }),
    }),
  );

  return (
    <EditFormCard
      title="Edit Profile"
      description="Update your name and the email address you sign in with."
      onSubmit={onSubmit}
      onReset={() => reset(valuesOf(user))}
      dirty={formState.isDirty}
      saving={update.isPending}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-firstName" label="First Name" error={err('firstName')}>
          <Input {...field('firstName')} autoComplete="given-name" />
        </FormField>
        <FormField id="profile-lastName" label="Last Name" error={err('lastName')}>
          <Input {...field('lastName')} autoComplete="family-name" />
        </FormField>
      </div>
      <FormField
        id="profile-email"
        label="Email Address"
        hint="This is the email address associated with your account"
        error={err('email')}
      >
        <Input {...field('email')} type="email" autoComplete="email" />
      </FormField>
    </EditFormCard>
  );
}
