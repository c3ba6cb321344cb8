import { Link } from '@tanstack/react-router';
import { ChartColumn, ChartPie, CircleDollarSign, FileText, Receipt, TrendingUp, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../../shared/format';
import { PageHeader } from '../../components/page-header';
import { buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useAnalytics } from './api/get-analytics';
import { CategoryBreakdownChart } from './components/category-breakdown-chart';
import { MonthlyTrendsChart } from './components/monthly-trends-chart';
import { TopVendorsChart } from './components/top-vendors-chart';
import { formatPercent, hasAnalyticsData, topVendors } from './lib/analytics-rules';

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

export function AnalyticsPage() {
  const { data, isPending, isError } = useAnalytics();

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
    const vendors = topVendors(data);
    const topCategory = [...data.categoryBreakdown].sort((a, b) => b.totalAmount - a.totalAmount)[0];
    body = (
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
        <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <KpiCard
            label="Total Invoices"
            value={data.totalInvoices.toLocaleString('en-US')}
            icon={FileText}
          />
          <KpiCard label="Total Amount" value={formatMoney(data.totalAmount)} icon={CircleDollarSign} />
          <KpiCard
            label="Average Amount"
            value={formatMoney(data.averageAmount)}
            hint="Per invoice"
            icon={Receipt}
          />
          <KpiCard
            label="Top Category"
            value={topCategory ? topCategory.categoryName : '—'}
            hint={
              topCategory
                ? `${formatPercent(topCategory.percentage)} of spend · ${formatMoney(topCategory.totalAmount)}`
                : 'No categorized invoices yet'
            }
            icon={ChartPie}
          />
        </section>

        <ChartCard
          title="Monthly Trends"
          description="Invoice totals and volume per month."
          icon={TrendingUp}
        >
          {data.monthlyTrends.length ? (
            <MonthlyTrendsChart trends={data.monthlyTrends} />
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
              <TopVendorsChart vendors={vendors} />
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
            {data.categoryBreakdown.length ? (
              <CategoryBreakdownChart categories={data.categoryBreakdown} />
            ) : (
              <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
                No category data yet
              </p>
            )}
          </ChartCard>
        </div>
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
