import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Spinner } from './spinner';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  children,
  className,
  title,
  description,
  hideDescription,
  wide,
  headerActions,
  returnFocusToDialog,
  ...handlers
}: {
  children: ReactNode;
  className?: string;
  title: ReactNode;
  description?: ReactNode;
  hideDescription?: boolean;
  wide?: boolean;
  /** Buttons shown before Close in the header. */
  headerActions?: ReactNode;
  /**
   * For a dialog opened over another without a trigger: on closing, the focus goes back to the dialog
   * below (Radix would leave it on the page's body, where that dialog's keys no longer reach it).
   */
  returnFocusToDialog?: boolean;
} & Pick<
  ComponentProps<typeof DialogPrimitive.Content>,
  'onKeyDown' | 'onOpenAutoFocus' | 'onEscapeKeyDown'
>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px] data-[state=open]:animate-in" />
      <DialogPrimitive.Content
        {...handlers}
        {...(returnFocusToDialog
          ? {
              onCloseAutoFocus: (e: Event) => {
                e.preventDefault();
                // This dialog may still be in the page while it closes (it is the event's target): the
                // one below is the last other open dialog.
                const closing = e.target instanceof Node ? e.target : null;
                [...document.querySelectorAll<HTMLElement>('[role=dialog][data-state=open]')]
                  .filter((d) => !closing || !(d === closing || d.contains(closing) || closing.contains(d)))
                  .at(-1)
                  ?.focus();
              },
            }
          : {})}
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl outline-none dark:border-slate-800 dark:bg-slate-900',
          wide ? 'max-w-6xl' : 'max-w-lg',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <div className="min-w-0">
            <DialogPrimitive.Title className="truncate text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description
                className={cn(
                  'mt-0.5 text-sm text-slate-500 dark:text-slate-400',
                  hideDescription && 'sr-only',
                )}
              >
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <div className="flex shrink-0 items-center gap-1">
            {headerActions}
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon-sm" aria-label="Close dialog">
                <X aria-hidden />
              </Button>
            </DialogPrimitive.Close>
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A confirmation dialog (delete confirmations). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  pending,
  onConfirm,
  returnFocusToDialog,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  /** The confirm button's label while `pending`. */
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  /** Asked from inside another dialog: see DialogContent. */
  returnFocusToDialog?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} returnFocusToDialog={returnFocusToDialog}>
        {children ? <div className="px-5 pt-4">{children}</div> : null}
        <div className="flex justify-end gap-2 px-5 py-4">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The last row of a form in a dialog: Cancel closes the dialog; the submit button, labelled by
 * `children`, is disabled and shows a spinner while `pending`.
 */
export function DialogFormActions({
  pending,
  className,
  children,
}: {
  pending?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {children}
      </Button>
    </div>
  );
}
