import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';

/** An in-app prompt: resolves with the trimmed answer; a blank answer cancels. */
export function PromptDialog({
  open,
  title,
  label,
  confirmLabel,
  onAnswer,
  onCancel,
  pending,
}: {
  open: boolean;
  title: string;
  label: string;
  confirmLabel: string;
  onAnswer: (answer: string) => void;
  onCancel: () => void;
  pending?: boolean;
}) {
  const [value, setValue] = useState('');
  const id = useId();
  useEffect(() => {
    if (open) setValue('');
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const answer = value.trim();
    if (!answer) onCancel();
    else onAnswer(answer);
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent title={title} returnFocusToDialog>
        <form onSubmit={submit} className="grid gap-3 p-5">
          <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {label}
          </label>
          <Textarea id={id} rows={3} value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
