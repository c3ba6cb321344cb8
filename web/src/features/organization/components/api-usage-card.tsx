import { Mail, TriangleAlert } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { apiUsage, SALES_MAILTO } from '@/features/organization/lib/organization-rules';
import { cn } from '@/lib/utils';

const n = (v: number) => v.toLocaleString('en-US');

/** 'API Usage': used / quota this month, a bar, the 80 % warning and the way to more. */
export function ApiUsageCard({
  apiUsed,
  apiQuota,
  invoicesThisMonth,
  invoiceLimit,
}: {
  apiUsed: number;
  apiQuota: number;
  invoicesThisMonth?: number;
  invoiceLimit?: number | null;
}) {
  const { percent, warning } = apiUsage(apiUsed, apiQuota);
  return (
    <Card>
      <CardHeader>
        <CardTitle>API Usage</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="text-slate-500 dark:text-slate-400">API calls this month</span>
            <span className="font-medium text-slate-900 tabular-nums dark:text-white">
              {n(apiUsed)} / {n(apiQuota)}
            </span>
          </div>
          <Progress
            value={percent}
            label="API usage"
            className={cn(warning && '[&>div]:bg-amber-500 dark:[&>div]:bg-amber-400')}
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {percent.toFixed(1)}% of your monthly quota. Calls made with API keys count; past the quota they
            are refused until the 1st. Using InvoicePilot itself never counts.
          </p>
        </div>
        {warning ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800 dark:bg-amber-500/10 dark:text-amber-300"
          >
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            Approaching API limit
          </p>
        ) : null}
        {invoicesThisMonth !== undefined ? (
          <div className="flex items-baseline justify-between gap-2 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
            <span className="text-slate-500 dark:text-slate-400">Invoices this month</span>
            <span className="font-medium text-slate-900 tabular-nums dark:text-white">
              {n(invoicesThisMonth)} /{' '}
              {invoiceLimit === null || invoiceLimit === undefined ? 'Unlimited' : n(invoiceLimit)}
            </span>
          </div>
        ) : null}
        <a href={SALES_MAILTO} className={buttonClass('outline', 'md', 'w-full')}>
          <Mail aria-hidden /> Upgrade Plan
        </a>
      </CardContent>
    </Card>
  );
}
