import { RECENT_ACTIVITY_COUNT } from '@shared/constants';
import type { Invoice } from '@shared/schemas/invoice';
import { Link } from '@tanstack/react-router';
import {
  CircleCheck,
  CircleX,
  FileText,
  LoaderCircle,
  ShieldCheck,
  TriangleExclamationPoint,
} from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { activityText, statusTone, useInvoices } from '@/features/invoices';
import { cn, formatRelativeTime } from '@/lib/utils';

const TONE_CLASS = {
  green: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400',
  blue: 'bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400',
  red: 'bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400',
  gray: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
} as const;

function ActivityIcon({ invoice }: { invoice: Invoice }) {
  const tone = statusTone(invoice.status);
  const Icon =
    invoice.status === 'PROCESSED'
      ? CircleCheck
      : invoice.status === 'APPROVED'
        ? ShieldCheck
        : invoice.status === 'PROCESSING'
          ? LoaderCircle
          : invoice.status === 'REVIEW_REQUIRED'
            ? TriangleExclamationPoint
            : invoice.status === 'REJECTED'
              ? CircleX
              : FileText;
  return (
    <span
      className={cn(
        'grid size-9 shrink-0 place-items-center rounded-full',
        TONE_CLASS[tone as keyof typeof TONE_CLASS] ?? TONE_CLASS.gray,
      )}
    >
      <Icon className={cn('size-4', invoice.status === 'PROCESSING' && 'animate-spin')} aria-hidden />
    </span>
  );
}

export function RecentActivity() {
  const { data, isPending, isError } = useInvoices({ limit: RECENT_ACTIVITY_COUNT });
  const items = data?.items.slice(0, RECENT_ACTIVITY_COUNT) ?? [];
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Recent Activity</CardTitle>
        <Link
          to="/invoices"
          className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
        >
          View All
        </Link>
      </CardHeader>
      <CardContent className="flex-1">
        {isPending ? (
          <ul className="grid gap-4" aria-label="Loading recent activity">
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
              <li key={i} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-1/4" />
                </div>
              </li>
            ))}
          </ul>
        ) : isError ? (
          <p className="py-6 text-center text-sm text-red-600 dark:text-red-400">
            Failed to load recent activity
          </p>
        ) : items.length === 0 ? (
          <div className="py-8 text-center">
            <p className="text-sm font-medium text-slate-900 dark:text-white">No recent activity</p>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
              Upload your first invoice to get started
            </p>
          </div>
        ) : (
          <ul className="grid gap-4">
            {items.map((invoice) => (
              <li key={invoice.id} className="flex min-w-0 items-center gap-3">
                <ActivityIcon invoice={invoice} />
                <div className="min-w-0 flex-1">
                  <Link
                    to="/"
                    search={(prev) => ({ ...prev, invoice: invoice.id })}
                    className="block truncate text-sm font-medium text-slate-900 hover:text-brand-700 dark:text-white dark:hover:text-brand-300"
                  >
                    {activityText(invoice)}
                  </Link>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {formatRelativeTime(invoice.updatedAt ?? invoice.createdAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
