import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DialogClose } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';

/**
 * A secret the server answers once (a new API key, a generated webhook signing secret): a warning, the
 * secret with Copy, and Done. The caller shows the secret (`children`) its own way.
 */
export function ShownOnce({
  warning,
  value,
  what,
  children,
}: {
  warning: ReactNode;
  value: string;
  /** 'key', 'secret': names the Copy button and the copy-failed advice. */
  what: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-4 p-5">
      <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {warning}
      </p>
      <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center dark:border-slate-800 dark:bg-slate-950">
        <div className="min-w-0 flex-1">{children}</div>
        <CopyButton
          value={value}
          label={`Copy ${what}`}
          onError={() =>
            toast({
              title: 'Copy failed',
              description: `Select the ${what} and copy it manually.`,
              variant: 'destructive',
            })
          }
        />
      </div>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </div>
  );
}
