import { zodResolver } from '@hookform/resolvers/zod';
import { type Vendor, type VendorTaxIdentity, vendorInputSchema } from '@shared/schemas/entities';
import { createContext, useContext } from 'react';
import type { z } from 'zod';
import { Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import {
  type EntityDialogProps,
  EntityFormDialog,
  type EntityFormFields,
  type EntityFormProps,
} from '@/features/entities';
import { type VendorInput, vendors } from '@/features/vendors/api/vendors';
import { VendorInsuranceSection } from '@/features/vendors/components/vendor-insurance-section';
import { VendorMemorySection } from '@/features/vendors/components/vendor-memory-section';
import { taxIdentityDefaults, VendorTaxFields } from '@/features/vendors/components/vendor-tax-fields';

type FormValues = z.input<typeof vendorInputSchema>;
const resolver = zodResolver(vendorInputSchema);

const defaults = (vendor: Vendor | null): FormValues => ({
  name: vendor?.name ?? '',
  email: vendor?.email ?? '',
  phone: vendor?.phone ?? '',
  address: vendor?.address ?? '',
  taxId: vendor?.taxId ?? '',
  website: vendor?.website ?? '',
  paymentTerms: vendor?.paymentTerms ?? '',
  preferredMethod: vendor?.preferredMethod ?? '',
  taxIdentity: taxIdentityDefaults(vendor?.taxIdentity),
});

/** The tax identity on file (TIN masked) of the vendor being edited: the form's fields are not given the vendor. */
const IdentityOnFile = createContext<VendorTaxIdentity | null>(null);

/** Name required, email an email field, the rest free text (spec section 5). */
function VendorFields({ field, err }: EntityFormFields<FormValues, VendorInput>) {
  const identity = useContext(IdentityOnFile);
  return (
    <>
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
      <VendorTaxFields field={field} err={err} identity={identity} />
    </>
  );
}

const form: EntityFormProps<Vendor, FormValues, VendorInput> = {
  entity: vendors,
  resolver,
  defaults,
  Fields: VendorFields,
  createDescription: 'Add a vendor you receive invoices from.',
  // The edit dialog is the vendor's page: its insurance and what the AI learned of its invoices are there.
  Details: ({ item }) => (
    <>
      <VendorInsuranceSection vendor={item} />
      <VendorMemorySection vendor={item} />
    </>
  ),
};

export const VendorFormDialog = (props: EntityDialogProps<Vendor>) => (
  <IdentityOnFile.Provider value={props.item?.taxIdentity ?? null}>
    <EntityFormDialog {...form} {...props} />
  </IdentityOnFile.Provider>
);
