import { ulid } from 'ulid';
import { INVOICE_FIELD_LABELS, invoiceChangeTexts } from '../../../shared/invoice-fields';
import { DEFAULT_CURRENCY, type InvoiceEvent } from '../../../shared/schemas';
import type { InvoiceItem } from './invoice';

/** Who did what to an invoice, as its History records it. */
export interface EventInput {
  type: string;
  actor: string;
  actorName?: string | null;
  note?: string | null;
}

/** The person (or system part) a use-case acts for, as events name them. */
export type Actor = Pick<EventInput, 'actor' | 'actorName'>;

/**
 * The audit event of one write: who, when, the status it moved from and to, and the fields people know
 * that changed (with labels and formatted values, as History shows them).
 */
export function invoiceEvent(
  before: InvoiceItem | undefined,
  after: InvoiceItem | undefined,
  input: EventInput,
): InvoiceEvent {
  const changes: InvoiceEvent['changes'] = [];
  if (before && after) {
    // Only fields people know are listed, with labels and formatted values (History shows them as
    // written); ids are left out: the category shows as its name, which changes with it.
    const currency = after.currency ?? before.currency ?? DEFAULT_CURRENCY;
    for (const field of Object.keys(INVOICE_FIELD_LABELS) as (keyof InvoiceItem)[]) {
      if (JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)) {
        const [b, a] = [before[field] ?? null, after[field] ?? null];
        changes.push({ field, before: b, after: a, ...invoiceChangeTexts(field, b, a, currency) });
      }
    }
  }
  return {
    id: ulid(),
    type: input.type,
    actor: input.actor,
    actorName: input.actorName ?? null,
    at: new Date().toISOString(),
    from: before?.status ?? null,
    to: after?.status ?? null,
    changes,
    note: input.note ?? null,
  };
}
