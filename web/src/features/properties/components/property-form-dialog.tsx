import { zodResolver } from '@hookform/resolvers/zod';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type Property,
  propertyInputSchema,
} from '@shared/schemas/entities';
import { Controller, type Resolver } from 'react-hook-form';
import { Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import {
  type EntityDialogProps,
  EntityFormDialog,
  type EntityFormFields,
  type EntityFormProps,
} from '@/features/entities';
import { type PropertyInput, properties } from '@/features/properties/api/properties';

/** The form works on strings; the shared schema turns numbers that are 0 or empty into absent. */
interface PropertyFormValues {
  name: string;
  address: string;
  propertyType: string;
  units: string;
  rentAmount: string;
  marketValue: string;
  acquisitionDate: string;
  propertyManager: string;
  notes: string;
  status?: 'ACTIVE' | 'INACTIVE';
}

const resolver = zodResolver(propertyInputSchema) as unknown as Resolver<
  PropertyFormValues,
  unknown,
  PropertyInput
>;

const PROPERTY_TYPE_OPTIONS = PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }));

function defaults(p: Property | null): PropertyFormValues {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    name: p?.name ?? '',
    address: p?.address ?? '',
    propertyType: p?.propertyType ?? '',
    units: n(p?.units),
    rentAmount: n(p?.rentAmount),
    marketValue: n(p?.marketValue),
    acquisitionDate: p?.acquisitionDate ?? '',
    propertyManager: p?.propertyManager ?? '',
    notes: p?.notes ?? '',
  };
}

const money = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01, placeholder: '0.00' } as const;

/** Name, type and address required; units ≥ 1; rent and value ≥ 0 with cents; a date (spec section 5). */
function PropertyFields({ field, err, control }: EntityFormFields<PropertyFormValues, PropertyInput>) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="property-name" label="Property Name *" error={err('name')}>
          <Input {...field('name')} placeholder="Maple Court Apartments" required />
        </FormField>
        <FormField id="property-propertyType" label="Property Type *" error={err('propertyType')}>
          <Controller
            control={control}
            name="propertyType"
            render={({ field: f }) => (
              <Select
                id="property-propertyType"
                label="Property Type"
                placeholder="Select a type"
                value={f.value}
                onValueChange={f.onChange}
                options={PROPERTY_TYPE_OPTIONS}
                aria-invalid={err('propertyType') ? true : undefined}
                aria-describedby={err('propertyType') ? 'property-propertyType-error' : undefined}
                className="w-full"
              />
            )}
          />
        </FormField>
      </div>
      <FormField id="property-address" label="Address *" error={err('address')}>
        <Textarea
          {...field('address')}
          rows={2}
          placeholder="450 Maple Ave, Springfield, IL 62704"
          required
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="property-units" label="Units" error={err('units')}>
          <Input {...field('units')} type="number" inputMode="numeric" min={1} step={1} placeholder="24" />
        </FormField>
        <FormField id="property-rentAmount" label="Monthly Rent ($)" error={err('rentAmount')}>
          <Input {...field('rentAmount')} {...money} />
        </FormField>
        <FormField id="property-marketValue" label="Market Value ($)" error={err('marketValue')}>
          <Input {...field('marketValue')} {...money} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="property-acquisitionDate" label="Acquisition Date" error={err('acquisitionDate')}>
          <Input {...field('acquisitionDate')} type="date" />
        </FormField>
        <FormField id="property-propertyManager" label="Property Manager" error={err('propertyManager')}>
          <Input {...field('propertyManager')} autoComplete="name" placeholder="Jordan Smith" />
        </FormField>
      </div>
      <FormField id="property-notes" label="Notes" error={err('notes')}>
        <Textarea {...field('notes')} rows={2} />
      </FormField>
    </>
  );
}

const form: EntityFormProps<Property, PropertyFormValues, PropertyInput> = {
  entity: properties,
  resolver,
  defaults,
  Fields: PropertyFields,
  createDescription: 'Add a property your team manages.',
};

export const PropertyFormDialog = (props: EntityDialogProps<Property>) => (
  <EntityFormDialog {...form} {...props} />
);
