/**
 * The names of the aggregates' buckets: what an invoice counts towards (the organization's totals, its
 * month, its category, property and vendor). They are the aggregates' identities, so the deltas core
 * computes name them; the table stores each bucket as one item (adapters/dynamodb/keys `stats`).
 */
export const AGGREGATE_BUCKETS = {
  /** The organization's all-time totals bucket (counts of users, vendors, properties, invoices...). */
  totalsBucket: 'TOTALS',
  /** The bucket of one month's invoices (`YYYY-MM`). */
  monthBucket: (month: string) => `MONTH#${month}`,
  monthBucketPrefix: 'MONTH#',
  /** Buckets of spend by category and by property (`NONE`: invoices without one). */
  categoryBucket: (categoryId: string | null) => `CATEGORY#${categoryId ?? 'NONE'}`,
  propertyBucket: (propertyId: string | null) => `PROPERTY#${propertyId ?? 'NONE'}`,
  /** Vendors are counted by id when an invoice is linked to one, else by normalized name. */
  vendorIdBucket: (vendorId: string) => `VENDOR#ID#${vendorId}`,
  vendorNameBucket: (nameKey: string) => `VENDOR#NAME#${nameKey}`,
  /** Bucket prefixes the analytics list: vendors (by id and by name), categories, properties. */
  vendorBucketPrefix: 'VENDOR#',
  vendorIdBucketPrefix: 'VENDOR#ID#',
  vendorNameBucketPrefix: 'VENDOR#NAME#',
  categoryBucketPrefix: 'CATEGORY#',
  propertyBucketPrefix: 'PROPERTY#',
};

/** `YYYY-MM` of an ISO timestamp, the bucket of monthly usage and totals. */
export const monthOf = (iso: string) => iso.slice(0, 7);
