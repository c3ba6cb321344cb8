import type { Vendor } from '@shared/schemas/entities';
import { Building2, Check, Mail, Merge, Phone } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { type Column, cellTone, Dash, EntityName, EntityPage } from '@/features/entities';
import { useOrganization } from '@/features/organization';
import { errorDetail } from '@/lib/api-client';
import { vendors } from './api/vendors';
import { Form1099ReportSection } from './components/form-1099-report';
import { MergeVendorDialog } from './components/merge-vendor-dialog';
import { VendorFormDialog } from './components/vendor-form-dialog';
import { insuranceBadge } from './lib/compliance-rules';
import { truncateAddress, vendorInvoiceCount, vendorMoney } from './lib/vendor-rules';

/** The address cell: 30 characters, the full text in a tooltip and for screen readers. */
export function AddressCell({ address }: { address: string | null }) {
  if (!address) return <Dash />;
  const short = truncateAddress(address);
  if (short === address.trim()) return <span>{short}</span>;
  return (
    <Tooltip content={address}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the full address through the tooltip */}
      <span tabIndex={0} title={address} className="cursor-help rounded-sm">
        <span aria-hidden>{short}</span>
        <span className="sr-only">{address}</span>
      </span>
    </Tooltip>
  );
}

const { muted, amount } = cellTone;

/** The vendor's insurance as of today: a badge, its full sentence as the title and for screen readers. */
function InsuranceCell({ insurance }: { insurance: Vendor['insurance'] }) {
  if (!insurance) return <Dash />;
  const { label, tone, title } = insuranceBadge(insurance);
  return (
    <Badge tone={tone} title={title}>
      <span aria-hidden>{label}</span>
      <span className="sr-only">{title}</span>
    </Badge>
  );
}

/** Money in every currency the vendor billed in, one per line, never added together. */
function Money({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </>
  );
}

function vendorColumns(orgCurrency: string): Column<Vendor>[] {
  return [
    {
      header: 'Vendor',
      className: 'max-w-[13rem] sm:max-w-64',
      cell: (v) => (
        <div className="flex items-center gap-3">
          <span
            aria-hidden
            className="hidden size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-sm font-semibold text-brand-700 sm:grid dark:bg-brand-500/10 dark:text-brand-300"
          >
            {v.name.slice(0, 1).toUpperCase()}
          </span>
          <div className="min-w-0">
            <EntityName item={v} />
            {v.email ? (
              <p className="flex items-center gap-1 truncate text-xs text-slate-500 dark:text-slate-400">
                <Mail className="size-3 shrink-0" aria-hidden />
                <span className="truncate">{v.email}</span>
              </p>
            ) : null}
            <p className="text-xs text-slate-600 tabular-nums sm:hidden dark:text-slate-300">
              {vendorMoney(v, orgCurrency, 'totalAmount').join(' · ')} · {vendorInvoiceCount(v)} invoice
              {vendorInvoiceCount(v) === 1 ? '' : 's'}
            </p>
          </div>
        </div>
      ),
    },
    {
      header: 'Phone',
      className: 'hidden 2xl:table-cell',
      cellClassName: `whitespace-nowrap ${muted}`,
      cell: (v) =>
        v.phone ? (
          <span className="inline-flex items-center gap-1">
            <Phone className="size-3 text-slate-400" aria-hidden />
            {v.phone}
          </span>
        ) : (
          <Dash />
        ),
    },
    {
      header: 'Address',
      className: 'hidden lg:table-cell',
      cellClassName: `whitespace-nowrap ${muted}`,
      cell: (v) => <AddressCell address={v.address} />,
    },
    {
      header: 'Insurance',
      className: 'hidden md:table-cell',
      cellClassName: 'whitespace-nowrap',
      cell: (v) => <InsuranceCell insurance={v.insurance} />,
    },
    {
      header: 'Total Amount',
      className: 'hidden text-right whitespace-nowrap sm:table-cell',
      cellClassName: amount,
      cell: (v) => <Money lines={vendorMoney(v, orgCurrency, 'totalAmount')} />,
    },
    {
      header: 'Invoices',
      className: 'hidden text-right sm:table-cell',
      cellClassName: `tabular-nums ${muted}`,
      cell: (v) => vendorInvoiceCount(v),
    },
    {
      header: 'Average',
      className: 'hidden text-right sm:table-cell',
      cellClassName: `whitespace-nowrap tabular-nums ${muted}`,
      cell: (v) => <Money lines={vendorMoney(v, orgCurrency, 'averageAmount')} />,
    },
  ];
}

/** Makes a suggested vendor (created by processing from an invoice) a confirmed, ACTIVE one. */
function AcceptSuggestion({ vendor }: { vendor: Vendor }) {
  const update = vendors.api.useUpdate();
  const { id, name, email, phone, address, taxId, website, paymentTerms, preferredMethod, version } = vendor;
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Accept suggested vendor ${name}`}
      title="Accept suggestion"
      disabled={update.isPending}
      onClick={() =>
        update.mutate(
          {
            id,
            body: {
              name,
              email,
              phone,
              address,
              taxId,
              website,
              paymentTerms,
              preferredMethod,
              status: 'ACTIVE',
              version,
            },
          },
          {
            onSuccess: () =>
              toast({
                title: 'Success',
                description: `${name} is now one of your vendors`,
                variant: 'success',
              }),
            onError: (e) =>
              toast({
                title: 'Failed to update vendor',
                description: errorDetail(e),
                variant: 'destructive',
              }),
          },
        )
      }
    >
      <Check aria-hidden />
    </Button>
  );
}

export function VendorsPage() {
  const organization = useOrganization();
  const orgCurrency = organization.data?.defaultCurrency ?? 'USD';
  const columns = useMemo(() => vendorColumns(orgCurrency), [orgCurrency]);
  const [merging, setMerging] = useState<Vendor | null>(null);
  return (
    <EntityPage
      entity={vendors}
      icon={Building2}
      description="Keep track of the vendors who bill your properties and what you spend with each. Vendors found on new invoices are suggested here until you accept them or approve their first invoice."
      searchHint="Try a different name, email or phone number."
      emptyHint="Add the vendors you work with to track their invoices and totals."
      columns={columns}
      deleteDescription={(v) =>
        `${v.name} will be removed from your vendor list. Invoices already received from this vendor are kept.`
      }
      FormDialog={VendorFormDialog}
      rowActions={(v) => (
        <>
          {v.status === 'SUGGESTED' ? <AcceptSuggestion vendor={v} /> : null}
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Merge ${v.name} into another vendor`}
            title="Merge"
            onClick={() => setMerging(v)}
          >
            <Merge aria-hidden />
          </Button>
        </>
      )}
    >
      {/* Mounted only while merging: it loads the vendors to choose from. */}
      {merging ? <MergeVendorDialog source={merging} onClose={() => setMerging(null)} /> : null}
      <Form1099ReportSection />
    </EntityPage>
  );
}
