import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Vendor, vendorInputSchema } from '../../../../../shared/schemas/entities';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { FormField } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorDetail } from '../../../lib/api-client';
import { useCreateVendor } from '../api/create-vendor';
import { useUpdateVendor } from '../api/update-vendor';

type FormValues = z.input<typeof vendorInputSchema>;
type Output = z.output<typeof vendorInputSchema>;

const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
] as const;

function defaults(vendor: Vendor | null): FormValues {
  return {
    name: vendor?.name ?? '',
    email: vendor?.email ?? '',
    phone: vendor?.phone ?? '',
    address: vendor?.address ?? '',
    taxId: vendor?.taxId ?? '',
    website: vendor?.website ?? '',
    paymentTerms: vendor?.paymentTerms ?? '',
    preferredMethod: vendor?.preferredMethod ?? '',
    ...(vendor ? { status: vendor.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE' } : {}),
  };
}

/** The vendor form: name required, email an email field, the rest free text (spec section 5). */
export function VendorForm({ vendor, onDone }: { vendor: Vendor | null; onDone: () => void }) {
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const pending = create.isPending || update.isPending;
  const { register, handleSubmit, control, formState } = useForm<FormValues, unknown, Output>({
    resolver: zodResolver(vendorInputSchema),
    defaultValues: defaults(vendor),
  });
  const err = (k: keyof FormValues) => formState.errors[k]?.message;
  const field = (k: keyof FormValues) => ({
    id: `vendor-${k}`,
    'aria-invalid': err(k) ? true : undefined,
    'aria-describedby': err(k) ? `vendor-${k}-error` : undefined,
    ...register(k),
  });

  const onSubmit = handleSubmit((body) => {
    const done = {
      onSuccess: () => {
        toast({
          title: 'Success',
          description: vendor ? 'Vendor updated successfully' : 'Vendor created successfully',
          variant: 'success',
        });
        onDone();
      },
      onError: (e: unknown) =>
        toast({
          title: vendor ? 'Failed to update vendor' : 'Failed to create vendor',
          description: errorDetail(e),
          variant: 'destructive',
        }),
    };
    if (vendor) update.mutate({ id: vendor.id, body: { ...body, version: vendor.version } }, done);
    else create.mutate(body, done);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 p-5">
      <FormField id="vendor-name" label="Vendor Name *" error={err('name')}>
        <Input {...field('name')} autoComplete="organization" placeholder="Acme Plumbing LLC" required />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="vendor-email" label="Email" error={err('email')}>
          <Input {...field('email')} type="email" autoComplete="email" placeholder="billing@vendor.com" />
        </FormField>
        <FormField id="vendor-phone" label="Phone" error={err('phone')}>
          <Input {...field('phone')} type="tel" autoComplete="tel" placeholder="(555) 010-2030" />
        </FormField>
      </div>
      <FormField id="vendor-address" label="Address" error={err('address')}>
        <Textarea {...field('address')} rows={2} placeholder="123 Main St, Springfield, IL 62701" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="vendor-taxId" label="Tax ID" error={err('taxId')}>
          <Input {...field('taxId')} placeholder="12-3456789" />
        </FormField>
        <FormField id="vendor-website" label="Website" error={err('website')}>
          <Input {...field('website')} type="url" placeholder="https://vendor.com" />
        </FormField>
        <FormField id="vendor-paymentTerms" label="Payment Terms" error={err('paymentTerms')}>
          <Input {...field('paymentTerms')} placeholder="Net 30" />
        </FormField>
        <FormField
          id="vendor-preferredMethod"
          label="Preferred Payment Method"
          error={err('preferredMethod')}
        >
          <Input {...field('preferredMethod')} placeholder="ACH" />
        </FormField>
      </div>
      {vendor ? (
        <FormField id="vendor-status" label="Status">
          <Controller
            control={control}
            name="status"
            render={({ field: f }) => (
              <Select
                id="vendor-status"
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
          {pending ? 'Saving...' : vendor ? 'Save Changes' : 'Create Vendor'}
        </Button>
      </div>
    </form>
  );
}

export function VendorFormDialog({
  open,
  vendor,
  onOpenChange,
}: {
  open: boolean;
  vendor: Vendor | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={vendor ? 'Edit Vendor' : 'Create New Vendor'}
        description={
          vendor ? `Update the details of ${vendor.name}.` : 'Add a vendor you receive invoices from.'
        }
      >
        {open ? (
          <VendorForm key={vendor?.id ?? 'new'} vendor={vendor} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
