import { formatMoney } from '@shared/format';
import type { Analytics } from '@shared/schemas/entities';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { compactMoney } from '@/features/analytics/lib/analytics-rules';
import { useChartTheme, useMinWidth } from './chart-theme';
import { ChartTooltipCard, SrDataTable } from './chart-tooltip';

const shortName = (max: number) => (name: string) =>
  name.length > max ? `${name.slice(0, max - 1)}…` : name;

export function TopVendorsChart({
  vendors,
  currency,
}: {
  vendors: Analytics['topVendors'];
  currency: string;
}) {
  const t = useChartTheme();
  const wide = useMinWidth(640);
  const height = Math.max(160, vendors.length * 36 + 24);
  return (
    <>
      <div className="w-full" style={{ height }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={vendors}
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
              dataKey="name"
              tick={({
                x,
                y,
                payload,
              }: {
                x: number | string;
                y: number | string;
                payload: { value: string };
              }) => (
                <text x={x} y={y} dy={4} textAnchor="end" fill={t.axis} fontSize={12}>
                  {shortName(wide ? 18 : 10)(String(payload.value))}
                </text>
              )}
              tickLine={false}
              axisLine={false}
              width={wide ? 160 : 100}
            />
            <Tooltip
              cursor={{ fill: t.cursor }}
              content={({ active, payload }) =>
                active && payload?.length ? (
                  <ChartTooltipCard
                    title={payload[0].payload.name}
                    rows={[
                      {
                        label: 'Total amount',
                        value: formatMoney(payload[0].payload.totalAmount, currency),
                        color: t.primary,
                      },
                      { label: 'Invoices', value: payload[0].payload.invoiceCount },
                    ]}
                  />
                ) : null
              }
            />
            <Bar
              dataKey="totalAmount"
              name="Total amount"
              fill={t.primary}
              radius={[0, 6, 6, 0]}
              maxBarSize={22}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SrDataTable
        caption="Top vendors by total amount"
        headers={['Vendor', 'Invoices', 'Total amount']}
        rows={vendors.map((v) => [v.name, v.invoiceCount, formatMoney(v.totalAmount, currency)])}
      />
    </>
  );
}
