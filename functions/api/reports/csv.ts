import type { Form1099Box, Form1099Row } from '../../../shared/schemas';
import { toCsvCell } from '../invoices/csv';

/** How a filing service names the box the amount goes in. */
const BOX: Record<Form1099Box, string> = { NEC: '1099-NEC Box 1', MISC_RENTS: '1099-MISC Box 1' };

/** A row with the TIN the export shows: in full for an administrator, masked otherwise. */
export type Form1099CsvRow = Form1099Row & { tin: string | null };

/** The columns in the order 1099 filing services import recipients. */
const COLUMNS: [string, (row: Form1099CsvRow) => unknown][] = [
  ['Recipient name', (r) => r.legalName ?? r.vendorName],
  ['Recipient TIN type', (r) => r.tinType],
  ['Recipient TIN', (r) => r.tin],
  ['Address', (r) => r.address],
  ['Box', (r) => BOX[r.form1099Box]],
  ['Amount', (r) => r.amount.toFixed(2)],
];

export function form1099Csv(rows: readonly Form1099CsvRow[]): string {
  const lines = [COLUMNS.map(([name]) => name).join(',')];
  for (const row of rows) lines.push(COLUMNS.map(([, get]) => toCsvCell(get(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
