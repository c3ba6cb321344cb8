import { formatMoney } from '@shared/format';
import type { Analytics } from '@shared/schemas/entities';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { compactMoney, monthLabel } from '@/features/analytics/lib/analytics-rules';
import { useChartTheme } from './chart-theme';
import { ChartTooltipCard, SrDataTable } from './chart-tooltip';

export function MonthlyTrendsChart({
  trends,
  currency,
}: {
  trends: Analytics['monthlyTrends'];
  currency: string;
}) {
  const t = useChartTheme();
  const data = trends.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <>
      <div className="h-72 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 4, left: 0, bottom: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={t.grid} vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: t.axis, fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: t.grid }}
            />
            <YAxis
              yAxisId="amount"
              tickFormatter={(v: number) => compactMoney(v, currency)}
              tick={{ fill: t.axis, fontSize: 12 }}
              tickLine={false}
              axisLine={false}
              width={56}
            />
            <YAxis
              yAxisId="count"
              orientation="right"
              allowDecimals={false}
              tick={{ fill: t.axis, fontSize: 12 }}
              tickLine={false}
              axisLine={false}
              width={32}
            />
            <Tooltip
              cursor={{ fill: t.cursor }}
              content={({ active, payload, label }) =>
                active && payload?.length ? (
                  <ChartTooltipCard
                    title={label}
                    rows={[
                      {
                        label: 'Total amount',
                        value: formatMoney(payload[0].payload.totalAmount, currency),
                        color: t.primary,
                      },
                      { label: 'Invoices', value: payload[0].payload.invoiceCount, color: t.secondary },
                    ]}
                  />
                ) : null
              }
            />
            <Legend
              verticalAlign="top"
              height={28}
              iconType="circle"
              iconSize={8}
              wrapperStyle={{ fontSize: 12, color: t.axis }}
            />
            <Bar
              yAxisId="amount"
              dataKey="totalAmount"
              name="Total amount"
              fill={t.primary}
              radius={[6, 6, 0, 0]}
              maxBarSize={40}
            />
            <Line
              yAxisId="count"
              dataKey="invoiceCount"
              name="Invoices"
              type="monotone"
              stroke={t.secondary}
              strokeWidth={2.5}
              dot={{ r: 3, fill: t.secondary }}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <SrDataTable
        caption="Monthly trends"
        headers={['Month', 'Invoices', 'Total amount']}
        rows={data.map((m) => [m.label, m.invoiceCount, formatMoney(m.totalAmount, currency)])}
      />
    </>
  );
}
