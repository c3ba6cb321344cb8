import type { EventInvoice } from '../../../shared/schemas';
import { ports } from '../ports';
import { type InvoiceItem, toInvoice, withLineSplits } from './invoice';

/** How long an event's file link works: long enough for a receiver to fetch it, short enough not to leak for good. */
export const FILE_LINK_SECONDS = 3600;

/**
 * The invoice as events carry it (see invoiceEventBody): as the API answers it, each line item with its
 * own split, and a signed link to its file, fresh at each call (each delivery attempt).
 */
export async function eventInvoiceOf(item: InvoiceItem, now = new Date()): Promise<EventInvoice> {
  const lineItems = withLineSplits(await ports().listLineItems(item.orgId, item.id), item);
  const url = await ports().presignDownload(item.objectKey, item.filename, FILE_LINK_SECONDS);
  const expiresAt = new Date(now.getTime() + FILE_LINK_SECONDS * 1000).toISOString();
  return {
    ...toInvoice(item),
    lineItems,
    file: { filename: item.filename, contentType: item.contentType, url, expiresAt },
  };
}
