import { formatDate, formatMoney } from '@shared/format';
import type { CashRequirementsReport } from '@shared/schemas/ap-reports';
import { Wallet } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCashRequirementsReport } from '@/features/reports/api/get-cash-requirements';
import { reportCsvUrl } from '@/features/reports/api/report-query';
import { CASH_WINDOWS, todayUtc } from '@/features/reports/lib/report-rules';
import { DAY, ReportParamField, useReportParam } from './report-controls';
import { blockTitle, CurrencyBlock, ReportBody, ReportToolbar } from './report-parts';

type Block = CashRequirementsReport['currencies'][number];

const hasMoney = (b: Block) => CASH_WINDOWS.some((w) => b.totals[w.key] !== 0);

function CashBlock({ block, asOf, many }: { block: Block; asOf: string; many: boolean }) {
  const title = blockTitle('Cash requirements', block.currency, many);
  const money = (n: number) => formatMoney(n, block.currency);
  return (
    <CurrencyBlock
      title={title}
      description={`As of ${formatDate(asOf)}: what open payables need, by when they fall due. Each window includes the shorter ones (the next 14 days include the next 7); overdue is due before that day.`}
    >
      <Table>
        <caption className="caption-top pb-2 text-left text-sm font-semibold text-slate-900 dark:text-white">
          {many ? `By property in ${block.currency}` : 'By property'}
        </caption>
        <TableHeader>
          <TableRow>
            <TableHead>Property</TableHead>
            {CASH_WINDOWS.map((w) => (
              <TableHead key={w.key} className="text-right">
                {w.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {block.byProperty.map((p) => (
            <TableRow key={p.propertyId ?? 'none'}>
              <TableCell className="font-medium">{p.propertyName}</TableCell>
              {CASH_WINDOWS.map((w) => (
                <TableCell key={w.key} className="text-right whitespace-nowrap tabular-nums">
                  {money(p[w.key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <tfoot className="border-t-2 border-slate-200 dark:border-slate-700">
          <TableRow>
            <TableHead scope="row">Total</TableHead>
            {CASH_WINDOWS.map((w) => (
              <TableCell key={w.key} className="text-right font-semibold whitespace-nowrap tabular-nums">
                {money(block.totals[w.key])}
              </TableCell>
            ))}
          </TableRow>
        </tfoot>
      </Table>
    </CurrencyBlock>
  );
}

/** Cash requirements: what the open payables need in the coming weeks, from a day. */
export function CashRequirementsTab() {
  const asOf = useReportParam(todayUtc(), DAY);
  const report = useCashRequirementsReport(asOf.query);
  const blocks = report.data?.currencies.filter(hasMoney) ?? [];
  return (
    <div className="grid min-w-0 gap-4">
      <ReportToolbar
        csvHref={reportCsvUrl('cash-requirements', { asOf: asOf.query })}
        csvFilename={`cash-requirements-${asOf.query}.csv`}
      >
        <ReportParamField id="cash-as-of" label="As of" type="date" param={asOf} />
      </ReportToolbar>
      <ReportBody
        query={report}
        name="cash requirements"
        isEmpty={() => blocks.length === 0}
        empty={{
          icon: Wallet,
          title: 'Nothing falls due in the next 30 days',
          description: 'Approved invoices that are not marked paid appear here, by when they fall due.',
        }}
      >
        {(data) =>
          blocks.map((b) => (
            <CashBlock key={b.currency} block={b} asOf={data.asOf} many={blocks.length > 1} />
          ))
        }
      </ReportBody>
    </div>
  );
}
