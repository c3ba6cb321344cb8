import { formatMoney } from '@shared/format';
import type { Analytics } from '@shared/schemas/entities';
import { Link } from '@tanstack/react-router';
import {
  Building2,
  ChartColumn,
  ChartPie,
  CircleDollarSign,
  FileText,
  Receipt,
  Sparkles,
  TrendingUp,
  Upload,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  aiAccuracyExplanation,
  aiAccuracyValue,
  awaitingApprovalNote,
  otherCurrencies,
} from '@/features/dashboard';
import { cn } from '@/lib/utils';
import { useAnalytics } from './api/get-analytics';
import { CategoryBreakdownChart } from './components/category-breakdown-chart';
import { MonthlyTrendsChart } from './components/monthly-trends-chart';
import { TopVendorsChart } from './components/top-vendors-chart';
import {
  type AnalyticsFigures,
  analyticsCurrencies,
  figuresIn,
  formatPercent,
  hasAnalyticsData,
  topVendors,
} from './lib/analytics-rules';

function KpiCard({
  label,
  value,
  hint,
  icon: Icon,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: typeof FileText;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5" role="group" aria-label={label}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</p>
        <span className="hidden size-9 shrink-0 place-items-center rounded-lg bg-brand-50 sm:grid text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
          <Icon className="size-4.5" aria-hidden />
        </span>
      </div>
      <p className="mt-1 truncate text-xl font-bold sm:text-2xl tracking-tight text-slate-900 tabular-nums dark:text-white">
        {value}
      </p>
      {hint ? <p className="mt-1 truncate text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
    </Card>
  );
}

function ChartCard({
  title,
  description,
  icon: Icon,
  children,
  className,
}: {
  title: string;
  description: string;
  icon: typeof FileText;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function LoadingState() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading analytics...
      </span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
          <Card key={i} className="p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-3 h-8 w-32" />
          </Card>
        ))}
      </div>
      <Card className="p-5">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="mt-4 h-64 w-full" />
      </Card>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
        <Card className="p-5">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="mt-4 h-56 w-full" />
        </Card>
        <Card className="p-5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="mx-auto mt-4 size-48 rounded-full" />
        </Card>
      </div>
    </div>
  );
}

