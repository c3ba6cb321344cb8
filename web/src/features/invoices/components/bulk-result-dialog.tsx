import type { BulkItemResult, BulkResult } from '@shared/schemas/bulk';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** What each outcome is called in the report, per action: what was done, and what waits. */
export const OUTCOME_WORDS: Record<
  'approve' | 'reject' | 'edit' | 'delete',
  { title: string; done: string; waiting: string }
> = {
  approve: { title: 'Approve invoices', done: 'Approved', waiting: 'Waiting for another approver' },
  reject: { title: 'Reject invoices', done: 'Rejected', waiting: 'Waiting' },
  edit: { title: 'Set property or category', done: 'Updated', waiting: 'Waiting' },
  delete: { title: 'Delete invoices', done: 'Deleted', waiting: 'Waiting' },
};

const outcomeClass: Record<BulkItemResult['outcome'], string> = {
  done: 'text-emerald-700 dark:text-emerald-400',
  waiting: 'text-amber-700 dark:text-amber-400',
  skipped: 'text-slate-600 dark:text-slate-300',
};

/** "39 approved, 10 waiting for another approver, 2 skipped": the counts that are not zero. */
export function bulkSummary(result: BulkResult, action: keyof typeof OUTCOME_WORDS): string {
  const words = OUTCOME_WORDS[action];
  const parts = [
    result.done ? `${result.done} ${words.done.toLowerCase()}` : null,
    result.waiting ? `${result.waiting} ${words.waiting.toLowerCase()}` : null,
    result.skipped ? `${result.skipped} skipped` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Nothing to do';
}

/** The report of a bulk action: every invoice it named, what was done to it, or why not. */
export function BulkResultDialog({
  action,
  result,
  onClose,
}: {
  action: keyof typeof OUTCOME_WORDS;
  result: BulkResult | null;
  onClose: () => void;
}) {
  const words = OUTCOME_WORDS[action];
  const label = (outcome: BulkItemResult['outcome']) =>
    outcome === 'done' ? words.done : outcome === 'waiting' ? words.waiting : 'Skipped';
  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      {result ? (
        <DialogContent title={words.title} description={bulkSummary(result, action)} wide>
          <div className="grid gap-4 p-5">
            <Table aria-label="What was done to each invoice">
              <TableHeader>
                <TableRow>
                  <TableHead>Invoice</TableHead>
                  <TableHead>Vendor</TableHead>
                  <TableHead>Result</TableHead>
                  <TableHead>Details</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {result.items.map((item) => (
                  <TableRow key={item.id}>
                    <TableCell className="font-medium">
                      {item.invoiceNumber ? `#${item.invoiceNumber}` : `#${item.id.slice(-8)}`}
                    </TableCell>
                    <TableCell>{item.vendorName ?? 'N/A'}</TableCell>
                    <TableCell className={cn('font-medium', outcomeClass[item.outcome])}>
                      {label(item.outcome)}
                    </TableCell>
                    <TableCell>{item.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
