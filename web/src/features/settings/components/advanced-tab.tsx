import { ACCEPTED_EXTENSIONS, MAX_UPLOAD_BYTES } from '@shared/constants';
import { formatFileSize } from '@shared/format';
import { Link } from '@tanstack/react-router';
import { Braces, Download, ExternalLink, Gauge, Palette } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { exportInvoicesCsv } from '@/features/invoices';
import { useOrganization } from '@/features/organization';
import { errorDetail } from '@/lib/api-client';
import { type Theme, useTheme } from '@/lib/theme';

const n = (v: number) => v.toLocaleString('en-US');

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2.5 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium text-slate-900 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}

export function AdvancedTab() {
  const [exporting, setExporting] = useState(false);
  const org = useOrganization();
  const { theme, setTheme } = useTheme();

  const onExport = async () => {
    setExporting(true);
    try {
      await exportInvoicesCsv({});
      toast({
        title: 'Export ready',
        description: 'Your invoices have been downloaded as CSV.',
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Export failed', description: errorDetail(err), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Download className="size-4 text-brand-600 dark:text-brand-400" aria-hidden /> Data Export
          </CardTitle>
          <CardDescription>
            Download every invoice with its vendor, amounts, dates, status and AI confidence as a CSV file.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => void onExport()} disabled={exporting}>
            {exporting ? <Spinner /> : <Download aria-hidden />}{' '}
            {exporting ? 'Exporting...' : 'Export Invoices (CSV)'}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Braces className="size-4 text-brand-600 dark:text-brand-400" aria-hidden /> API Reference
          </CardTitle>
          <CardDescription>
            The OpenAPI 3 document describes every endpoint, request and response. Import it into Postman or
            generate a client from it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <a
            href="/api/openapi.json"
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <ExternalLink className="size-4" aria-hidden /> Open OpenAPI document
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Gauge className="size-4 text-brand-600 dark:text-brand-400" aria-hidden /> Processing Limits
          </CardTitle>
          <CardDescription>
            What your plan allows this month.{' '}
            <Link
              to="/organization"
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              Manage plan
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {org.isPending ? (
            <div className="grid gap-2">
              <Skeleton className="h-6 w-full" />
              <Skeleton className="h-6 w-full" />
            </div>
          ) : (
            <dl className="divide-y divide-slate-100 dark:divide-slate-800">
              {org.data ? (
                <>
                  <Row
                    label="Invoices this month"
                    value={`${n(org.data.invoicesThisMonth)} / ${org.data.invoiceLimit === null ? 'Unlimited' : n(org.data.invoiceLimit)}`}
                  />
                  <Row
                    label="API calls this month"
                    value={`${n(org.data.apiUsed)} / ${n(org.data.apiQuota)}`}
                  />
                </>
              ) : null}
              <Row label="Maximum file size" value={formatFileSize(MAX_UPLOAD_BYTES)} />
              <Row
                label="Accepted file types"
                value={ACCEPTED_EXTENSIONS.map((e) => e.slice(1).toUpperCase())
                  .filter((e, i, a) => a.indexOf(e) === i && e !== 'JPEG' && e !== 'TIF')
                  .join(', ')}
              />
            </dl>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Palette className="size-4 text-brand-600 dark:text-brand-400" aria-hidden /> Appearance
          </CardTitle>
          <CardDescription>Choose how InvoicePilot looks on this device.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-1.5">
          <label htmlFor="settings-theme" className="text-sm font-medium text-slate-700 dark:text-slate-300">
            Theme
          </label>
          <Select
            id="settings-theme"
            label="Theme"
            value={theme}
            onValueChange={(v) => setTheme(v as Theme)}
            options={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
            ]}
            className="w-full sm:w-48"
          />
        </CardContent>
      </Card>
    </div>
  );
}
