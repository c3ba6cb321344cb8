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
  /**
   * The AP reports' buckets (scheme 5, core/invoices/report-aggregates): open payables by due day, due
   * month, due year and all of them; approved spend by invoice month; billed amounts by invoice month.
   */
  dueDayBucket: (day: string) => `AP#DUE#DAY#${day}`,
  /** Open payables due in the week (Monday to Sunday, UTC) starting on `monday`. */
  dueWeekBucket: (monday: string) => `AP#DUE#WEEK#${monday}`,
  dueMonthBucket: (month: string) => `AP#DUE#MONTH#${month}`,
  dueYearBucket: (year: string) => `AP#DUE#YEAR#${year}`,
  dueYearBucketPrefix: 'AP#DUE#YEAR#',
  dueAllBucket: 'AP#DUE#ALL',
  spendMonthBucket: (month: string) => `AP#SPEND#${month}`,
  billedMonthBucket: (month: string) => `AP#BILLED#${month}`,
};

/** `YYYY-MM` of an ISO timestamp, the bucket of monthly usage and totals. */
export const monthOf = (iso: string) => iso.slice(0, 7);
