import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A centred icon, title, hint and optional action for empty lists and failed loads. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  tone = 'default',
  className,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  tone?: 'default' | 'error';
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-2 px-6 py-12 text-center', className)}>
      <span
        className={cn(
          'grid size-12 place-items-center rounded-full',
          tone === 'error'
            ? 'bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400'
            : 'bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500',
        )}
      >
        <Icon className="size-6" aria-hidden />
      </span>
      <p
        className={cn(
          'mt-1 font-medium',
          tone === 'error' ? 'text-red-600 dark:text-red-400' : 'text-slate-900 dark:text-white',
        )}
        role={tone === 'error' ? 'alert' : undefined}
      >
        {title}
      </p>
      {description ? (
        <p className="max-w-sm text-sm text-slate-500 dark:text-slate-400">{description}</p>
      ) : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
