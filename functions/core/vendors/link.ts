import { matchVendor } from '../classification/match';
import { badInput } from '../errors/app-error';
import { vendorNameKey } from '../invoices/aggregates';
import type { InvoiceItem } from '../invoices/invoice';
import { ports } from '../ports';
import type { VendorItem } from '../vendors/vendor';

type VendorLink = Pick<InvoiceItem, 'vendorId' | 'vendorName' | 'vendorMatch'>;

/** What relinking an edited invoice decided, and the vendor it made for it (to undo if the save fails). */
export interface Relink {
  changes: Partial<VendorLink>;
  created: VendorItem | null;
}

/**
 * The vendor an edited invoice is linked to. A picked vendor (`vendorId`) is linked and names the
 * invoice. A vendor name typed without picking re-links by name, so the vendor a misread made never
 * stays linked: the organization's vendor of that name (or close to it, as Classify matches), else a new
 * SUGGESTED one; the junk vendor itself is no candidate. A name that normalizes the same (case,
 * punctuation) keeps the link; an emptied name unlinks.
 */
export async function relinkVendor(
  before: InvoiceItem,
  edit: { vendorId?: string; vendorName?: string | null },
  after: Pick<InvoiceItem, 'vendorEmail' | 'vendorPhone' | 'vendorAddress' | 'currency'>,
): Promise<Relink> {
  const none: Relink = { changes: {}, created: null };
  if (edit.vendorId !== undefined) {
    // As for a property or category: another organization's vendor (or none) is a bad request, not a 404 of
    // the invoice.
    const vendor = await ports().findVendor(before.orgId, edit.vendorId);
    if (!vendor) {
      const message = 'The vendor does not exist in your organization';
      throw badInput(message, [{ path: 'vendorId', message }]);
    }
    // Picking the vendor the reading already linked still says something: a person confirmed it.
    if (
      vendor.id === before.vendorId &&
      vendor.name === before.vendorName &&
      before.vendorMatch?.by === 'person'
    ) {
      return none;
    }
    return {
      changes: {
        vendorId: vendor.id,
        vendorName: vendor.name,
        vendorMatch: { vendorId: vendor.id, score: 1, by: 'person' },
      },
      created: null,
    };
  }
  if (edit.vendorName === undefined) return none;
  const key = edit.vendorName ? vendorNameKey(edit.vendorName) : null;
  if (!key || !edit.vendorName) return { changes: { vendorId: null, vendorMatch: null }, created: null };
  if (before.vendorId && key === vendorNameKey(before.vendorName ?? '')) return none;
  const candidates = (await ports().listAllVendors(before.orgId)).filter(
    (v) => !(v.id === before.vendorId && v.status === 'SUGGESTED'),
  );
  const match = matchVendor(edit.vendorName, candidates);
  if (match) {
    return {
      changes: { vendorId: match.vendorId, vendorMatch: { ...match, by: 'name' } },
      created: null,
    };
  }
  const created = await ports().suggestVendor(before.orgId, {
    name: edit.vendorName.slice(0, 200),
    email: after.vendorEmail,
    phone: after.vendorPhone,
    address: after.vendorAddress,
    taxId: null,
    website: null,
    paymentTerms: null,
    preferredMethod: null,
    currency: after.currency,
  });
  return {
    changes: { vendorId: created.id, vendorMatch: { vendorId: created.id, score: 1, by: 'created' } },
    created,
  };
}

/**
 * After a re-link: the SUGGESTED vendor the invoice left (and one made for a save that failed) is
 * deleted once no invoice counts on it, so the vendor list and Analytics no longer show it.
 */
export async function dropLeftVendors(
  orgId: string,
  vendorIds: (string | null | undefined)[],
): Promise<void> {
  for (const id of new Set(vendorIds)) if (id) await ports().removeUnusedSuggestedVendor(orgId, id);
}
