import { Building2, Mail, Phone } from 'lucide-react';
import { formatMoney } from '../../../../shared/format';
import type { Vendor } from '../../../../shared/schemas/entities';
import { Tooltip } from '../../components/ui/tooltip';
import { type Column, cellTone, Dash, EntityName, EntityPage } from '../entities/entity-page';
import { vendors } from './api';
import { VendorFormDialog } from './components/vendor-form-dialog';
import { truncateAddress } from './lib/vendor-rules';

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

const columns: Column<Vendor>[] = [
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
            {formatMoney(v.totalAmount)} · {v.totalInvoices} invoice{v.totalInvoices === 1 ? '' : 's'}
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
    header: 'Total Amount',
    className: 'hidden text-right whitespace-nowrap sm:table-cell',
    cellClassName: amount,
    cell: (v) => formatMoney(v.totalAmount),
  },
  {
    header: 'Invoices',
    className: 'hidden text-right sm:table-cell',
    cellClassName: `tabular-nums ${muted}`,
    cell: (v) => v.totalInvoices,
  },
  {
    header: 'Average',
    className: 'hidden text-right sm:table-cell',
    cellClassName: `whitespace-nowrap tabular-nums ${muted}`,
    cell: (v) => formatMoney(v.averageAmount),
  },
];

export function VendorsPage() {
  return (
    <EntityPage
      entity={vendors}
      icon={Building2}
      description="Keep track of the vendors who bill your properties and what you spend with each."
      searchHint="Try a different name, email or phone number."
      emptyHint="Add the vendors you work with to track their invoices and totals."
      columns={columns}
      deleteDescription={(v) =>
        `${v.name} will be removed from your vendor list. Invoices already received from this vendor are kept.`
      }
      FormDialog={VendorFormDialog}
    />
  );
}
