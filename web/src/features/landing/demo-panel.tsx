import { Check, CircleCheck, FileText, LoaderCircle, RotateCcw, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { DEMO_CLOSE_MS, DEMO_FILE, DEMO_STEPS, demoStateAt } from './demo-steps';

const SAMPLE_FIELDS = [
  ['Vendor', 'Acme Plumbing Co.'],
  ['Invoice #', 'INV-2024-0187'],
  ['Amount', '$1,248.50'],
  ['Category', 'Repairs & Maintenance'],
] as const;

/** The simulated processing panel behind Watch Demo. Runs on timers only. */
export function DemoPanel({ onClose }: { onClose: () => void }) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    const tick = setInterval(() => setElapsed(Date.now() - startedAt), 100);
    return () => clearInterval(tick);
  }, [startedAt]);

  useEffect(() => {
    if (elapsed >= DEMO_CLOSE_MS) onClose();
  }, [elapsed, onClose]);

  const state = demoStateAt(elapsed);

  return (
    <section
      aria-label="Invoice processing demo"
      className="relative mx-auto mt-10 w-full max-w-2xl rounded-2xl border border-slate-200 bg-white/90 p-5 text-left shadow-xl backdrop-blur transition-opacity sm:p-6 dark:border-slate-700 dark:bg-slate-900/90"
    >
      <div className="absolute top-3 right-3 flex gap-1">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Replay demo"
          onClick={() => {
            setStartedAt(Date.now());
            setElapsed(0);
          }}
        >
          <RotateCcw aria-hidden />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label="Close demo" onClick={onClose}>
          <X aria-hidden />
        </Button>
      </div>
      {state.panelVisible ? (
        <div>
          <div className="flex items-center gap-3 pr-20">
            <span className="grid size-10 place-items-center rounded-lg bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
              <FileText className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900 dark:text-white">{DEMO_FILE}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">245.3 KB · PDF</p>
            </div>
          </div>
          <Progress className="mt-4" value={state.progress} label="Demo processing progress" />
          <ol className="mt-4 grid gap-2" aria-live="polite">
            {DEMO_STEPS.map((s, i) => {
              const status = i < state.step ? 'done' : i === state.step ? 'active' : 'pending';
              return (
                <li
                  key={s.label}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm',
                    status === 'active' &&
                      'bg-brand-50 font-medium text-brand-800 dark:bg-brand-500/10 dark:text-brand-200',
                    status === 'done' && 'text-slate-700 dark:text-slate-300',
                    status === 'pending' && 'text-slate-400 dark:text-slate-500',
                  )}
                >
                  {status === 'done' ? (
                    <Check className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
                  ) : status === 'active' ? (
                    <LoaderCircle className="size-4 animate-spin" aria-hidden />
                  ) : (
                    <span
                      className="size-4 rounded-full border border-slate-300 dark:border-slate-600"
                      aria-hidden
                    />
                  )}
                  <span>{s.label}</span>
                  <span className="ml-auto text-xs text-slate-400 tabular-nums">
                    {(s.ms / 1000).toFixed(1)}s
                  </span>
                </li>
              );
            })}
          </ol>
          {state.done ? (
            <div className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-500/10">
              <p
                role="status"
                className="flex items-center gap-2 font-semibold text-emerald-800 dark:text-emerald-300"
              >
                <CircleCheck className="size-5" aria-hidden /> Invoice processed successfully!
              </p>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {SAMPLE_FIELDS.map(([k, v]) => (
                  <div key={k}>
                    <dt className="text-xs text-emerald-700/80 dark:text-emerald-300/70">{k}</dt>
                    <dd className="font-medium text-slate-900 dark:text-white">{v}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          Demo finished. Closing...
        </p>
      )}
    </section>
  );
}
