/** Business constants from the product spec (section 9) shared by the SPA and the functions. */

/**
 * The one upload size limit: 10 MiB = 10,485,760 bytes is allowed, one byte more is refused, on every
 * path (the API's multipart upload, the presigned POST policy, the local storage target, the workflow's
 * inspection and the SPA's own check).
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'File too large: the limit is 10 MB';

/** File types accepted for upload, decided by the file's bytes (magic numbers), never by its name. */
export const ACCEPTED_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/tiff'] as const;
export type AcceptedContentType = (typeof ACCEPTED_CONTENT_TYPES)[number];
export const ACCEPTED_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.tiff', '.tif'] as const;

export const PLANS = ['STARTER', 'PROFESSIONAL', 'ENTERPRISE'] as const;
export type Plan = (typeof PLANS)[number];
export const DEFAULT_PLAN: Plan = 'STARTER';

/** Invoices that may be uploaded per calendar month; null means unlimited. */
export const PLAN_MONTHLY_INVOICE_LIMIT: Record<Plan, number | null> = {
  STARTER: 100,
  PROFESSIONAL: 500,
  ENTERPRISE: null,
};

/** API calls per calendar month shown as `apiQuota` on the organization page. */
export const PLAN_MONTHLY_API_QUOTA: Record<Plan, number> = {
  STARTER: 10_000,
  PROFESSIONAL: 100_000,
  ENTERPRISE: 1_000_000,
};

/**
 * Invoices of one organization in processing at once; the rest wait in that organization's own queue,
 * so a tenant uploading hundreds at a time never holds up another tenant's invoice (core/processing/fair-share.ts).
 */
export const PLAN_MAX_CONCURRENT_PROCESSING: Record<Plan, number> = {
  STARTER: 5,
  PROFESSIONAL: 10,
  ENTERPRISE: 25,
};

/**
 * Uploads per organization per minute, on every path (API upload, presigned upload, e-mail in). About one
 * a second on Starter is far beyond a person's pace and lets a back-office scanner drain a stack, while
 * the monthly limits (100 and 500) cannot be spent in a few seconds by a runaway script; Enterprise has no
 * monthly limit, so 1,000 a minute is its only brake against a loop gone wrong.
 */
export const PLAN_UPLOADS_PER_MINUTE: Record<Plan, number> = {
  STARTER: 60,
  PROFESSIONAL: 300,
  ENTERPRISE: 1_000,
};

/**
 * Uploads per API key per minute: half the organization's, so one misbehaving integration cannot use up
 * the whole minute and lock out the people uploading in the app.
 */
export const PLAN_UPLOADS_PER_MINUTE_PER_KEY: Record<Plan, number> = {
  STARTER: 30,
  PROFESSIONAL: 150,
  ENTERPRISE: 500,
};

export const PLAN_PRICE_USD: Record<Plan, number | null> = {
  STARTER: 49,
  PROFESSIONAL: 149,
  ENTERPRISE: null,
};
export const TRIAL_DAYS = 14;

export const REFRESH_INTERVAL_MS = 30_000;
export const DETAIL_POLL_INTERVAL_MS = 2_000;
export const REPROCESS_REFETCH_DELAY_MS = 5_000;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const RECENT_ACTIVITY_COUNT = 4;
export const TABLE_PAGE_SIZE = 10;
export const TOP_VENDORS = 10;
export const VENDOR_ADDRESS_MAX = 30;
export const API_KEY_VISIBLE_PREFIX = 8;
export const API_USAGE_WARNING_RATIO = 0.8;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Maximum page size any list endpoint serves. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

/** An invitation's link works this many days after it was sent (or re-sent). */
export const INVITATION_VALID_DAYS = 7;

/**
 * The calibrated confidence every field of the bill must reach before an invoice may go without a
 * person (the organization's auto-approval). It is the reliability mark: fields at or over it
 * are right about 97% of the time out of sample; `npm run eval:extract` measures, on three seller
 * splits, how many invoices qualify and how many of their fields are wrong.
 */
export const SKIP_REVIEW_CONFIDENCE = 0.9;