/** AI Accuracy over reviewed invoices, and per field: how often reviewers kept what the AI read. */
function AccuracyCard({ analytics }: { analytics: Analytics }) {
  const fields = analytics.fieldAccuracy.filter((f) => f.checked > 0);
  return (
    <ChartCard
      title="AI Accuracy"
      description={aiAccuracyExplanation(analytics.aiAccuracy, analytics.reviewedInvoices)}
      icon={Sparkles}
    >
      <p className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
        {aiAccuracyValue(analytics.aiAccuracy)}
      </p>
      {fields.length ? (
        <Table className="mt-4">
          <caption className="sr-only">Accuracy per field</caption>
          <TableHeader>
            <TableRow>
              <TableHead>Field</TableHead>
              <TableHead className="text-right">Checked</TableHead>
              <TableHead className="text-right">Kept</TableHead>
              <TableHead className="text-right">Accuracy</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {fields.map((f) => (
              <TableRow key={f.field}>
                <TableCell>{f.label}</TableCell>
                <TableCell className="text-right tabular-nums">{f.checked}</TableCell>
                <TableCell className="text-right tabular-nums">{f.kept}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  {f.accuracy === null ? 'N/A' : formatPercent(f.accuracy)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          Per-field accuracy appears once reviewers have approved or rejected invoices.
        </p>
      )}
    </ChartCard>
  );
}

export function AnalyticsPage() {
  const { data, isPending, isError } = useAnalytics();
  const [chosen, setChosen] = useState<string | null>(null);

  let body: ReactNode;
  if (isPending) body = <LoadingState />;
  else if (isError)
    body = (
      <Card>
        <EmptyState
          icon={ChartColumn}
          tone="error"
          title="Failed to load analytics"
          description="Please try again in a moment."
        />
      </Card>
    );
  else if (!hasAnalyticsData(data))
    body = (
      <Card>
        <EmptyState
          icon={ChartColumn}
          title="No analytics data available"
          description="Analytics appear once invoices have been uploaded and processed."
          action={
            <Link to="/upload" className={buttonClass('primary')}>
              <Upload aria-hidden /> Upload Invoices
            </Link>
          }
        />
      </Card>
    );
  else {
    const currencies = analyticsCurrencies(data);
    const currency = currencies.includes(chosen ?? '') ? (chosen as string) : data.currency;
    const figures = figuresIn(data, currency);
    const vendors = topVendors(figures);
    const awaiting = awaitingApprovalNote(
      figures.awaitingApprovalAmount ?? 0,
      figures.awaitingApprovalCount ?? 0,
      currency,
    );
    const topCategory = [...figures.categoryBreakdown].sort((a, b) => b.totalAmount - a.totalAmount)[0];
    const others = (pick: (f: AnalyticsFigures) => number) =>
      otherCurrencies(
        Object.fromEntries(currencies.map((c) => [c, figuresIn(data, c)])),
        currency,
        pick,
      ).join(' · ');
    body = (
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
        {currencies.length > 1 ? (
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">Currency</legend>
            <span className="text-sm text-slate-600 dark:text-slate-300">
              Figures in each currency, never added together:
            </span>
            <div className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
              {currencies.map((c) => (
                <button
                  key={c}
                  type="button"
                  aria-pressed={c === currency}
                  onClick={() => setChosen(c)}
                  className={cn(
                    'rounded-md px-3 py-1 text-sm font-medium transition',
                    c === currency
                      ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                  )}
                >
                  {c}
                </button>
              ))}
            </div>
          </fieldset>
        ) : null}
        <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <KpiCard
            label="Total Invoices"
            value={figures.totalInvoices.toLocaleString('en-US')}
            hint={currencies.length > 1 ? `In ${currency}` : undefined}
            icon={FileText}
          />
          <KpiCard
            label="Total Amount"
            value={formatMoney(figures.totalAmount, currency)}
            hint={others((f) => f.totalAmount) ? `Also ${others((f) => f.totalAmount)}` : undefined}
            icon={CircleDollarSign}
          />
          <KpiCard
            label="Average Amount"
            value={formatMoney(figures.averageAmount, currency)}
            hint="Per invoice"
            icon={Receipt}
          />
          <KpiCard
            label="Top Category"
            value={topCategory ? topCategory.categoryName : '—'}
            hint={
              topCategory
                ? `${formatPercent(topCategory.percentage)} of spend · ${formatMoney(topCategory.totalAmount, currency)}`
                : 'No categorized invoices yet'
            }
            icon={ChartPie}
          />
          <p className="col-span-full text-xs text-slate-500 dark:text-slate-400">
            Amounts count approved invoices and invoices ready for approval; invoices in review, unreadable or
            rejected are not counted.
            {awaiting ? ` ${awaiting}.` : null}
          </p>
        </section>

        <ChartCard
          title="Monthly Trends"
          description="Invoice totals and volume per month."
          icon={TrendingUp}
        >
          {figures.monthlyTrends.length ? (
            <MonthlyTrendsChart trends={figures.monthlyTrends} currency={currency} />
          ) : (
            <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
              No monthly data yet
            </p>
          )}
        </ChartCard>

        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
          <ChartCard
            title="Top 10 Vendors"
            description="Vendors ranked by total invoiced amount."
            icon={ChartColumn}
          >
            {vendors.length ? (
              <TopVendorsChart vendors={vendors} currency={currency} />
            ) : (
              <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
                No vendor data yet
              </p>
            )}
          </ChartCard>
          <ChartCard
            title="Category Breakdown"
            description="Share of spend by expense category."
            icon={ChartPie}
          >
            {figures.categoryBreakdown.length ? (
              <CategoryBreakdownChart categories={figures.categoryBreakdown} currency={currency} />
            ) : (
              <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
                No category data yet
              </p>
            )}
          </ChartCard>
        </div>
        <ChartCard
          title="Spending by Property"
          description="Spend per property; a split invoice counts on each property for its share."
          icon={Building2}
        >
          {figures.propertyBreakdown?.length ? (
            <Table aria-label="Spending by property">
              <TableHeader>
                <TableRow>
                  <TableHead>Property</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead className="text-right">Share</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {figures.propertyBreakdown.map((p) => (
                  <TableRow key={p.propertyId ?? 'none'}>
                    <TableCell>{p.propertyName}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatMoney(p.totalAmount, currency)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatPercent(p.percentage)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
              No property data yet
            </p>
          )}
        </ChartCard>
        <AccuracyCard analytics={data} />
      </div>
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Analytics Dashboard"
        description="Spending, volume and vendor trends across every processed invoice."
      />
      {body}
    </div>
  );
}
