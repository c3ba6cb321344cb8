import type { Invoice } from '@shared/schemas/invoice';
import { CalendarClock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { dueUrgency } from '@/features/invoices/lib/invoice-rules';

/** 'Overdue by 2 days', 'Due tomorrow'…: shown on an invoice still waiting for a decision near its due date. */
export function DueBadge({ invoice }: { invoice: Pick<Invoice, 'dueDate' | 'status'> }) {
  const urgency = dueUrgency(invoice);
  if (!urgency) return null;
  return (
    <Badge tone={urgency.tone} className="shrink-0">
      <CalendarClock className="size-3" aria-hidden />
      {urgency.label}
    </Badge>
  );
}
