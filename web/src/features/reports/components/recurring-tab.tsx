import { formatMoney } from '@shared/format';
import type { RecurringBillsReport } from '@shared/schemas/ap-reports';
import { Repeat } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { monthLabel } from '@/features/analytics';
import { useRecurringReport } from '@/features/reports/api/get-recurring';
import { reportCsvUrl } from '@/features/reports/api/report-query';
import { formatRatio, thisMonthUtc } from '@/features/reports/lib/report-rules';
import { MONTH, ReportParamField, useReportParam } from './report-controls';
import { CurrencyBlock, ReportBody, ReportToolbar } from './report-parts';

type Report = RecurringBillsReport;

/** The vendor, and under it the utility account when the usual bill is per account. */
function Billed({ row }: { row: { vendorName: string; accountNumber: string | null } }) {
  return (
    <TableCell className="font-medium">
      {row.vendorName}
      {row.accountNumber ? (
        <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
          Account {row.accountNumber}
        </span>
      ) : null}
    </TableCell>
  );
}

const none = 'py-6 text-center text-sm text-slate-500 dark:text-slate-400';

function MissingBills({ report }: { report: Report }) {
  const month = monthLabel(report.month);
  return (
    <CurrencyBlock
      title="Missing bills"
      description={`Vendors and utility accounts billed in most of the last months whose bill has not come in ${month}.`}
    >
      {report.missing.length ? (
        <Table aria-label={`Bills missing in ${month}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Vendor</TableHead>
              <TableHead className="text-right">Usual amount</TableHead>
              <TableHead className="text-right">Months billed</TableHead>
              <TableHead>Last billed</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.missing.map((r) => (
              <TableRow key={`${r.vendorId}-${r.accountNumber ?? ''}-${r.currency}`}>
                <Billed row={r} />
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatMoney(r.usualAmount, r.currency)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{r.monthsBilled}</TableCell>
                <TableCell className="whitespace-nowrap">{monthLabel(r.lastBilledMonth)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className={none}>
          No bill is missing. A vendor or utility account billed most months shows here when its bill has not
          come this month.
        </p>
      )}
    </CurrencyBlock>
  );
}

function UnusuallyHigh({ report }: { report: Report }) {
  const month = monthLabel(report.month);
  return (
    <CurrencyBlock
      title="Unusually high bills"
      description={`Bills of ${month} far above their vendor's (or account's) usual monthly amount.`}
    >
      {report.unusuallyHigh.length ? (
        <Table aria-label={`Unusually high bills in ${month}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Vendor</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead className="text-right">Usual amount</TableHead>
              <TableHead className="text-right">Times usual</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.unusuallyHigh.map((r) => (
              <TableRow key={`${r.vendorId}-${r.accountNumber ?? ''}-${r.currency}`}>
                <Billed row={r} />
                <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatMoney(r.amount, r.currency)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatMoney(r.usualAmount, r.currency)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatRatio(r.ratio)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className={none}>No bill this month is far above its usual amount.</p>
      )}
    </CurrencyBlock>
  );
}

/**
 * Recurring bills of a month: the usual bills that have not come, and the ones far above usual. Each
 * row is in its own currency, so nothing is added up across currencies.
 */
export function RecurringTab() {
  const month = useReportParam(thisMonthUtc(), MONTH);
  const report = useRecurringReport(month.query);
  return (
    <div className="grid min-w-0 gap-4">
      <ReportToolbar
        csvHref={reportCsvUrl('recurring', { month: month.query })}
        csvFilename={`recurring-bills-${month.query}.csv`}
      >
        <ReportParamField id="recurring-month" label="Month" type="month" param={month} />
      </ReportToolbar>
      <ReportBody
        query={report}
        name="recurring bills"
        isEmpty={(data) => data.missing.length === 0 && data.unusuallyHigh.length === 0}
        empty={{
          icon: Repeat,
          title: 'No missing or unusual bills',
          description:
            'Vendors and utility accounts billed most months appear here when their bill is missing or far above usual. Approve a few months of invoices to build the history.',
        }}
      >
        {(data) => (
          <>
            <MissingBills report={data} />
            <UnusuallyHigh report={data} />
          </>
        )}
      </ReportBody>
    </div>
  );
}
