import { formatMoney } from '@shared/format';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { compactMoney } from '@/features/analytics/lib/analytics-rules';
import { useChartTheme, useMinWidth } from './chart-theme';
import { ChartTooltipCard, SrDataTable } from './chart-tooltip';

export interface BarDatum {
  label: string;
  value: number;
  /** Invoices behind the amount, shown in the tooltip and the table when `countHeader` is given. */
  count?: number;
}

const shorten = (max: number) => (name: string) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/**
 * Money per row as horizontal bars (Analytics' top vendors, the Reports page's aging buckets and spend
 * per door); screen readers get the numbers as a table instead of the drawing.
 */
export function MoneyBarChart({
  data,
  currency,
  caption,
  labelHeader,
  valueHeader,
  countHeader,
}: {
  data: BarDatum[];
  currency: string;
  caption: string;
  labelHeader: string;
  valueHeader: string;
  countHeader?: string;
}) {
  const t = useChartTheme();
  const wide = useMinWidth(640);
  const height = Math.max(140, data.length * 36 + 24);
  return (
    <>
      <div className="w-full break-inside-avoid" style={{ height }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 0, right: 12, left: 0, bottom: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={t.grid} horizontal={false} />
            <XAxis
              type="number"
              tickFormatter={(v: number) => compactMoney(v, currency)}
              tick={{ fill: t.axis, fontSize: 12 }}
              tickLine={false}
              axisLine={false}
            />
            <YAxis
              type="category"
              dataKey="label"
              tickFormatter={shorten(wide ? 20 : 12)}
              tick={{ fill: t.axis, fontSize: 12 }}
              tickLine={false}
              axisLine={false}
              width={wide ? 160 : 100}
            />
            <Tooltip
              cursor={{ fill: t.cursor }}
              content={({ active, payload }) =>
                active && payload?.length ? (
                  <ChartTooltipCard
                    title={payload[0].payload.label}
                    rows={[
                      {
                        label: valueHeader,
                        value: formatMoney(payload[0].payload.value, currency),
                        color: t.primary,
                      },
                      ...(countHeader ? [{ label: countHeader, value: payload[0].payload.count ?? 0 }] : []),
                    ]}
                  />
                ) : null
              }
            />
            <Bar
              dataKey="value"
              name={valueHeader}
              fill={t.primary}
              radius={[0, 6, 6, 0]}
              maxBarSize={22}
              // Drawn at once: a print started right after the page opens gets the bars, not their start.
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SrDataTable
        caption={caption}
        headers={countHeader ? [labelHeader, countHeader, valueHeader] : [labelHeader, valueHeader]}
        rows={data.map((d) =>
          countHeader
            ? [d.label, d.count ?? 0, formatMoney(d.value, currency)]
            : [d.label, formatMoney(d.value, currency)],
        )}
      />
    </>
  );
}
