import { zodResolver } from '@hookform/resolvers/zod';
import { PLANS, SKIP_REVIEW_CONFIDENCE } from '@shared/constants';
import { type Organization, organizationUpdateSchema } from '@shared/schemas/entities';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EditFormCard } from '@/components/edit-form-card';
import { Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useUpdateOrganization } from '@/features/organization/api/update-organization';
import { PLAN_LABELS } from '@/features/organization/lib/organization-rules';
import { errorDetail } from '@/lib/api-client';
import { useRights } from '@/lib/rights';

type FormValues = z.input<typeof organizationUpdateSchema>;
const PLAN_OPTIONS = PLANS.map((p) => ({ value: p, label: PLAN_LABELS[p] }));

const valuesOf = (org: Organization): FormValues => ({
  name: org.name,
  slug: org.slug,
  plan: org.plan,
  defaultCurrency: org.defaultCurrency ?? 'USD',
  autoApprove: org.autoApprove ?? { enabled: false, maxAmount: null },
  legalNames: org.legalNames ?? [],
  reviewNewVendors: org.reviewNewVendors ?? true,
});

/** The legal names as typed: one per line. */
const namesOf = (text: string) =>
  text
    .split('\n')
    .map((n) => n.trim())
    .filter(Boolean);

/** The legal names list as a textarea, one name per line; the form holds the list. */
function LegalNamesInput({
  value,
  onChange,
  onBlur,
  invalid,
}: {
  value: string[];
  onChange: (names: string[]) => void;
  onBlur: () => void;
  invalid: boolean;
}) {
  const [text, setText] = useState(value.join('\n'));
  // A reset of the form (or a saved organization) replaces what is typed.
  useEffect(() => {
    setText((typed) => (namesOf(typed).join('\n') === value.join('\n') ? typed : value.join('\n')));
  }, [value]);
  return (
    <Textarea
      id="org-legal-names"
      rows={3}
      className="w-full"
      value={text}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? 'org-legal-names-error' : 'org-legal-names-hint'}
      onChange={(e) => {
        setText(e.target.value);
        onChange(namesOf(e.target.value));
      }}
      onBlur={onBlur}
    />
  );
}

/**
 * 'Organization Details': name, slug and plan, the legal names, the default currency and the auto-approval rule,
 * validated by the shared schema.
 */
export function OrganizationForm({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization();
  const { administer } = useRights();
  const { register, handleSubmit, formState, reset, control } = useForm<
    FormValues,
    unknown,
    z.output<typeof organizationUpdateSchema>
  >({
    resolver: zodResolver(organizationUpdateSchema),
    defaultValues: valuesOf(organization),
  });
  useEffect(() => reset(valuesOf(organization)), [organization, reset]);

  const err = (k: keyof FormValues) => formState.errors[k]?.message;
  const legalNamesError =
    formState.errors.legalNames?.message ??
    (Array.isArray(formState.errors.legalNames)
      ? formState.errors.legalNames.find((e) => e?.message)?.message
      : undefined);
  const maxAmountError =
    formState.errors.autoApprove?.maxAmount?.message ?? formState.errors.autoApprove?.message;
  const field = (k: 'name' | 'slug') => ({
    id: `org-${k}`,
    'aria-invalid': err(k) ? true : undefined,
    'aria-describedby': err(k) ? `org-${k}-error` : `org-${k}-hint`,
    ...register(k),
  });

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () =>
        toast({
          title: 'Organization updated',
          description: 'Your organization settings have been successfully updated.',
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: 'Update failed',
          description: `Failed to update organization: ${errorDetail(e)}`,
          variant: 'destructive',
        }),
    }),
  );

  return (
    <EditFormCard
      title="Organization Details"
      description="How your organization appears across InvoicePilot."
      onSubmit={onSubmit}
      onReset={() => reset(valuesOf(organization))}
      dirty={formState.isDirty}
      saving={update.isPending}
      readOnly={administer ? undefined : 'Only an administrator can change these settings.'}
    >
      <FormField
        id="org-name"
        label="Organization Name"
        hint="This is your organization's display name"
        error={err('name')}
      >
        <Input {...field('name')} autoComplete="organization" />
      </FormField>
      <FormField
        id="org-slug"
        label="Organization Slug"
        hint="Used in URLs and must be unique"
        error={err('slug')}
      >
        <Input {...field('slug')} autoCapitalize="none" autoCorrect="off" spellCheck={false} />
      </FormField>
      <FormField
        id="org-plan"
        label="Subscription Plan"
        hint="Contact sales to upgrade your plan"
        error={err('plan')}
      >
        <Controller
          control={control}
          name="plan"
          render={({ field: f }) => (
            <Select
              id="org-plan"
              label="Subscription Plan"
              value={f.value}
              onValueChange={f.onChange}
              options={PLAN_OPTIONS}
              className="w-full sm:w-64"
            />
          )}
        />
      </FormField>
      <FormField
        id="org-legal-names"
        label="Legal Names"
        hint="One per line: the names your company and its owners' entities are billed under. With your organization's and properties' names they are the buyer on an invoice, never taken for the vendor."
        error={legalNamesError}
      >
        <Controller
          control={control}
          name="legalNames"
          render={({ field: f }) => (
            <LegalNamesInput
              value={f.value ?? []}
              onChange={f.onChange}
              onBlur={f.onBlur}
              invalid={Boolean(legalNamesError)}
            />
          )}
        />
      </FormField>
      <FormField
        id="org-currency"
        label="Default Currency"
        hint="ISO 4217 code such as USD or EUR: invoices that show no currency are in it, and totals are shown in it"
        error={err('defaultCurrency')}
      >
        <Input
          id="org-currency"
          className="w-full uppercase sm:w-32"
          maxLength={3}
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={err('defaultCurrency') ? true : undefined}
          aria-describedby={err('defaultCurrency') ? 'org-currency-error' : 'org-currency-hint'}
          {...register('defaultCurrency')}
        />
      </FormField>
      <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">New vendors</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            aria-describedby="org-new-vendors-hint"
            {...register('reviewNewVendors')}
          />
          Send the first invoice from a new vendor to review
        </label>
        <p id="org-new-vendors-hint" className="text-xs text-slate-500 dark:text-slate-400">
          A vendor none of whose invoices has been approved yet is checked by a person before it is paid,
          however surely its invoice was read.
        </p>
      </fieldset>
      <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">Auto-approval</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <input type="checkbox" className="size-4 accent-brand-600" {...register('autoApprove.enabled')} />
          Approve processed invoices from known vendors automatically
        </label>
        <FormField
          id="org-auto-max"
          label="Up to this total"
          hint={`In the default currency. Only an invoice read surely (its vendor, number, dates and amounts each at ${SKIP_REVIEW_CONFIDENCE * 100}% confidence or more, and no vendor address, e-mail or phone read in doubt) is approved this way; each automatic approval is recorded in the invoice's history.`}
          error={maxAmountError}
        >
          <Input
            id="org-auto-max"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            className="w-full sm:w-48"
            aria-invalid={maxAmountError ? true : undefined}
            aria-describedby={maxAmountError ? 'org-auto-max-error' : 'org-auto-max-hint'}
            {...register('autoApprove.maxAmount', {
              setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
            })}
          />
        </FormField>
      </fieldset>
    </EditFormCard>
  );
}
