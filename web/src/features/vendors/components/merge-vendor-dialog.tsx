import type { Vendor } from '@shared/schemas/entities';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useMergeVendors } from '@/features/vendors/api/merge-vendors';
import { vendors } from '@/features/vendors/api/vendors';
import { errorDetail } from '@/lib/api-client';

/** How many vendors the merge target list offers (the API's page limit). */
const TARGETS = 100;

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** Merges `source` into a vendor chosen from the list: its invoices and totals follow. */
export function MergeVendorDialog({ source, onClose }: { source: Vendor | null; onClose: () => void }) {
  const list = vendors.api.useList({ limit: TARGETS });
  const merge = useMergeVendors();
  const [targetId, setTargetId] = useState('');
  const id = useId();
  const targets = (list.data?.items ?? []).filter((v) => v.id !== source?.id);
  const target = targets.find((v) => v.id === targetId);

  const submit = () => {
    if (!source || !target) return;
    merge.mutate(
      { targetId: target.id, sourceId: source.id },
      {
        onSuccess: () => {
          toast({
            title: 'Vendors merged',
            description: `${source.name} was merged into ${target.name}; its invoices moved with it.`,
            variant: 'success',
          });
          setTargetId('');
          onClose();
        },
        onError: (e) =>
          toast({ title: 'Failed to merge vendors', description: errorDetail(e), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={source !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title="Merge vendor"
        description={
          source
            ? `${source.name} and the vendor you choose are one company. ${source.name}'s invoices move to it, its name is kept as another name of it, and ${source.name} is removed.`
            : ''
        }
      >
        <div className="grid gap-4 px-5 py-4">
          <div className="grid gap-1.5">
            <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Merge into
            </label>
            <select
              id={id}
              className={selectClass}
              value={targetId}
              onChange={(e) => setTargetId(e.target.value)}
            >
              <option value="">Choose a vendor</option>
              {targets.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                  {v.status === 'SUGGESTED' ? ' (suggested)' : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={submit} disabled={!target || merge.isPending}>
              {merge.isPending ? <Spinner /> : null} Merge Vendors
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
