import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type Property,
  propertyInputSchema,
} from '../../../../../shared/schemas/entities';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorDetail } from '../../../lib/api-client';
import { type PropertyInput, useCreateProperty } from '../api/create-property';
import { useUpdateProperty } from '../api/update-property';

/** The form works on strings; the shared schema turns numbers that are 0 or empty into absent. */
export interface PropertyFormValues {
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

export const PROPERTY_TYPE_OPTIONS = PROPERTY_TYPES.map((t) => ({
  value: t,
  label: PROPERTY_TYPE_LABELS[t],
}));
const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
] as const;

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
    ...(p ? { status: p.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE' } : {}),
  };
}

/** Name, type and address required; units ≥ 1; rent and value ≥ 0 with cents; a date (spec section 5). */
export function PropertyForm({ property, onDone }: { property: Property | null; onDone: () => void }) {
  const create = useCreateProperty();
  const update = useUpdateProperty();
  const pending = create.isPending || update.isPending;
  const { register, handleSubmit, control, formState } = useForm<PropertyFormValues, unknown, PropertyInput>({
    resolver,
    defaultValues: defaults(property),
  });
  const err = (k: keyof PropertyFormValues) => formState.errors[k]?.message;
  const field = (k: keyof PropertyFormValues) => ({
    id: `property-${k}`,
    'aria-invalid': err(k) ? true : undefined,
    'aria-describedby': err(k) ? `property-${k}-error` : undefined,
    ...register(k),
  });

  const onSubmit = handleSubmit((body) => {
    const done = {
      onSuccess: () => {
        toast({
          title: 'Success',
          description: property ? 'Property updated successfully' : 'Property created successfully',
          variant: 'success',
        });
        onDone();
      },
      onError: (e: unknown) =>
        toast({
          title: property ? 'Failed to update property' : 'Failed to create property',
          description: errorDetail(e),
          variant: 'destructive',
        }),
    };
    if (property) update.mutate({ id: property.id, body: { ...body, version: property.version } }, done);
    else create.mutate(body, done);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 p-5">
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
          <Input
            {...field('rentAmount')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
          />
        </FormField>
        <FormField id="property-marketValue" label="Market Value ($)" error={err('marketValue')}>
          <Input
            {...field('marketValue')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
          />
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
      {property ? (
        <FormField id="property-status" label="Status">
          <Controller
            control={control}
            name="status"
            render={({ field: f }) => (
              <Select
                id="property-status"
                label="Status"
                value={f.value ?? 'ACTIVE'}
                onValueChange={f.onChange}
                options={STATUS_OPTIONS}
                className="w-full"
              />
            )}
          />
        </FormField>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Saving...' : property ? 'Save Changes' : 'Create Property'}
        </Button>
      </div>
    </form>
  );
}

export function PropertyFormDialog({
  open,
  property,
  onOpenChange,
}: {
  open: boolean;
  property: Property | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={property ? 'Edit Property' : 'Create New Property'}
        description={
          property ? `Update the details of ${property.name}.` : 'Add a property your team manages.'
        }
      >
        {open ? (
          <PropertyForm key={property?.id ?? 'new'} property={property} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
