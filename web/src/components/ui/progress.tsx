import { cn } from '@/lib/utils';

export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800', className)}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width] duration-200 dark:bg-brand-400"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
