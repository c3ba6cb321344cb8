import { Badge } from '@/components/ui/badge';
import { type AnyStatus, statusLabel, statusTone } from '@/features/invoices/lib/invoice-rules';

export function StatusBadge({
  status,
  className,
}: {
  status: AnyStatus | null | undefined;
  className?: string;
}) {
  const tone = statusTone(status);
  return (
    <Badge tone={tone} className={className} data-tone={tone}>
      <span
        aria-hidden
        className={
          tone === 'green'
            ? 'size-1.5 rounded-full bg-emerald-500'
            : tone === 'blue'
              ? 'size-1.5 rounded-full bg-blue-500'
              : tone === 'red'
                ? 'size-1.5 rounded-full bg-red-500'
                : 'size-1.5 rounded-full bg-slate-400'
        }
      />
      {statusLabel(status)}
    </Badge>
  );
}
