import {
  FORM_1099_BOX_LABELS,
  FORM_1099_BOXES,
  TAX_ENTITY_TYPE_LABELS,
  TAX_ENTITY_TYPES,
  type VendorTaxIdentity,
  type vendorTaxIdentityInputSchema,
} from '@shared/schemas/entities';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { roleSelectClass } from '@/features/organization';

type TaxIdentityValues = Required<z.input<typeof vendorTaxIdentityInputSchema>>;
type TaxFieldName = `taxIdentity.${keyof TaxIdentityValues}`;

/** The vendor form's values under `taxIdentity` (see vendor-form-dialog). */
export const taxIdentityDefaults = (identity: VendorTaxIdentity | null | undefined): TaxIdentityValues => ({
  legalName: identity?.legalName ?? '',
  tinType: identity?.tinType ?? 'EIN',
  // The stored TIN is never sent to the browser: empty keeps it.
  tin: '',
  entityType: identity?.entityType ?? '',
  reports1099: identity?.reports1099 ?? false,
  form1099Box: identity?.form1099Box ?? 'NEC',
});

/**
 * Legal name, TIN, entity type and the 1099 a vendor gets. The TIN is write-only here: the field starts
 * empty and says which TIN is stored (masked); leaving it empty keeps that one.
 */
export function VendorTaxFields({
  field,
  err,
  identity,
}: {
  /** The vendor form's registered inputs and errors (EntityFormFields), for the `taxIdentity` fields. */
  field: (name: TaxFieldName) => UseFormRegisterReturn & { id: string };
  err: (name: TaxFieldName) => string | undefined;
  /** The vendor's identity on file (null for a new vendor or one without). */
  identity: VendorTaxIdentity | null;
}) {
  const at = (name: keyof TaxIdentityValues): TaxFieldName => `taxIdentity.${name}`;
  const tinMasked = identity?.tinMasked ?? null;
  // Each select starts on the stored choice itself: the form's default alone left a select on its first option.
  const initial = taxIdentityDefaults(identity);
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">
        Tax identity (1099)
      </legend>
      <FormField id="vendor-taxIdentity.legalName" label="Legal Name" error={err(at('legalName'))}>
        <Input {...field(at('legalName'))} placeholder="As on the vendor's W-9" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="vendor-taxIdentity.tinType" label="TIN Type">
          <select {...field(at('tinType'))} defaultValue={initial.tinType} className={roleSelectClass}>
            <option value="EIN">EIN</option>
            <option value="SSN">SSN</option>
          </select>
        </FormField>
        <FormField
          id="vendor-taxIdentity.tin"
          label="TIN"
          hint={tinMasked ? `On file: ${tinMasked}. Leave empty to keep it.` : '9 digits; stored encrypted'}
          error={err(at('tin'))}
        >
          <Input {...field(at('tin'))} inputMode="numeric" autoComplete="off" placeholder="12-3456789" />
        </FormField>
        <FormField id="vendor-taxIdentity.entityType" label="Entity Type">
          <select
            {...field(at('entityType'))}
            defaultValue={initial.entityType ?? ''}
            className={roleSelectClass}
          >
            <option value="">Not set</option>
            {TAX_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {TAX_ENTITY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="vendor-taxIdentity.form1099Box" label="1099 Box">
          <select
            {...field(at('form1099Box'))}
            defaultValue={initial.form1099Box}
            className={roleSelectClass}
          >
            {FORM_1099_BOXES.map((box) => (
              <option key={box} value={box}>
                {FORM_1099_BOX_LABELS[box]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <input type="checkbox" {...field(at('reports1099'))} />
        Send this vendor a 1099 (paid $600 or more in a year)
      </label>
    </fieldset>
  );
}
