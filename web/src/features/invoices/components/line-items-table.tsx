import { formatMoney } from '@shared/format';
import { Skeleton } from '@/components/ui/skeleton';
import { useLineItems } from '@/features/invoices/api/get-invoice-children';
import { cn } from '@/lib/utils';

/**
 * An invoice's extracted line items. `compact` suits the dashboard dialog, where the table shares a
 * half-width column with the other extracted fields: short headers and tight cells. The full table
 * fills the Invoices dialog's Line Items tab and ends with the line items' total.
 */
export function LineItemsTable({
  invoiceId,
  currency,
  compact = false,
}: {
  invoiceId: string;
  currency: string;
  compact?: boolean;
}) {
  const { data, isPending, isError } = useLineItems(invoiceId);
  if (isPending) return <Skeleton className={compact ? 'h-16' : 'h-32'} />;
  if (isError) return <p className="text-sm text-red-600 dark:text-red-400">Failed to load line items</p>;
  if (!data.items.length) {
    return compact ? (
      <p className="text-sm text-slate-500 dark:text-slate-400">No line items extracted.</p>
    ) : (
      <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
        No line items were extracted.
      </p>
    );
  }
  const headers = compact
    ? ['Description', 'Qty', 'Unit', 'Total']
    : ['Description', 'Quantity', 'Unit Price', 'Total'];
  const cell = compact ? 'px-3 py-2' : 'px-4 py-2.5';
  const sum = data.items.reduce((a, li) => a + (li.totalPrice ?? 0), 0);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-sm">
        <thead
          className={cn(
            'bg-slate-50 text-xs text-slate-500 dark:bg-slate-800/50 dark:text-slate-400',
            !compact && 'uppercase',
          )}
        >
          <tr>
            {headers.map((header, i) => (
              <th
                key={header}
                scope="col"
                className={cn(
                  compact ? 'px-3 py-2 font-medium' : 'px-4 py-2 font-semibold',
                  i === 0 ? 'text-left' : 'text-right',
                )}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {data.items.map((li) => (
            <tr key={li.id}>
              <td className={cn(cell, 'text-slate-800 dark:text-slate-200')}>
                {li.description}
                {li.allocations?.length ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    Split:{' '}
                    {li.allocations
                      .map(
                        (a) => `${a.propertyName ?? 'Deleted property'} ${formatMoney(a.amount, currency)}`,
                      )
                      .join('; ')}
                  </span>
                ) : null}
              </td>
              <td className={cn(cell, 'text-right tabular-nums')}>{li.quantity ?? '—'}</td>
              <td className={cn(cell, 'text-right tabular-nums')}>
                {formatMoney(li.unitPrice, currency) || '—'}
              </td>
              <td className={cn(cell, 'text-right font-medium tabular-nums')}>
                {formatMoney(li.totalPrice, currency) || '—'}
              </td>
            </tr>
          ))}
        </tbody>
        {compact ? null : (
          <tfoot>
            <tr className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" colSpan={3} className="px-4 py-2.5 text-right font-semibold">
                Line items total
              </th>
              <td className="px-4 py-2.5 text-right font-semibold tabular-nums">
                {formatMoney(sum, currency)}
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
