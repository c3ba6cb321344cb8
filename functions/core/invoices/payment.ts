import type { InvoicePaymentInput } from '../../../shared/schemas';
import { AppError, badInput, conflict } from '../errors/app-error';
import type { Actor } from './audit';
import { saveInvoice } from './commit';
import type { InvoiceItem } from './invoice';

/**
 * The paid mark: the day an APPROVED invoice was paid (`paidOn`). An approved invoice without one is an
 * open payable (the aging and cash requirements reports); the 1099 report counts the paid ones by the
 * year they were paid. Marking and unmarking are version-checked like an edit, and in History as
 * `paid` / `payment_removed`. No webhook event type is added: receivers see `paidOn` on the invoice of
 * the next event.
 */

const STALE = 'This invoice was changed by someone else; reload it and try again';

function assertVersion(before: InvoiceItem, version: number): void {
  if (version !== before.version) throw new AppError('conflict', 'stale_version', STALE);
}

/** `YYYY-MM-DD` of a day in UTC. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Marks an approved invoice paid, on `paidOn` (today, UTC, by default). A later day than tomorrow (UTC:
 * a person east of Greenwich may already be there) is refused: a payment is recorded once it is made.
 * Marking a paid invoice again moves its paid date.
 */
export async function markPaid(
  before: InvoiceItem,
  input: InvoicePaymentInput,
  actor: Actor,
  now = new Date(),
): Promise<InvoiceItem> {
  assertVersion(before, input.version);
  if (before.status !== 'APPROVED')
    throw conflict('not_approved', 'Only an approved invoice can be marked paid: approve it first');
  const paidOn = input.paidOn ?? dayOf(now);
  if (paidOn > dayOf(new Date(now.getTime() + 86_400_000)))
    throw badInput('The paid date cannot be in the future', [
      { path: 'paidOn', message: 'The paid date cannot be in the future' },
    ]);
  if (before.paidOn === paidOn) return before;
  return saveInvoice(before, { paidOn }, { type: 'paid', ...actor, note: `Paid on ${paidOn}` });
}

/** Takes a paid mark back: the invoice is an open payable again. */
export async function removePayment(
  before: InvoiceItem,
  version: number,
  actor: Actor,
): Promise<InvoiceItem> {
  assertVersion(before, version);
  if (!before.paidOn) throw conflict('not_paid', 'This invoice is not marked paid');
  return saveInvoice(before, { paidOn: null }, { type: 'payment_removed', ...actor });
}
