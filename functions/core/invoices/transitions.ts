import type { InvoiceStatus } from '../../../shared/schemas';
import { AppError } from '../errors/app-error';

/**
 * Every status change an invoice can make, and from where. The server enforces this one table; the
 * UI only offers what it allows.
 *
 * UPLOADED → PROCESSING → PROCESSED | REVIEW_REQUIRED → APPROVED | REJECTED, with reprocessing from any
 * settled state (and from PROCESSING, the dialog's "Force Retry" for a run that looks stuck), and an
 * APPROVED invoice reopened (→ REVIEW_REQUIRED) or voided (→ REJECTED).
 */
export const TRANSITIONS = {
  /** The workflow claims a freshly uploaded (or re-queued) invoice. */
  claim: { from: ['UPLOADED'], to: ['PROCESSING'] },
  /** The workflow's decision. */
  decide: { from: ['PROCESSING'], to: ['PROCESSED', 'REVIEW_REQUIRED'] },
  /** The dashboard dialog also offers Approve and Reject while an invoice is PROCESSING. */
  approve: { from: ['PROCESSED', 'REVIEW_REQUIRED', 'PROCESSING'], to: ['APPROVED'] },
  reject: { from: ['PROCESSED', 'REVIEW_REQUIRED', 'PROCESSING'], to: ['REJECTED'] },
  reprocess: {
    from: ['PROCESSED', 'REVIEW_REQUIRED', 'REJECTED', 'PROCESSING', 'UPLOADED'],
    to: ['UPLOADED'],
  },
  /** Reviewers correct fields while the invoice waits for a decision; an approved one is reopened first. */
  edit: { from: ['UPLOADED', 'PROCESSED', 'REVIEW_REQUIRED', 'REJECTED'], to: [] },
  /** An approver takes back an approval: the invoice is in review again and needs approving again. */
  reopen: { from: ['APPROVED'], to: ['REVIEW_REQUIRED'] },
  /** An approver cancels an approved invoice (booked in error); it stays on record as rejected. */
  void: { from: ['APPROVED'], to: ['REJECTED'] },
} as const satisfies Record<string, { from: readonly InvoiceStatus[]; to: readonly InvoiceStatus[] }>;

export type InvoiceAction = keyof typeof TRANSITIONS;

const ACTION_WORDS: Record<InvoiceAction, string> = {
  claim: 'start processing',
  decide: 'finish processing',
  approve: 'approve',
  reject: 'reject',
  reprocess: 'reprocess',
  edit: 'edit',
  reopen: 'reopen',
  void: 'void',
};

export function canTransition(action: InvoiceAction, from: InvoiceStatus): boolean {
  return (TRANSITIONS[action].from as readonly InvoiceStatus[]).includes(from);
}

/** Throws a 409 with a message a person understands when `action` is not allowed from `from`. */
export function assertTransition(action: InvoiceAction, from: InvoiceStatus): void {
  if (!canTransition(action, from)) {
    throw new AppError(
      'conflict',
      'invalid_transition',
      `Cannot ${ACTION_WORDS[action]} an invoice that is ${from.toLowerCase().replace('_', ' ')}`,
    );
  }
}

/**
 * Approving needs more than the status: a file that could not be read has nothing to approve (the
 * person reprocesses, rejects or deletes it). Throws a 409 saying so.
 */
export function assertApprovable(invoice: { status: InvoiceStatus; readFailure?: string | null }): void {
  assertTransition('approve', invoice.status);
  if (invoice.readFailure) {
    throw new AppError(
      'conflict',
      'unreadable',
      'This file could not be read, so there is nothing to approve: reprocess or delete it',
    );
  }
}
