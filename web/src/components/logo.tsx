import { FileText } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Logo({
  className,
  compact,
  hideTextOnMobile,
}: {
  className?: string;
  compact?: boolean;
  hideTextOnMobile?: boolean;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-brand-500 to-violet-600 text-white shadow-sm">
        <FileText className="size-4" aria-hidden />
      </span>
      {compact ? null : (
        <span className={cn('text-lg text-slate-900 dark:text-white', hideTextOnMobile && 'max-sm:sr-only')}>
          InvoicePilot
        </span>
      )}
    </span>
  );
}
