import { formatDate } from '@shared/format';
import { INVOICE_STATUSES, type Invoice } from '@shared/schemas/invoice';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Plug } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  amountDisplay,
  DueBadge,
  type InvoiceListParams,
  invoiceDisplayNumber,
  STATUS_LABELS,
  useInvoices,
  vendorDisplay,
} from '@/features/invoices';
import { useStats } from '@/features/stats';
import { cn, formatRelativeTime } from '@/lib/utils';

const BAR: Record<string, string> = {
  UPLOADED: 'bg-sky-400',
  PROCESSING: 'bg-blue-500',
  PROCESSED: 'bg-emerald-500',
  REVIEW_REQUIRED: 'bg-red-500',
  APPROVED: 'bg-emerald-700 dark:bg-emerald-400',
  REJECTED: 'bg-slate-400',
};

/** 1/3 panel: invoices by status, integrations and last activity, from the stats. */
export function StatusOverview() {
  const { data, isPending, isError } = useStats();
  const total = data ? Object.values(data.byStatus).reduce((a, b) => a + b, 0) : 0;
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>Status Overview</CardTitle>
        <CardDescription>Where your invoices are in the pipeline</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3">
            {INVOICE_STATUSES.map((s) => (
              <Skeleton key={s} className="h-5" />
            ))}
          </div>
        ) : isError || !data ? (
          <p className="text-sm text-red-600 dark:text-red-400">Failed to load statistics</p>
        ) : (
          <>
            <ul className="grid gap-3">
              {INVOICE_STATUSES.map((s) => {
                const n = data.byStatus[s] ?? 0;
                const pct = total ? (n / total) * 100 : 0;
                return (
                  <li key={s}>
                    <div className="flex justify-between text-sm">
                      <span className="text-slate-600 dark:text-slate-300">{STATUS_LABELS[s]}</span>
                      <span className="font-medium text-slate-900 tabular-nums dark:text-white">{n}</span>
                    </div>
                    <div className="mt-1 h-1.5 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden>
                      <div className={cn('h-full rounded-full', BAR[s])} style={{ width: `${pct}%` }} />
                    </div>
                  </li>
                );
              })}
            </ul>
            <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4 text-sm dark:border-slate-800">
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Integrations</dt>
                <dd className="mt-0.5 flex items-center gap-1.5 font-medium text-slate-900 dark:text-white">
                  <Plug className="size-3.5" aria-hidden /> {data.connectedIntegrations} connected
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Last activity</dt>
                <dd className="mt-0.5 font-medium text-slate-900 dark:text-white">
                  {data.lastActivityAt ? formatRelativeTime(data.lastActivityAt) : 'N/A'}
                </dd>
              </div>
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** 2/3 panel: the first invoices of a queue (Needs Review, Waiting for me), with why each waits. */
function InvoiceQueue({
  title,
  description,
  params,
  tone,
  empty,
  reason,
}: {
  title: string;
  description: string;
  params: InvoiceListParams;
  tone: 'red' | 'brand';
  empty: string;
  /** The second line's first part for one invoice. */
  reason: (invoice: Invoice) => string;
}) {
  const { data, isPending, isError } = useInvoices({ ...params, limit: 5 });
  return (
    <Card className="h-full" role="region" aria-label={title}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {data?.total ? <Badge tone={tone}>{data.total} waiting</Badge> : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">Failed to load invoices. Please try again.</p>
        ) : !data?.items.length ? (
          <div className="py-8 text-center">
            <p className="text-sm font-medium text-slate-900 dark:text-white">All caught up</p>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{empty}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {data.items.map((inv) => (
              <li key={inv.id} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                    <span className="truncate">
                      {vendorDisplay(inv)} · #{invoiceDisplayNumber(inv)}
                    </span>
                    <DueBadge invoice={inv} />
                  </p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                    {reason(inv)} · {formatDate(inv.invoiceDate ?? inv.createdAt)}
                  </p>
                </div>
                <span className="hidden text-sm font-medium text-slate-900 tabular-nums sm:block dark:text-white">
                  {amountDisplay(inv)}
                </span>
                <Link
                  to="/"
                  search={(prev) => ({ ...prev, invoice: inv.id })}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-600 hover:bg-brand-50 dark:text-brand-400 dark:hover:bg-brand-500/10"
                  aria-label={`Review invoice ${invoiceDisplayNumber(inv)}`}
                >
                  Review <ArrowRight className="size-3.5" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function NeedsReview() {
  return (
    <InvoiceQueue
      title="Needs Review"
      description="Invoices the AI flagged for a person to check"
      params={{ status: 'REVIEW_REQUIRED' }}
      tone="red"
      empty="No invoices need review right now."
      reason={(inv) => inv.reviewReasons[0] ?? 'Requires manual review'}
    />
  );
}

/** 'Waiting for me': invoices whose next approval the signed-in person may give (approvers and admins). */
export function WaitingForMe() {
  return (
    <InvoiceQueue
      title="Waiting for me"
      description="Invoices waiting for your approval"
      params={{ waitingFor: 'me' }}
      tone="brand"
      empty="No invoices are waiting for your approval."
      reason={(inv) => {
        const steps = inv.approvalSteps;
        return steps
          ? `${steps.ruleName}: ${steps.approvals.length} of ${steps.required} approvals`
          : 'One approval';
      }}
    />
  );
}
