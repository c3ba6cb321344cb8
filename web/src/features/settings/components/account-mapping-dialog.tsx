import type { Integration, RemoteOption } from '@shared/schemas/entities';
import { type FormEvent, useState } from 'react';
import { Dialog, DialogContent, DialogFormActions } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/label';
import { Select, type SelectOption } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCategories, usePropertyOptions } from '@/features/invoices';
import { useIntegrationOptions } from '@/features/settings/api/integration-options';
import { useMappableVendors } from '@/features/settings/api/mappable-vendors';
import { useUpdateIntegration } from '@/features/settings/api/update-integration';
import { type AccountMapping, mappingOf, mappingPatch } from '@/features/settings/lib/account-mapping';
import { errorDetail } from '@/lib/api-client';

/** Radix Select items cannot have an empty value: this one stands for "not mapped". */
const NONE = '__none';
const choices = (items: readonly RemoteOption[], none: string): SelectOption[] => [
  { value: NONE, label: none },
  ...items.map((o) => ({ value: o.id, label: o.detail ? `${o.name} (${o.detail})` : o.name })),
];
const fromSelect = (v: string) => (v === NONE ? '' : v);
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const toSelect = (v: string | undefined) => v || NONE;

/**
 * Maps an accounting integration onto the connected system, read from it: the default account (and for
 * Propertyware the default portfolio) a bill needs, the account of the tax line, an account per expense
 * category, a class (QuickBooks) or portfolio (Propertyware) per property, and the system's vendor for
 * each of ours (by default matched by name there, or created: the choice says which it will be).
 */
function MappingForm({ integration, onDone }: { integration: Integration; onDone: () => void }) {
  const options = useIntegrationOptions(integration, true);
  const categories = useCategories();
  const properties = usePropertyOptions();
  const vendors = useMappableVendors();
  const update = useUpdateIntegration();
  const [mapping, setMapping] = useState<AccountMapping>(() => mappingOf(integration));
  const [missing, setMissing] = useState<string | null>(null);
  const pw = integration.type === 'PROPERTYWARE';
  const system = pw ? 'Propertyware' : 'QuickBooks';

  if (options.isPending)
    return (
      <p className="flex items-center gap-2 p-5 text-sm text-slate-600 dark:text-slate-300" role="status">
        <Spinner /> Reading the accounts from {system}...
      </p>
    );
  if (options.isError)
    return (
      <p className="p-5 text-sm text-red-600 dark:text-red-400" role="alert">
        {errorDetail(options.error)}
      </p>
    );
  const { accounts, classes, portfolios, vendors: theirVendors } = options.data;
  const places = pw ? portfolios : classes;
  const set = (patch: Partial<AccountMapping>) => setMapping((m) => ({ ...m, ...patch }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const needed = !mapping.defaultAccount
      ? 'Choose a default account'
      : pw && !mapping.defaultPortfolio
        ? 'Choose a default portfolio'
        : null;
    setMissing(needed);
    if (needed) return;
    update.mutate(
      {
        id: integration.id,
        body: { config: mappingPatch(integration.type, mapping), version: integration.version },
      },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: `The ${system} accounts are mapped.`, variant: 'success' });
          onDone();
        },
        onError: (e) =>
          toast({
            title: 'Failed to update integration',
            description: errorDetail(e),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 p-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="mapping-default"
          label="Default account *"
          error={missing?.includes('account') ? missing : undefined}
        >
          <Select
            id="mapping-default"
            label="Default account"
            value={toSelect(mapping.defaultAccount)}
            onValueChange={(v) => set({ defaultAccount: fromSelect(v) })}
            options={choices(accounts, 'Choose an account')}
            className="w-full"
            aria-invalid={missing?.includes('account') ? true : undefined}
          />
        </FormField>
        <FormField
          id="mapping-tax"
          label="Tax account"
          hint="The tax line of each bill; the default account if not set"
        >
          <Select
            id="mapping-tax"
            label="Tax account"
            value={toSelect(mapping.taxAccount)}
            onValueChange={(v) => set({ taxAccount: fromSelect(v) })}
            options={choices(accounts, 'Same as the default account')}
            className="w-full"
          />
        </FormField>
        {pw ? (
          <FormField
            id="mapping-portfolio"
            label="Default portfolio *"
            error={missing?.includes('portfolio') ? missing : undefined}
          >
            <Select
              id="mapping-portfolio"
              label="Default portfolio"
              value={toSelect(mapping.defaultPortfolio)}
              onValueChange={(v) => set({ defaultPortfolio: fromSelect(v) })}
              options={choices(portfolios, 'Choose a portfolio')}
              className="w-full"
              aria-invalid={missing?.includes('portfolio') ? true : undefined}
            />
          </FormField>
        ) : null}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-white">
          Expense categories
        </legend>
        {(categories.data?.items ?? []).map((c) => (
          <div key={c.id} className="grid items-center gap-2 sm:grid-cols-2">
            <span className="text-sm text-slate-700 dark:text-slate-300">{c.name}</span>
            <Select
              label={`Account for ${c.name}`}
              value={toSelect(mapping.categories[c.id])}
              onValueChange={(v) => set({ categories: { ...mapping.categories, [c.id]: fromSelect(v) } })}
              options={choices(accounts, 'Default account')}
              className="w-full"
            />
          </div>
        ))}
      </fieldset>
      {(properties.data?.items ?? []).length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-white">
            {pw ? 'Properties (portfolio)' : 'Properties (class)'}
          </legend>
          {(properties.data?.items ?? []).map((p) => (
            <div key={p.id} className="grid items-center gap-2 sm:grid-cols-2">
              <span className="text-sm text-slate-700 dark:text-slate-300">{p.name}</span>
              <Select
                label={`${pw ? 'Portfolio' : 'Class'} for ${p.name}`}
                value={toSelect(mapping.properties[p.id])}
                onValueChange={(v) => set({ properties: { ...mapping.properties, [p.id]: fromSelect(v) } })}
                options={choices(places, pw ? 'Default portfolio' : 'No class')}
                className="w-full"
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      {vendors.items.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-white">Vendors</legend>
          {vendors.items.map((v) => {
            const match = theirVendors.find((o) => sameName(o.name, v.name));
            return (
              <div key={v.id} className="grid items-center gap-2 sm:grid-cols-2">
                <span className="text-sm text-slate-700 dark:text-slate-300">{v.name}</span>
                <Select
                  label={`${system} vendor for ${v.name}`}
                  value={toSelect(mapping.vendors[v.id])}
                  onValueChange={(value) =>
                    set({ vendors: { ...mapping.vendors, [v.id]: fromSelect(value) } })
                  }
                  options={choices(
                    theirVendors,
                    match ? `By name: ${match.name}` : `By name: created as ${v.name}`,
                  )}
                  className="w-full"
                />
              </div>
            );
          })}
          {vendors.more ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              The first {vendors.items.length} vendors are listed; the others are matched by name.
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <DialogFormActions pending={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Mapping'}
      </DialogFormActions>
    </form>
  );
}

export function AccountMappingDialog({
  integration,
  onOpenChange,
}: {
  integration: Integration | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={integration !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={integration ? `Map accounts: ${integration.name}` : 'Map accounts'}
        description="Where each approved invoice is booked. A bill is sent only once a default account is set."
        wide
      >
        {integration ? <MappingForm integration={integration} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
