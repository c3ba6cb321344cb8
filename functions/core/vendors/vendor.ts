import type { VendorStatus } from '../../../shared/schemas';

/** A vendor as stored (without its live totals, which come from the aggregates). */
export interface VendorItem {
  id: string;
  name: string;
  /** The normalized name: the key of the vendor's `VENDOR#NAME#` aggregate and of its uniqueness guard. */
  nameKey: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  taxId: string | null;
  website: string | null;
  paymentTerms: string | null;
  preferredMethod: string | null;
  /** ACTIVE, INACTIVE, or SUGGESTED (made by processing; ACTIVE once a person approves its first invoice). */
  status: string;
  defaultCategoryId: string | null;
  /** The vendor's usual ISO 4217 currency (absent on vendors made before currencies were kept). */
  currency?: string | null;
  /** Other names it goes by (kept from merged vendors), matched on Classify. */
  aliases?: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

export type VendorFields = Pick<
  VendorItem,
  'name' | 'email' | 'phone' | 'address' | 'taxId' | 'website' | 'paymentTerms' | 'preferredMethod'
> & {
  status?: VendorStatus;
  /** The vendor's usual ISO 4217 currency. */
  currency?: string | null;
};

/** One remembered correction: invoices of this vendor belong in this category. */
export interface VendorCategoryMemory {
  vendorKey: string;
  vendorName: string;
  categoryId: string;
  categoryCode: string;
  updatedAt: string;
}
