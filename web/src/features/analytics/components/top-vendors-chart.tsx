import type { Analytics } from '@shared/schemas/entities';
import { MoneyBarChart } from './money-bar-chart';

export function TopVendorsChart({
  vendors,
  currency,
}: {
  vendors: Analytics['topVendors'];
  currency: string;
}) {
  return (
    <MoneyBarChart
      data={vendors.map((v) => ({ label: v.name, value: v.totalAmount, count: v.invoiceCount }))}
      currency={currency}
      caption="Top vendors by total amount"
      labelHeader="Vendor"
      valueHeader="Total amount"
      countHeader="Invoices"
    />
  );
}
