import { useNavigate } from '@tanstack/react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkNotificationsRead } from '@/features/notifications/api/mark-read';
import { cn, formatRelativeTime } from '@/lib/utils';

const KIND_DOT: Record<string, string> = {
  processed: 'bg-emerald-500',
  approved: 'bg-emerald-500',
  review_required: 'bg-red-500',
  rejected: 'bg-red-500',
  sync_failed: 'bg-amber-500',
  email: 'bg-sky-500',
  approval_requested: 'bg-amber-500',
  insurance_expiring: 'bg-amber-500',
};

/** The header bell: unread count and the latest notifications. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { data, isPending, isError } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = data?.items ?? [];
  const unread = data?.unread ?? items.filter((n) => !n.read).length;

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <Button
        variant="ghost"
        size="icon"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="relative"
      >
        <Bell aria-hidden />
        {unread ? (
          <span
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="absolute right-0 z-50 mt-2 w-[min(22rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">Notifications</p>
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              disabled={!unread || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              <CheckCheck aria-hidden /> Mark all read
            </Button>
          </div>
          <div className="max-h-96 overflow-y-auto">
            {isPending ? (
              <div className="flex justify-center p-6">
                <Spinner label="Loading notifications" />
              </div>
            ) : isError ? (
              <p className="p-4 text-sm text-red-600 dark:text-red-400">Failed to load notifications</p>
            ) : items.length === 0 ? (
              <p className="p-6 text-center text-sm text-slate-500 dark:text-slate-400">
                You're all caught up.
              </p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {items.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      className={cn(
                        'flex w-full items-start gap-3 px-4 py-3 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800/60',
                        !n.read && 'bg-brand-50/50 dark:bg-brand-500/5',
                      )}
                      onClick={() => {
                        if (!n.read) markRead.mutate([n.id]);
                        setOpen(false);
                        if (n.invoiceId) void navigate({ to: '/', search: { invoice: n.invoiceId } });
                      }}
                    >
                      <span
                        className={cn(
                          'mt-1.5 size-2 shrink-0 rounded-full',
                          KIND_DOT[n.kind] ?? 'bg-slate-400',
                        )}
                        aria-hidden
                      />
                      <span className="min-w-0 flex-1">
                        <span
                          className={cn('block text-slate-800 dark:text-slate-200', !n.read && 'font-medium')}
                        >
                          {n.message}
                        </span>
                        <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
                          {formatRelativeTime(n.createdAt)}
                          {n.read ? '' : ' · Unread'}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
