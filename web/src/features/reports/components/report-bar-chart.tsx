import { formatMoney } from '@shared/format';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  ChartTooltipCard,
  compactMoney,
  SrDataTable,
  useChartTheme,
  useMinWidth,
} from '@/features/analytics';

export interface BarDatum {
  label: string;
  value: number;
}

const shorten = (max: number) => (name: string) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/**
 * Money per row as horizontal bars (aging buckets, spend per door by property), drawn as Analytics
 * draws its top vendors; screen readers get the numbers as a table instead of the drawing.
 */
export function ReportBarChart({
  data,
  currency,
  caption,
  labelHeader,
  valueHeader,
}: {
  data: BarDatum[];
  currency: string;
  caption: string;
  labelHeader: string;
  valueHeader: string;
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
        headers={[labelHeader, valueHeader]}
        rows={data.map((d) => [d.label, formatMoney(d.value, currency)])}
      />
    </>
  );
}
