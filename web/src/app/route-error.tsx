import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { errorDetail } from '@/lib/api-client';

/**
 * What a route shows when loading or rendering it fails: what went wrong, in words, and a Try again
 * that loads the route once more. The heading takes the focus so a screen reader announces it. Each
 * area sets it as its `errorComponent`, named (`area="Invoices"`), so a failing page keeps the shell
 * and the other pages usable.
 */
export function RouteError({ error, reset, area }: ErrorComponentProps & { area: string }) {
  const router = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <div role="alert" className="flex min-h-[50vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto mb-4 grid size-12 place-items-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
          <TriangleAlert className="size-6" aria-hidden />
        </div>
        <h2
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 outline-none dark:text-white"
        >
          {area} could not be shown
        </h2>
        <p className="mt-2 text-sm break-words text-slate-600 dark:text-slate-400">{errorDetail(error)}</p>
        <Button className="mt-6" onClick={retry}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </div>
    </div>
  );
}
