import { vendorNameKey } from '../../core/invoices/aggregates';
import { AGGREGATES_SCHEME, type InvoiceItem } from '../../core/invoices/invoice';
import { itemKind } from './entity';
import { keys } from './keys';

/**
 * The invoice item (`ORG#<org>` / `INVOICE#<ulid>`), declared once for the modules that write it
 * (invoices.ts), list it (invoice-listing.ts), count from it (aggregates.ts) and walk it
 * (aggregate-backfill.ts). Stored beside it: the scheme it counts in, the list's search text and its keys
 * in the status index (GSI1) and, when it names a vendor, the vendor index (GSI2).
 */
export const invoices = itemKind<InvoiceItem>()({
  key: keys.invoice,
  collection: (orgId: string) => ({ PK: keys.orgPk(orgId), prefix: keys.invoicePrefix }),
  indexes: {
    /** The organization's partition, for ranges of invoice ids (ULIDs: dates) rather than the prefix. */
    organization: { partition: keys.orgPk },
    byStatus: { index: 'GSI1', partition: keys.statusIndex },
    byVendorName: { index: 'GSI2', partition: keys.vendorIndex },
  },
  entity: 'Invoice',
  hidden: ['searchText'],
});

/** Lowercased text the list's search matches against. */
function searchTextOf(item: InvoiceItem): string {
  return [
    item.invoiceNumber,
    item.vendorName,
    item.filename,
    item.id.slice(-8),
    item.categoryName,
    item.notes,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** What is written of the invoice beside its key and `entity`: the item and its index attributes. */
export function indexed(item: InvoiceItem): Record<string, unknown> {
  const vendorKey = item.vendorName ? vendorNameKey(item.vendorName) : null;
  return {
    ...item,
    aggregates: AGGREGATES_SCHEME,
    searchText: searchTextOf(item),
    GSI1PK: keys.statusIndex(item.orgId, item.status),
    GSI1SK: keys.invoiceSk(item.id),
    ...(vendorKey
      ? { GSI2PK: keys.vendorIndex(item.orgId, vendorKey), GSI2SK: keys.invoiceSk(item.id) }
      : {}),
  };
}

/** The invoice's Put, for a transaction, under `condition`. */
export const invoicePut = (item: InvoiceItem, condition?: Parameters<typeof invoices.tx.put>[2]) =>
  invoices.tx.put([item.orgId, item.id], indexed(item), condition);
