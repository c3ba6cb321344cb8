import { Keyboard } from 'lucide-react';
import { type KeyboardEvent, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/**
 * What each review shortcut does; the keys are those `reviewKeyHandler` answers. `action` names the
 * action a key needs: the help lists a key only while the dialog offers its action.
 */
export const REVIEW_SHORTCUTS: { keys: string; does: string; action?: keyof ReviewKeyActions }[] = [
  { keys: 'A', does: 'Approve', action: 'approve' },
  { keys: 'R', does: 'Reject', action: 'reject' },
  { keys: 'E', does: 'Edit', action: 'edit' },
  { keys: 'J', does: 'Next invoice in the queue', action: 'next' },
  { keys: 'K', does: 'Previous invoice in the queue', action: 'previous' },
  { keys: 'Tab', does: 'Next field (shown on the document)' },
  { keys: 'Esc', does: 'Close (leaves a text box first)' },
  { keys: '?', does: 'Show these shortcuts' },
];

export interface ReviewKeyActions {
  approve?: () => void;
  reject?: () => void;
  edit?: () => void;
  next?: () => void;
  previous?: () => void;
  help: () => void;
  /**
   * Esc. The dialog closes itself on Esc, unless a toast shown after it is open: Radix gives Esc to the
   * newest layer (the toast), so the reviewer would press Esc once per toast. Esc that no layer took
   * closes the dialog here.
   */
  close?: () => void;
}

/** Typing in these must never trigger a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'submit', 'reset', 'file'].includes(target.type)
  );
}

/** The action a key press asks for, or undefined: none for a modifier, a text box, or a key not offered. */
function actionFor(
  e: Pick<globalThis.KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'defaultPrevented' | 'target'>,
  actions: ReviewKeyActions,
): (() => void) | undefined {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return undefined;
  if (e.key === '?') return actions.help;
  if (e.key === 'Escape') return actions.close;
  return (
    {
      a: actions.approve,
      r: actions.reject,
      e: actions.edit,
      j: actions.next,
      k: actions.previous,
    } as Record<string, (() => void) | undefined>
  )[e.key.toLowerCase()];
}

/**
 * The review dialog's keydown handler: A approve, R reject, E edit, J/K next/previous, ? help. Keys
 * typed into a text box, with a modifier, or in a dialog opened over this one (a portal, whose events
 * still bubble through React) are left alone. An action that is not offered is absent and ignored.
 */
export function reviewKeyHandler(actions: ReviewKeyActions) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.target as Node)) return;
    const action = actionFor(e, actions);
    if (!action) return;
    e.preventDefault();
    action();
  };
}

/**
 * While the review dialog is open: keys pressed while the focus is on the page's body (where a closing
 * layer, such as the shortcuts overlay, can leave it for a moment) still reach the dialog's actions,
 * instead of being lost. `actions` is read when a key is pressed, so it may change on every render.
 */
export function useReviewKeysFromBody(open: boolean, actions: { current: ReviewKeyActions }) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.target !== document.body) return;
      const action = actionFor(e, actions.current);
      if (!action) return;
      e.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, actions]);
}

/**
 * Esc in a text box does not close the dialog: the first Esc leaves the box (focus goes to the dialog),
 * the next one closes it. Pass as the dialog's `onEscapeKeyDown`.
 */
export function escapeLeavesTextBoxFirst(e: globalThis.KeyboardEvent) {
  const target = e.target;
  if (!isTyping(target)) return;
  e.preventDefault();
  (target as HTMLElement).closest<HTMLElement>('[role=dialog]')?.focus();
}

/** The '?' button and the overlay listing the shortcuts the dialog offers now. */
export function ShortcutsHelp({
  open,
  onOpenChange,
  actions,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  actions: ReviewKeyActions;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Keyboard shortcuts"
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        onClick={() => onOpenChange(true)}
      >
        <Keyboard aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title="Keyboard shortcuts"
          description="Review invoices without the mouse."
          returnFocusToDialog
        >
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 px-5 py-4 text-sm">
            {REVIEW_SHORTCUTS.filter((s) => !s.action || actions[s.action]).map((s) => (
              <div key={s.keys} className="contents">
                <dt>
                  <kbd className="inline-block min-w-8 rounded-md border border-slate-300 bg-slate-50 px-2 py-0.5 text-center font-mono text-xs font-semibold text-slate-800 shadow-xs dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                    {s.keys}
                  </kbd>
                </dt>
                <dd className="text-slate-700 dark:text-slate-300">{s.does}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      </Dialog>
    </>
  );
}
