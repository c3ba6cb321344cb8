import { formatDate, formatMoney } from '@shared/format';
import type { AgingBuckets, AgingReport } from '@shared/schemas/ap-reports';
import { Hourglass } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { MoneyBarChart } from '@/features/analytics';
import { useAgingReport } from '@/features/reports/api/get-aging';
import { reportCsvUrl } from '@/features/reports/api/report-query';
import { AGING_BUCKETS, todayUtc } from '@/features/reports/lib/report-rules';
import { DAY, ReportParamField, useReportParam } from './report-controls';
import { blockTitle, CurrencyBlock, ReportBody, ReportToolbar } from './report-parts';

type Block = AgingReport['currencies'][number];

/** Per vendor or per property: each bucket, the total, and the currency's totals as the last row. */
function AgingTable({
  caption,
  nameHeader,
  rows,
  totals,
  currency,
}: {
  caption: string;
  nameHeader: string;
  rows: (AgingBuckets & { key: string; name: string })[];
  totals: AgingBuckets;
  currency: string;
}) {
  const money = (n: number) => formatMoney(n, currency);
  return (
    <Table>
      <caption className="caption-top pb-2 text-left text-sm font-semibold text-slate-900 dark:text-white">
        {caption}
      </caption>
      <TableHeader>
        <TableRow>
          <TableHead>{nameHeader}</TableHead>
          {AGING_BUCKETS.map((b) => (
            <TableHead key={b.key} className="text-right">
              {b.label}
            </TableHead>
          ))}
          <TableHead className="text-right">Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell className="font-medium">
              {r.name}
              <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                {r.invoiceCount} invoice{r.invoiceCount === 1 ? '' : 's'}
              </span>
            </TableCell>
            {AGING_BUCKETS.map((b) => (
              <TableCell key={b.key} className="text-right whitespace-nowrap tabular-nums">
                {money(r[b.key])}
              </TableCell>
            ))}
            <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
              {money(r.total)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <tfoot className="border-t-2 border-slate-200 dark:border-slate-700">
        <TableRow>
          <TableHead scope="row">Total</TableHead>
          {AGING_BUCKETS.map((b) => (
            <TableCell key={b.key} className="text-right font-semibold whitespace-nowrap tabular-nums">
              {money(totals[b.key])}
            </TableCell>
          ))}
          <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
            {money(totals.total)}
          </TableCell>
        </TableRow>
      </tfoot>
    </Table>
  );
}

function AgingBlock({ block, asOf, many }: { block: Block; asOf: string; many: boolean }) {
  const title = blockTitle('Payables aging', block.currency, many);
  const count = block.totals.invoiceCount;
  return (
    <CurrencyBlock
      title={title}
      description={`As of ${formatDate(asOf)}: ${formatMoney(block.totals.total, block.currency)} open on ${count} invoice${count === 1 ? '' : 's'}, by days past due.`}
    >
      <MoneyBarChart
        caption={`${title} by bucket`}
        labelHeader="Days past due"
        valueHeader="Open amount"
        currency={block.currency}
        data={AGING_BUCKETS.map((b) => ({ label: b.label, value: block.totals[b.key] }))}
      />
      <AgingTable
        caption={many ? `By vendor in ${block.currency}` : 'By vendor'}
        nameHeader="Vendor"
        currency={block.currency}
        totals={block.totals}
        rows={block.byVendor.map((v) => ({ ...v, key: v.vendorId ?? 'none', name: v.vendorName }))}
      />
      <AgingTable
        caption={many ? `By property in ${block.currency}` : 'By property'}
        nameHeader="Property"
        currency={block.currency}
        totals={block.totals}
        rows={block.byProperty.map((p) => ({ ...p, key: p.propertyId ?? 'none', name: p.propertyName }))}
      />
    </CurrencyBlock>
  );
}

/** Payables aging: open payables (approved, not marked paid) by days past due on a day. */
export function AgingTab() {
  const asOf = useReportParam(todayUtc(), DAY);
  const report = useAgingReport(asOf.query);
  const blocks = report.data?.currencies.filter((c) => c.totals.invoiceCount > 0) ?? [];
  return (
    <div className="grid min-w-0 gap-4">
      <ReportToolbar
        csvHref={reportCsvUrl('aging', { asOf: asOf.query })}
        csvFilename={`payables-aging-${asOf.query}.csv`}
      >
        <ReportParamField id="aging-as-of" label="As of" type="date" param={asOf} />
      </ReportToolbar>
      <ReportBody
        query={report}
        name="payables aging"
        isEmpty={() => blocks.length === 0}
        empty={{
          icon: Hourglass,
          title: 'No open payables',
          description:
            'Approved invoices that are not marked paid appear here, by how many days past due they are.',
        }}
      >
        {(data) =>
          blocks.map((b) => (
            <AgingBlock key={b.currency} block={b} asOf={data.asOf} many={blocks.length > 1} />
          ))
        }
      </ReportBody>
    </div>
  );
}
