import { zodResolver } from '@hookform/resolvers/zod';
import { INTEGRATION_TYPES, integrationInputSchema, MAX_EMAIL_RECIPIENTS } from '@shared/schemas/entities';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Dialog, DialogContent, DialogFormActions } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { type IntegrationInput, useCreateIntegration } from '@/features/settings/api/create-integration';
import { INTEGRATION_TYPE_HINTS, INTEGRATION_TYPE_LABELS } from '@/features/settings/lib/settings-rules';
import { errorDetail } from '@/lib/api-client';

type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export interface IntegrationFormValues {
  name: string;
  type: IntegrationType;
  config: {
    apiUrl: string;
    apiKey: string;
    username: string;
    password: string;
    systemId: string;
    /** EMAIL: addresses separated by commas or new lines. */
    recipients: string;
  };
}

/** Empty optional fields are left out, so the shared schema sees them as absent. */
const baseResolver = zodResolver(integrationInputSchema) as unknown as Resolver<
  IntegrationFormValues,
  unknown,
  IntegrationInput
>;
const resolver: Resolver<IntegrationFormValues, unknown, IntegrationInput> = (values, ctx, options) => {
  const config = Object.fromEntries(Object.entries(values.config).filter(([, v]) => v.trim() !== ''));
  return baseResolver({ ...values, config } as IntegrationFormValues, ctx, options);
};

const TYPE_OPTIONS = INTEGRATION_TYPES.map((t) => ({ value: t, label: INTEGRATION_TYPE_LABELS[t] }));

function IntegrationForm({ onDone }: { onDone: () => void }) {
  const create = useCreateIntegration();
  const { register, handleSubmit, formState, control, watch } = useForm<
    IntegrationFormValues,
    unknown,
    IntegrationInput
  >({
    resolver,
    defaultValues: {
      name: '',
      type: 'MAKE_COM',
      config: { apiUrl: '', apiKey: '', username: '', password: '', systemId: '', recipients: '' },
    },
  });
  const type = watch('type');
  const errors = formState.errors;
  const cfgErr = (k: keyof IntegrationFormValues['config']) => errors.config?.[k]?.message;
  const cfg = (k: keyof IntegrationFormValues['config']) => ({
    id: `integration-${k}`,
    'aria-invalid': cfgErr(k) ? true : undefined,
    'aria-describedby': cfgErr(k) ? `integration-${k}-error` : undefined,
    ...register(`config.${k}`),
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Success', description: `${body.name} has been connected.`, variant: 'success' });
        onDone();
      },
      onError: (e) =>
        toast({ title: 'Failed to create integration', description: errorDetail(e), variant: 'destructive' }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 p-5">
      <FormField id="integration-type" label="Type" hint={INTEGRATION_TYPE_HINTS[type]}>
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select
              id="integration-type"
              label="Type"
              value={field.value}
              onValueChange={(v) => field.onChange(v as IntegrationType)}
              options={TYPE_OPTIONS}
              className="w-full"
            />
          )}
        />
      </FormField>
      <FormField id="integration-name" label="Name *" error={errors.name?.message}>
        <Input
          id="integration-name"
          placeholder={`${INTEGRATION_TYPE_LABELS[type]} sync`}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'integration-name-error' : undefined}
          {...register('name')}
        />
      </FormField>
      {type === 'MAKE_COM' ? (
        <>
          <FormField id="integration-apiUrl" label="Webhook URL *" error={cfgErr('apiUrl')}>
            <Input {...cfg('apiUrl')} type="url" placeholder="https://hook.us1.make.com/..." />
          </FormField>
          <FormField id="integration-apiKey" label="API Key (optional)" error={cfgErr('apiKey')}>
            <Input {...cfg('apiKey')} type="password" autoComplete="off" />
          </FormField>
        </>
      ) : null}
      {type === 'PROPERTYWARE' ? (
        <>
          <FormField id="integration-apiUrl" label="API URL *" error={cfgErr('apiUrl')}>
            <Input {...cfg('apiUrl')} type="url" placeholder="https://api.propertyware.com/pw/api/rest/v1" />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="integration-username" label="Username *" error={cfgErr('username')}>
              <Input {...cfg('username')} autoComplete="off" />
            </FormField>
            <FormField id="integration-password" label="Password *" error={cfgErr('password')}>
              <Input {...cfg('password')} type="password" autoComplete="new-password" />
            </FormField>
          </div>
          <FormField id="integration-systemId" label="System ID" error={cfgErr('systemId')}>
            <Input {...cfg('systemId')} autoComplete="off" inputMode="numeric" />
          </FormField>
        </>
      ) : null}
      {type === 'EMAIL' ? (
        <FormField
          id="integration-recipients"
          label="Recipients *"
          hint={`Up to ${MAX_EMAIL_RECIPIENTS} e-mail addresses, separated by commas`}
          error={cfgErr('recipients')}
        >
          <Input {...cfg('recipients')} autoComplete="off" placeholder="ap@example.com, owner@example.com" />
        </FormField>
      ) : null}
      {type === 'QUICKBOOKS' ? (
        <FormField id="integration-apiKey" label="API Key *" error={cfgErr('apiKey')}>
          <Input {...cfg('apiKey')} type="password" autoComplete="off" />
        </FormField>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Credentials are stored encrypted and never shown again in full.
      </p>
      <DialogFormActions pending={create.isPending}>
        {create.isPending ? 'Connecting...' : 'Add Integration'}
      </DialogFormActions>
    </form>
  );
}

export function IntegrationFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add Integration" description="Sync approved invoices to another system.">
        {open ? <IntegrationForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
