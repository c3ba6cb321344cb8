import { formatMoney } from '@shared/format';
import type { SpendPerDoorReport } from '@shared/schemas/ap-reports';
import { Link } from '@tanstack/react-router';
import { Building2 } from 'lucide-react';
import { Fragment } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { MoneyBarChart, monthLabel } from '@/features/analytics';
import { useSpendPerDoorReport } from '@/features/reports/api/get-spend-per-door';
import { reportCsvUrl } from '@/features/reports/api/report-query';
import { lastTwelveMonths } from '@/features/reports/lib/report-rules';
import { MONTH, ReportParamField, useReportParam } from './report-controls';
import { blockTitle, CurrencyBlock, ReportBody, ReportToolbar } from './report-parts';

type Block = SpendPerDoorReport['currencies'][number];

const BACKWARDS = 'The end month must be on or after the start month';

function UnitsNote() {
  return (
    <p className="text-sm text-slate-500 dark:text-slate-400">
      Properties without a number of units show no spend per door. Add the units on the{' '}
      <Link to="/properties" className="font-medium text-brand-600 underline dark:text-brand-400">
        Properties page
      </Link>
      .
    </p>
  );
}

function SpendBlock({ block, range, many }: { block: Block; range: string; many: boolean }) {
  const title = blockTitle('Spend per door', block.currency, many);
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, block.currency));
  const withDoors = block.rows.filter((r) => r.perDoor !== null);
  return (
    <CurrencyBlock
      title={title}
      description={`${range}: approved spend per property, divided by its units (doors). A split invoice counts on each property for its share.`}
    >
      {withDoors.length ? (
        <MoneyBarChart
          caption={`${title} by property`}
          labelHeader="Property"
          valueHeader="Per door"
          currency={block.currency}
          data={withDoors.map((r) => ({ label: r.propertyName, value: r.perDoor ?? 0 }))}
        />
      ) : null}
      {withDoors.length < block.rows.length ? <UnitsNote /> : null}
      <Table>
        <caption className="caption-top pb-2 text-left text-sm font-semibold text-slate-900 dark:text-white">
          {many ? `By property and category in ${block.currency}` : 'By property and category'}
        </caption>
        <TableHeader>
          <TableRow>
            <TableHead>Property</TableHead>
            <TableHead className="text-right">Units</TableHead>
            <TableHead className="text-right">Spend</TableHead>
            <TableHead className="text-right">Per door</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {block.rows.map((r) => (
            <Fragment key={r.propertyId ?? 'none'}>
              <TableRow>
                {/* A row header in the table's cell style (TableHead is the uppercase column header). */}
                <th
                  scope="row"
                  className="px-4 py-3 text-left align-middle font-medium text-slate-900 dark:text-white"
                >
                  {r.propertyName}
                </th>
                <TableCell className="text-right tabular-nums">{r.units ?? '—'}</TableCell>
                <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                  {money(r.total)}
                </TableCell>
                <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                  {money(r.perDoor)}
                </TableCell>
              </TableRow>
              {r.byCategory.map((c) => (
                <TableRow key={`${r.propertyId ?? 'none'}-${c.categoryId ?? 'none'}`}>
                  <TableCell className="pl-8 text-slate-600 dark:text-slate-300">{c.categoryName}</TableCell>
                  <TableCell />
                  <TableCell className="text-right whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300">
                    {money(c.amount)}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300">
                    {money(c.perDoor)}
                  </TableCell>
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </CurrencyBlock>
  );
}

/** Spend per door: each property's approved spend over a range of invoice months, per unit. */
export function SpendPerDoorTab() {
  const defaults = lastTwelveMonths();
  const from = useReportParam(defaults.from, MONTH);
  const to = useReportParam(defaults.to, MONTH);
  const backwards = from.query > to.query;
  const report = useSpendPerDoorReport(from.query, to.query);
  const blocks = report.data?.currencies.filter((c) => c.rows.length > 0) ?? [];
  const range = report.data ? `${monthLabel(report.data.from)} to ${monthLabel(report.data.to)}` : '';
  return (
    <div className="grid min-w-0 gap-4">
      <ReportToolbar
        csvHref={backwards ? null : reportCsvUrl('spend-per-door', { from: from.query, to: to.query })}
        csvFilename={`spend-per-door-${from.query}-${to.query}.csv`}
      >
        <ReportParamField id="spend-from" label="From month" type="month" param={from} />
        <ReportParamField
          id="spend-to"
          label="To month"
          type="month"
          param={to}
          error={backwards ? BACKWARDS : undefined}
        />
      </ReportToolbar>
      {backwards ? null : (
        <ReportBody
          query={report}
          name="spend per door"
          isEmpty={() => blocks.length === 0}
          empty={{
            icon: Building2,
            title: 'No spend in these months',
            description:
              'Approved invoices dated in these months appear here per property. Pick other months, or code invoices to a property.',
          }}
        >
          {() =>
            blocks.map((b) => (
              <SpendBlock key={b.currency} block={b} range={range} many={blocks.length > 1} />
            ))
          }
        </ReportBody>
      )}
    </div>
  );
}
