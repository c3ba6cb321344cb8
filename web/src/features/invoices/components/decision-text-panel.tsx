import { MAX_APPROVAL_COMMENT } from '@shared/schemas/approvals';
import { MessageSquare } from 'lucide-react';
import { type ReactNode, type TextareaHTMLAttributes, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { useDecision } from './decision';

/**
 * The text box a decision opens under the actions (the approval comment, the rejection reason) and its
 * buttons (`children`). Opened by a button or a key, it takes the focus: the text is what comes next.
 */
export function DecisionTextPanel({
  id,
  tone,
  label,
  children,
  ...textarea
}: {
  id: string;
  tone: 'approve' | 'reject';
  label: string;
  children: ReactNode;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div
      id={`${id}-panel`}
      className={cn(
        'grid gap-2 rounded-lg border p-3',
        tone === 'approve'
          ? 'border-emerald-200 bg-emerald-50/50 dark:border-emerald-900 dark:bg-emerald-500/5'
          : 'border-red-200 bg-red-50/50 dark:border-red-900 dark:bg-red-500/5',
      )}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <Textarea id={id} autoFocus {...textarea} />
      {children}
    </div>
  );
}

/**
 * The optional approval comment of both invoice dialogs: a toggle placed beside Approve and the box it
 * opens. It opens on request only, so Approve (and the A key) stay one step; the text lives in the
 * decision, so it goes with whichever approval comes next.
 */
export function useApprovalComment(decision: ReturnType<typeof useDecision>) {
  const [open, setOpen] = useState(decision.comment !== '');
  const id = useId();
  const close = () => {
    setOpen(false);
    decision.setComment('');
  };
  const toggle = (disabled: boolean) => (
    <Button
      variant="outline"
      onClick={() => (open ? close() : setOpen(true))}
      disabled={disabled}
      aria-expanded={open}
      aria-controls={open ? `${id}-panel` : undefined}
    >
      <MessageSquare aria-hidden /> Add approval comment
    </Button>
  );
  const panel = open ? (
    <DecisionTextPanel
      id={id}
      tone="approve"
      label="Approval comment (Optional)"
      rows={2}
      maxLength={MAX_APPROVAL_COMMENT}
      value={decision.comment}
      aria-describedby={`${id}-hint`}
      aria-keyshortcuts="Control+Enter"
      onChange={(e) => decision.setComment(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          decision.approve();
        }
      }}
      placeholder="Why this is fine to pay..."
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          Sent with your approval (Approve, or Ctrl+Enter here) and shown in the History.
        </p>
        <Button variant="ghost" size="sm" onClick={close}>
          Remove comment
        </Button>
      </div>
    </DecisionTextPanel>
  ) : null;
  return { toggle, panel };
}
