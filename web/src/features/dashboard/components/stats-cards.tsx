import { Activity, CircleDollarSign, FileText, Info, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip } from '@/components/ui/tooltip';
import { STAT_TITLES, type StatKey, statCards } from '@/features/dashboard/lib/stat-cards';
import { useStats } from '@/features/stats';

const ICONS: Record<StatKey, typeof FileText> = {
  totalInvoices: FileText,
  processingQueue: Activity,
  monthlyTotal: CircleDollarSign,
  aiAccuracy: Sparkles,
};
const KEYS = Object.keys(STAT_TITLES) as StatKey[];

function Shell({ k, children }: { k: StatKey; children: React.ReactNode }) {
  const Icon = ICONS[k];
  return (
    <Card className="p-5" role="group" aria-label={STAT_TITLES[k]}>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{STAT_TITLES[k]}</p>
        <span className="grid size-9 place-items-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
          <Icon className="size-4.5" aria-hidden />
        </span>
      </div>
      {children}
    </Card>
  );
}

/** Statistics cards: loading skeletons, error, empty and loaded states. */
export function StatsCards() {
  const { data, isPending, isError } = useStats();
  return (
    <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {KEYS.map((k) => {
        if (isPending) {
          return (
            <Shell key={k} k={k}>
              <Skeleton className="mt-2 h-8 w-24" />
              <Skeleton className="mt-3 h-5 w-16" />
            </Shell>
          );
        }
        if (isError) {
          return (
            <Shell key={k} k={k}>
              <p className="mt-3 text-sm font-medium text-red-600 dark:text-red-400">
                Failed to load statistics
              </p>
            </Shell>
          );
        }
        if (!data) {
          return (
            <Shell key={k} k={k}>
              <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No data available</p>
            </Shell>
          );
        }
        const card = statCards(data).find((c) => c.key === k)!;
        return (
          <Shell key={k} k={k}>
            <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-2xl font-bold tracking-tight text-slate-900 tabular-nums dark:text-white">
              {card.value}
              {card.others?.length ? (
                <span className="text-sm font-medium tracking-normal text-slate-600 dark:text-slate-300">
                  <span className="sr-only">and, in other currencies, </span>
                  {card.others.join(' · ')}
                </span>
              ) : null}
            </p>
            <div className="mt-2 flex items-center gap-1.5">
              <Badge tone={card.tone}>{card.label}</Badge>
              {card.explain ? (
                <Tooltip content={<span className="block max-w-64">{card.explain}</span>}>
                  <button
                    type="button"
                    aria-label={`How ${card.title} is measured`}
                    aria-description={card.explain}
                    className="grid size-6 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:bg-slate-800"
                  >
                    <Info className="size-3.5" aria-hidden />
                  </button>
                </Tooltip>
              ) : null}
            </div>
            {card.note ? (
              <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{card.note}</p>
            ) : null}
          </Shell>
        );
      })}
    </section>
  );
}
