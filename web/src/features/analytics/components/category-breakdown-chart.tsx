import { formatMoney } from '@shared/format';
import type { Analytics } from '@shared/schemas/entities';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatPercent } from '@/features/analytics/lib/analytics-rules';
import { SERIES_COLORS, useChartTheme } from './chart-theme';
import { ChartTooltipCard } from './chart-tooltip';

/** A donut with a legend list that states every category's share and amount. */
export function CategoryBreakdownChart({
  categories,
  currency,
}: {
  categories: Analytics['categoryBreakdown'];
  currency: string;
}) {
  const t = useChartTheme();
  const data = [...categories].sort((a, b) => b.totalAmount - a.totalAmount);
  const total = data.reduce((s, c) => s + c.totalAmount, 0);
  return (
    <div className="grid items-center gap-6 sm:grid-cols-[12rem_minmax(0,1fr)] lg:grid-cols-1 2xl:grid-cols-[12rem_minmax(0,1fr)]">
      <div className="relative mx-auto size-48" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={data}
              dataKey="totalAmount"
              nameKey="categoryName"
              innerRadius="62%"
              outerRadius="100%"
              paddingAngle={data.length > 1 ? 2 : 0}
              stroke={t.pieStroke}
              strokeWidth={2}
              isAnimationActive={false}
              rootTabIndex={-1}
            >
              {data.map((c, i) => (
                <Cell key={c.categoryName} fill={SERIES_COLORS[i % SERIES_COLORS.length]} />
              ))}
            </Pie>
            <Tooltip
              content={({ active, payload }) =>
                active && payload?.length ? (
                  <ChartTooltipCard
                    title={payload[0].payload.categoryName}
                    rows={[
                      { label: 'Share', value: formatPercent(payload[0].payload.percentage) },
                      { label: 'Amount', value: formatMoney(payload[0].payload.totalAmount, currency) },
                    ]}
                  />
                ) : null
              }
            />
          </PieChart>
        </ResponsiveContainer>
        <div className="pointer-events-none absolute inset-0 grid place-items-center text-center">
          <div>
            <p className="text-xs text-slate-500 dark:text-slate-400">Total</p>
            <p className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
              {formatMoney(total, currency)}
            </p>
          </div>
        </div>
      </div>
      <ul className="grid gap-2" aria-label="Spending by category">
        {data.map((c, i) => (
          <li key={c.categoryName} className="grid gap-1">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <span
                  aria-hidden
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: SERIES_COLORS[i % SERIES_COLORS.length] }}
                />
                <span className="truncate text-slate-700 dark:text-slate-200">{c.categoryName}</span>
              </span>
              <span className="shrink-0 text-slate-500 tabular-nums dark:text-slate-400">
                <span className="font-medium text-slate-900 dark:text-white">
                  {formatPercent(c.percentage)}
                </span>
                {' · '}
                {formatMoney(c.totalAmount, currency)}
              </span>
            </div>
            <div className="h-1 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden>
              <div
                className="h-full rounded-full"
                style={{
                  width: `${Math.max(0, Math.min(100, c.percentage))}%`,
                  backgroundColor: SERIES_COLORS[i % SERIES_COLORS.length],
                }}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
