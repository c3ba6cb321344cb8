import type { Form1099Box, TaxEntityType, TinType, VendorStatus } from '../../../shared/schemas';

/** A vendor's tax identity as the vendor item stores it (the rules: tax-identity.ts). */
export interface StoredTaxIdentity {
  legalName: string | null;
  tinType: TinType;
  /** The TIN's 9 digits, sealed (ports().sealSecret); null when none was given. */
  tinSealed: string | null;
  /**
   * The TIN's last 4 digits, exactly what the masked answer shows: kept beside the sealed TIN so that
   * answering a vendor list needs no decryption per vendor.
   */
  tinLast4: string | null;
  entityType: TaxEntityType | null;
  reports1099: boolean;
  form1099Box: Form1099Box;
}

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
  /** Its tax identity for the 1099, the TIN sealed (absent on vendors made before it was kept). */
  taxIdentity?: StoredTaxIdentity | null;
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
  /** Absent: kept as stored. */
  taxIdentity?: StoredTaxIdentity | null;
};

/** One remembered correction: invoices of this vendor belong in this category. */
export interface VendorCategoryMemory {
  vendorKey: string;
  vendorName: string;
  categoryId: string;
  categoryCode: string;
  updatedAt: string;
}
