import * as z from 'zod';
import { isoDateTime } from './common';
import { WEBHOOK_EVENTS } from './entities';
import { invoiceSchema, lineItemSchema } from './invoice';

/** A time-limited signed link to an invoice's stored file (the receiver downloads it without our credentials). */
export const fileLinkSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  url: z.string(),
  expiresAt: isoDateTime,
});
export type FileLink = z.infer<typeof fileLinkSchema>;

/** The invoice as an event carries it: as the API answers it, with its line items and a link to its file. */
export const eventInvoiceSchema = invoiceSchema.extend({
  lineItems: z.array(lineItemSchema),
  file: fileLinkSchema.nullable(),
});
export type EventInvoice = z.infer<typeof eventInvoiceSchema>;

/**
 * The body of every invoice event we send: to webhooks and to Make.com alike (docs/webhooks.md).
 * `event` is the older name of `type`, kept for receivers written against `{event, invoice}`.
 */
export const invoiceEventBodySchema = z.object({
  /** The same on every retry of one delivery (a webhook's `webhook-id`); drop duplicates by it. */
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  event: z.enum(WEBHOOK_EVENTS),
  /** When it happened (for `invoice.approved`, the approval). */
  timestamp: isoDateTime,
  invoice: eventInvoiceSchema,
});
export type InvoiceEventBody = z.infer<typeof invoiceEventBodySchema>;
