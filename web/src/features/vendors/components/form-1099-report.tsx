import { formatMoney } from '@shared/format';
import { FORM_1099_BOX_LABELS } from '@shared/schemas/entities';
import { Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { roleSelectClass } from '@/features/organization';
import { download1099Csv, useForm1099Report } from '@/features/vendors/api/vendor-compliance';
import { reportYears } from '@/features/vendors/lib/compliance-rules';
import { errorDetail } from '@/lib/api-client';

/** The year's rows: per 1099 vendor, what it was paid and whether that reaches the $600 a 1099 is filed for. */
function ReportTable({ year }: { year: number }) {
  const report = useForm1099Report(year);
  if (report.isPending) return <Skeleton className="h-24 rounded-lg" />;
  if (report.isError)
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        Failed to load the 1099 report: {errorDetail(report.error)}
      </p>
    );
  const { rows, currency } = report.data;
  if (!rows.length)
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        No vendor gets a 1099 yet. Edit a vendor and check "Send this vendor a 1099".
      </p>
    );
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Recipient</TableHead>
          <TableHead>TIN</TableHead>
          <TableHead className="hidden sm:table-cell">Box</TableHead>
          <TableHead className="text-right">Paid in {year}</TableHead>
          <TableHead>1099</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.vendorId}>
            <TableCell>
              <span className="font-medium">{row.legalName ?? row.vendorName}</span>
              {row.legalName && row.legalName !== row.vendorName ? (
                <span className="block text-xs text-slate-500 dark:text-slate-400">{row.vendorName}</span>
              ) : null}
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {row.tinMasked ? `${row.tinType} ${row.tinMasked}` : <Badge tone="amber">TIN missing</Badge>}
            </TableCell>
            <TableCell className="hidden sm:table-cell">{FORM_1099_BOX_LABELS[row.form1099Box]}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatMoney(row.amount, currency)}
            </TableCell>
            <TableCell>
              {row.reachesThreshold ? (
                <Badge tone="brand">File</Badge>
              ) : (
                <Badge tone="gray">Under $600</Badge>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * '1099 report' under the vendor list: a year, the report read on request (it adds up the year's
 * approved invoices), and Export CSV for a 1099 filing service.
 */
export function Form1099ReportSection() {
  const headingId = useId();
  const years = reportYears();
  // January's filings are for the year before.
  const [year, setYear] = useState(() => (new Date().getUTCMonth() === 0 ? years[1] : years[0]));
  const [shown, setShown] = useState(false);
  const [exporting, setExporting] = useState(false);
  const exportCsv = () => {
    setExporting(true);
    download1099Csv(year)
      .catch((e) =>
        toast({
          title: 'Failed to export the 1099 report',
          description: errorDetail(e),
          variant: 'destructive',
        }),
      )
      .finally(() => setExporting(false));
  };
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>1099 report</CardTitle>
        <CardDescription>
          What you paid each vendor that gets a 1099: approved invoices dated in the year, credit notes
          subtracted. Vendors paid $600 or more are exported for your filing service.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <FormField id="report-1099-year" label="Year">
            <select
              id="report-1099-year"
              className={roleSelectClass}
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </FormField>
          {shown ? null : (
            <Button variant="outline" onClick={() => setShown(true)}>
              <FileText aria-hidden /> Show report
            </Button>
          )}
          <Button variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden /> {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
        {shown ? <ReportTable year={year} /> : null}
      </CardContent>
    </Card>
  );
}
