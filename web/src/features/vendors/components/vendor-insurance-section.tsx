import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate, formatMoney } from '@shared/format';
import {
  COVERAGE_TYPE_LABELS,
  COVERAGE_TYPES,
  type InsuranceCertificateInput,
  insuranceCertificateInputSchema,
  type Vendor,
} from '@shared/schemas/entities';
import { Plus, Trash } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { roleSelectClass, useOrganization } from '@/features/organization';
import {
  useAddCertificate,
  useCertificates,
  useDeleteCertificate,
  useVendorInsurance,
} from '@/features/vendors/api/vendor-compliance';
import { CertificateFileControls } from '@/features/vendors/components/certificate-file-controls';
import { insuranceBadge } from '@/features/vendors/lib/compliance-rules';
import { errorDetail } from '@/lib/api-client';
import { useRights } from '@/lib/rights';

type CertificateValues = z.input<typeof insuranceCertificateInputSchema>;
const resolver = zodResolver(insuranceCertificateInputSchema);
const EMPTY: CertificateValues = {
  carrier: '',
  policyNumber: '',
  coverageType: 'GENERAL_LIABILITY',
  perOccurrenceLimit: null,
  effectiveOn: '',
  expiresOn: '',
};

/** Carrier, policy, coverage, limit and dates of a new certificate; Add Certificate sends it. */
function AddCertificateForm({ vendor, currency }: { vendor: Vendor; currency: string }) {
  const add = useAddCertificate(vendor.id);
  const { register, handleSubmit, reset, formState } = useForm<
    CertificateValues,
    unknown,
    InsuranceCertificateInput
  >({ resolver, defaultValues: EMPTY });
  const err = (name: keyof CertificateValues) => formState.errors[name]?.message;
  const field = (name: keyof CertificateValues, options?: Parameters<typeof register>[1]) => ({
    id: `certificate-${name}`,
    'aria-invalid': err(name) ? true : undefined,
    'aria-describedby': err(name) ? `certificate-${name}-error` : undefined,
    ...register(name, options),
  });
  const onSubmit = handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Certificate added', variant: 'success' });
        reset(EMPTY);
      },
      onError: (e) =>
        toast({ title: 'Failed to add certificate', description: errorDetail(e), variant: 'destructive' }),
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2 dark:bg-slate-900"
    >
      <FormField id="certificate-carrier" label="Carrier" error={err('carrier')}>
        <Input {...field('carrier')} placeholder="Hartford" />
      </FormField>
      <FormField id="certificate-policyNumber" label="Policy Number" error={err('policyNumber')}>
        <Input {...field('policyNumber')} placeholder="GL-2026-0042" />
      </FormField>
      <FormField id="certificate-coverageType" label="Coverage Type" error={err('coverageType')}>
        <select {...field('coverageType')} className={roleSelectClass}>
          {COVERAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {COVERAGE_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="certificate-perOccurrenceLimit"
        label={`Per-Occurrence Limit (${currency})`}
        error={err('perOccurrenceLimit')}
      >
        <Input
          {...field('perOccurrenceLimit', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
          type="number"
          min={0}
          step="1"
          placeholder="1000000"
        />
      </FormField>
      <FormField id="certificate-effectiveOn" label="Effective Date" error={err('effectiveOn')}>
        <Input {...field('effectiveOn')} type="date" />
      </FormField>
      <FormField id="certificate-expiresOn" label="Expiry Date" error={err('expiresOn')}>
        <Input {...field('expiresOn')} type="date" />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" variant="outline" size="sm" disabled={add.isPending}>
          <Plus aria-hidden /> {add.isPending ? 'Adding...' : 'Add Certificate'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The vendor's insurance certificates in its edit dialog: each with its coverage and dates, the vendor's
 * status as the list shows it, and, for those who maintain vendors, Add and Delete.
 */
export function VendorInsuranceSection({ vendor }: { vendor: Vendor }) {
  const headingId = useId();
  const { edit: maintains } = useRights();
  const currency = useOrganization().data?.defaultCurrency ?? 'USD';
  const certificates = useCertificates(vendor.id);
  const remove = useDeleteCertificate(vendor.id);
  const insurance = useVendorInsurance(vendor).data;
  const badge = insurance ? insuranceBadge(insurance) : null;
  const items = certificates.data?.items ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 border-t border-slate-200 p-5 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
          Insurance certificates
        </h3>
        {badge ? (
          <Badge tone={badge.tone} title={badge.title}>
            {badge.title}
          </Badge>
        ) : null}
      </div>
      {certificates.isPending ? (
        <Skeleton className="h-12 rounded-lg" />
      ) : certificates.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Failed to load the certificates
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          No certificates yet. Add the vendor's certificate of insurance so you never pay an uninsured
          contractor.
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-2">
          {items.map((c) => (
            <li
              key={c.id}
              className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">
                  {COVERAGE_TYPE_LABELS[c.coverageType]} · {c.carrier} · {c.policyNumber}
                </p>
                <p className="text-slate-600 dark:text-slate-300">
                  {formatDate(c.effectiveOn)} to {formatDate(c.expiresOn)}
                  {c.perOccurrenceLimit !== null
                    ? ` · ${formatMoney(c.perOccurrenceLimit, currency)} per occurrence`
                    : ''}
                </p>
                <CertificateFileControls certificate={c} maintains={maintains} />
              </div>
              {maintains ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Delete certificate ${c.policyNumber}`}
                  title="Delete"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(c.id, {
                      onError: (e) =>
                        toast({
                          title: 'Failed to delete certificate',
                          description: errorDetail(e),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  <Trash aria-hidden />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {maintains ? <AddCertificateForm vendor={vendor} currency={currency} /> : null}
    </section>
  );
}
