import type {
  AgingReport,
  CashRequirementsReport,
  Form1099Box,
  Form1099Row,
  RecurringBillsReport,
  SpendPerDoorReport,
} from '../../../shared/schemas';
import { toCsvCell } from '../invoices/csv';

/** A CSV's columns: each a header and how a row's cell is read. */
type Columns<R> = readonly (readonly [string, (row: R) => unknown])[];

/** The rows as CSV (RFC 4180: CRLF, quoted cells where needed), a header line first. */
function csvOf<R>(columns: Columns<R>, rows: readonly R[]): string {
  const lines = [columns.map(([name]) => name).join(',')];
  for (const row of rows) lines.push(columns.map(([, get]) => toCsvCell(get(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Money as the reports' CSVs write it: in the row's currency (its own column), with 2 decimals. */
const amount = (value: number | null) => (value === null ? null : value.toFixed(2));

/** How a filing service names the box the amount goes in. */
const BOX: Record<Form1099Box, string> = { NEC: '1099-NEC Box 1', MISC_RENTS: '1099-MISC Box 1' };

/** A row with the TIN the export shows: in full for an administrator, masked otherwise. */
export type Form1099CsvRow = Form1099Row & { tin: string | null };

/** The columns in the order 1099 filing services import recipients. */
const FORM_1099_COLUMNS: Columns<Form1099CsvRow> = [
  ['Recipient name', (r) => r.legalName ?? r.vendorName],
  ['Recipient TIN type', (r) => r.tinType],
  ['Recipient TIN', (r) => r.tin],
  ['Address', (r) => r.address],
  ['Box', (r) => BOX[r.form1099Box]],
  ['Amount', (r) => r.amount.toFixed(2)],
];

export const form1099Csv = (rows: readonly Form1099CsvRow[]) => csvOf(FORM_1099_COLUMNS, rows);

/** The reports' tables as the Reports page shows them: per currency, the totals, then each row. */
type AgingRow = AgingReport['currencies'][number]['totals'] & {
  currency: string;
  group: string;
  name: string;
};

const AGING_COLUMNS: Columns<AgingRow> = [
  ['Currency', (r) => r.currency],
  ['Group', (r) => r.group],
  ['Name', (r) => r.name],
  ['Current', (r) => amount(r.current)],
  ['1-30 days', (r) => amount(r.days1to30)],
  ['31-60 days', (r) => amount(r.days31to60)],
  ['61-90 days', (r) => amount(r.days61to90)],
  ['Over 90 days', (r) => amount(r.over90)],
  ['Total', (r) => amount(r.total)],
  ['Invoices', (r) => r.invoiceCount],
];

export function agingCsv(report: AgingReport): string {
  const rows = report.currencies.flatMap(({ currency, totals, byVendor, byProperty }) => [
    { ...totals, currency, group: 'Total', name: 'All open payables' },
    ...byVendor.map((r) => ({ ...r, currency, group: 'Vendor', name: r.vendorName })),
    ...byProperty.map((r) => ({ ...r, currency, group: 'Property', name: r.propertyName })),
  ]);
  return csvOf(AGING_COLUMNS, rows);
}

type CashRow = CashRequirementsReport['currencies'][number]['totals'] & {
  currency: string;
  group: string;
  name: string;
};

const CASH_COLUMNS: Columns<CashRow> = [
  ['Currency', (r) => r.currency],
  ['Group', (r) => r.group],
  ['Name', (r) => r.name],
  ['Overdue', (r) => amount(r.overdue)],
  ['Next 7 days', (r) => amount(r.next7)],
  ['Next 14 days', (r) => amount(r.next14)],
  ['Next 30 days', (r) => amount(r.next30)],
];

export function cashRequirementsCsv(report: CashRequirementsReport): string {
  const rows = report.currencies.flatMap(({ currency, totals, byProperty }) => [
    { ...totals, currency, group: 'Total', name: 'All open payables' },
    ...byProperty.map((r) => ({ ...r, currency, group: 'Property', name: r.propertyName })),
  ]);
  return csvOf(CASH_COLUMNS, rows);
}

interface SpendRow {
  currency: string;
  property: string;
  units: number | null;
  category: string;
  amount: number;
  perDoor: number | null;
}

const SPEND_COLUMNS: Columns<SpendRow> = [
  ['Currency', (r) => r.currency],
  ['Property', (r) => r.property],
  ['Units', (r) => r.units],
  ['Category', (r) => r.category],
  ['Amount', (r) => amount(r.amount)],
  ['Per door', (r) => amount(r.perDoor)],
];

export function spendPerDoorCsv(report: SpendPerDoorReport): string {
  const rows = report.currencies.flatMap(({ currency, rows: properties }) =>
    properties.flatMap((p) => {
      const of = { currency, property: p.propertyName, units: p.units };
      return [
        { ...of, category: 'All categories', amount: p.total, perDoor: p.perDoor },
        ...p.byCategory.map((c) => ({
          ...of,
          category: c.categoryName,
          amount: c.amount,
          perDoor: c.perDoor,
        })),
      ];
    }),
  );
  return csvOf(SPEND_COLUMNS, rows);
}

interface RecurringRow {
  kind: string;
  vendorName: string;
  accountNumber: string | null;
  currency: string;
  amount: number | null;
  usualAmount: number;
  ratio: number | null;
  monthsBilled: number | null;
  lastBilledMonth: string | null;
}

const RECURRING_COLUMNS: Columns<RecurringRow> = [
  ['Kind', (r) => r.kind],
  ['Vendor', (r) => r.vendorName],
  ['Account number', (r) => r.accountNumber],
  ['Currency', (r) => r.currency],
  ['Amount', (r) => amount(r.amount)],
  ['Usual amount', (r) => amount(r.usualAmount)],
  ['Ratio', (r) => (r.ratio === null ? null : r.ratio.toFixed(2))],
  ['Months billed', (r) => r.monthsBilled],
  ['Last billed month', (r) => r.lastBilledMonth],
];

export function recurringCsv(report: RecurringBillsReport): string {
  const rows: RecurringRow[] = [
    ...report.missing.map((r) => ({
      ...r,
      kind: 'Not arrived this month',
      amount: null,
      ratio: null,
    })),
    ...report.unusuallyHigh.map((r) => ({
      ...r,
      kind: 'Unusually high',
      monthsBilled: null,
      lastBilledMonth: null,
    })),
  ];
  return csvOf(RECURRING_COLUMNS, rows);
}
