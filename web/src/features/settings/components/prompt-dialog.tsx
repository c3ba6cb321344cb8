import { type FormEvent, useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogFormActions } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** An in-app prompt: answers the trimmed text; an empty answer cancels (spec: API key name). */
export function PromptDialog({
  open,
  title,
  description,
  label,
  placeholder,
  confirmLabel,
  onAnswer,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  placeholder?: string;
  confirmLabel: string;
  onAnswer: (answer: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (open) setValue('');
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const answer = value.trim();
    if (answer) onAnswer(answer);
    else onCancel();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent title={title} description={description}>
        <form onSubmit={submit} className="grid gap-3 p-5">
          <Label htmlFor="prompt-answer">{label}</Label>
          <Input
            id="prompt-answer"
            value={value}
            placeholder={placeholder}
            maxLength={100}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
          <DialogFormActions className="pt-1">{confirmLabel}</DialogFormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
