import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS } from '@shared/constants';
import { CircleCheck, CircleExclamationPoint, Info, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { dismissToast, useToasts } from './use-toast';

const variants = {
  default:
    'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  success:
    'border-emerald-200 bg-white text-slate-900 dark:border-emerald-800 dark:bg-slate-900 dark:text-slate-100',
  destructive: 'border-red-600 bg-red-600 text-white dark:border-red-700 dark:bg-red-700',
};

const icons = {
  default: <Info className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />,
  success: <CircleCheck className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden />,
  destructive: <CircleExclamationPoint className="size-5 text-white" aria-hidden />,
};

/**
 * Toasts per spec section 9: one visible, 5000 ms, swipe right 50 px to dismiss, F8 focuses the
 * region, labelled 'Notification'.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notification"
    >
      {children}
      <Toaster />
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none sm:right-2 sm:bottom-2"
      />
    </ToastPrimitive.Provider>
  );
}

function Toaster() {
  const toasts = useToasts();
  return (
    <>
      {toasts.map((t) => {
        const variant = t.variant ?? 'default';
        return (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            duration={t.duration}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            className={cn(
              'toast-root group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg',
              variants[variant],
            )}
          >
            <span className="mt-0.5 shrink-0">{icons[variant]}</span>
            <div className="grid min-w-0 gap-1">
              {t.title ? (
                <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
              ) : null}
              {t.description ? (
                <ToastPrimitive.Description
                  className={cn(
                    'text-sm break-words',
                    variant === 'destructive' ? 'text-white' : 'text-slate-600 dark:text-slate-300',
                  )}
                >
                  {t.description}
                </ToastPrimitive.Description>
              ) : null}
              {t.action}
            </div>
            <ToastPrimitive.Close
              aria-label="Close"
              className={cn(
                'absolute top-2 right-2 rounded-md p-1 opacity-70 transition hover:opacity-100',
                variant === 'destructive' ? 'text-white' : 'text-slate-500 dark:text-slate-400',
              )}
            >
              <X className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
    </>
  );
}
