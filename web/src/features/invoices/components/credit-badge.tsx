import type { Invoice } from '@shared/schemas/invoice';
import { Badge } from '@/components/ui/badge';
import { isCredit } from '@/features/invoices/lib/invoice-rules';

/** 'Credit' beside a negative total: a credit note, money owed back rather than a bill to pay. */
export function CreditBadge({ invoice }: { invoice: Pick<Invoice, 'totalAmount'> }) {
  if (!isCredit(invoice)) return null;
  return (
    <Badge tone="blue" className="shrink-0" title="A credit note: money owed to you, not a bill to pay">
      Credit
    </Badge>
  );
}
