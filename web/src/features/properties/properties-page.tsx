import { formatDate, formatMoney } from '@shared/format';
import { PROPERTY_TYPE_LABELS, type Property } from '@shared/schemas/entities';
import { Building, MapPin } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { type Column, cellTone, Dash, EntityName, EntityPage } from '@/features/entities';
import { properties } from './api/properties';
import { PropertyFormDialog } from './components/property-form-dialog';

const { muted, amount } = cellTone;
const typeLabel = (p: Property) => PROPERTY_TYPE_LABELS[p.propertyType] ?? p.propertyType;
const moneyOrDash = (n: number | null) => (n !== null ? formatMoney(n) : <Dash />);

const columns: Column<Property>[] = [
  {
    header: 'Property',
    className: 'max-w-[13rem] sm:max-w-72',
    cell: (p) => (
      <>
        <EntityName item={p} />
        <p className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400" title={p.address}>
          <MapPin className="size-3 shrink-0" aria-hidden />
          <span className="truncate">{p.address}</span>
        </p>
        <p className="truncate text-xs text-slate-600 md:hidden dark:text-slate-300">
          {typeLabel(p)}
          {p.rentAmount !== null ? (
            <span className="sm:hidden"> · {formatMoney(p.rentAmount)}/mo</span>
          ) : null}
        </p>
        {p.propertyManager ? (
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">Manager: {p.propertyManager}</p>
        ) : null}
      </>
    ),
  },
  {
    header: 'Type',
    className: 'hidden md:table-cell',
    cell: (p) => <Badge tone="blue">{typeLabel(p)}</Badge>,
  },
  {
    header: 'Units',
    className: 'hidden text-right md:table-cell',
    cellClassName: `tabular-nums ${muted}`,
    cell: (p) => p.units ?? <Dash />,
  },
  {
    header: 'Monthly Rent',
    className: 'hidden text-right whitespace-nowrap sm:table-cell',
    cellClassName: amount,
    cell: (p) => moneyOrDash(p.rentAmount),
  },
  {
    header: 'Market Value',
    className: 'hidden text-right whitespace-nowrap lg:table-cell',
    cellClassName: `tabular-nums ${muted}`,
    cell: (p) => moneyOrDash(p.marketValue),
  },
  {
    header: 'Acquired',
    className: 'hidden 2xl:table-cell',
    cellClassName: `whitespace-nowrap ${muted}`,
    cell: (p) => (p.acquisitionDate ? formatDate(p.acquisitionDate) : <Dash />),
  },
];

export function PropertiesPage() {
  return (
    <EntityPage
      entity={properties}
      icon={Building}
      description="The buildings and units your invoices are billed against."
      searchHint="Try a different name, address or manager."
      emptyHint="Add your properties to match invoices to the buildings they belong to."
      columns={columns}
      deleteDescription={(p) =>
        `${p.name} will be removed. Invoices linked to it keep their data but lose the property link.`
      }
      FormDialog={PropertyFormDialog}
    />
  );
}
