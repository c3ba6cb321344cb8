import { ports } from '../ports';
import type { InvoiceItem } from './invoice';

/**
 * A person deletes an invoice: it leaves the aggregates with its line items, comments and events (it
 * still counts against its month), then its file goes; a file already gone is no reason to fail.
 */
export async function removeInvoice(item: InvoiceItem): Promise<void> {
  await ports().deleteInvoice(item);
  await ports()
    .deleteObject(item.objectKey)
    .catch(() => undefined);
}
