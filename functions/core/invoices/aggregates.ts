import type { InvoiceStatus } from '../../../shared/schemas';

/**
 * Stats and analytics are read from aggregate items, never by scanning invoices. Each invoice
 * *contributes* counts and amounts to a few buckets; every write applies the difference between the
 * invoice's contribution after and before, in the same transaction as the write. Creating, editing,
 * changing status and deleting therefore all keep the aggregates exact, and a repeated write with no
 * change adds nothing.
 */
export interface InvoiceFacts {
  status: InvoiceStatus;
  totalAmount: number | null;
  createdAt: string;
  vendorId: string | null;
  vendorName: string | null;
  categoryId: string | null;
  /** Fields the AI filled in, and which of those a reviewer changed (for the AI accuracy figure). */
  extractedFieldCount: number;
  correctedFieldCount: number;
}

export type Contribution = Record<string, Record<string, number>>;

/** Spend counts unless the invoice was rejected. */
const countsAsSpend = (facts: InvoiceFacts) => facts.status !== 'REJECTED' && facts.totalAmount !== null;

/** Vendors are bucketed by their id when the invoice is linked to one, else by their normalized name. */
export function vendorBucket(facts: Pick<InvoiceFacts, 'vendorId' | 'vendorName'>): string | null {
  if (facts.vendorId) return `VENDOR#ID#${facts.vendorId}`;
  const key = facts.vendorName
    ?.toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return key ? `VENDOR#NAME#${key}` : null;
}

export function contributionOf(facts: InvoiceFacts | undefined): Contribution {
  if (!facts) return {};
  const amount = countsAsSpend(facts) ? Math.round((facts.totalAmount ?? 0) * 100) : 0;
  const spend = countsAsSpend(facts) ? 1 : 0;
  const out: Contribution = {
    TOTALS: {
      invoiceCount: 1,
      [`status_${facts.status}`]: 1,
      amountCents: amount,
      spendCount: spend,
      aiFieldsExtracted: facts.extractedFieldCount,
      aiFieldsCorrected: facts.correctedFieldCount,
    },
    [`MONTH#${facts.createdAt.slice(0, 7)}`]: { invoiceCount: 1, amountCents: amount, spendCount: spend },
    [`CATEGORY#${facts.categoryId ?? 'NONE'}`]: { invoiceCount: spend, amountCents: amount },
  };
  const vendor = vendorBucket(facts);
  if (vendor) out[vendor] = { invoiceCount: 1, amountCents: amount, spendCount: spend };
  return out;
}

/** after − before, bucket by bucket, keeping only non-zero deltas. */
export function contributionDelta(
  before: InvoiceFacts | undefined,
  after: InvoiceFacts | undefined,
): Contribution {
  const a = contributionOf(after);
  const b = contributionOf(before);
  const delta: Contribution = {};
  for (const bucket of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const fields = new Set([...Object.keys(a[bucket] ?? {}), ...Object.keys(b[bucket] ?? {})]);
    for (const field of fields) {
      const d = (a[bucket]?.[field] ?? 0) - (b[bucket]?.[field] ?? 0);
      if (d !== 0) {
        delta[bucket] ??= {};
        delta[bucket][field] = d;
      }
    }
  }
  return delta;
}

/**
 * AI accuracy, 0–100: the share of the fields the AI extracted that reviewers did not have to correct.
 * 0 while nothing has been extracted (the dashboard then shows N/A).
 */
export function aiAccuracy(totals: { aiFieldsExtracted?: number; aiFieldsCorrected?: number }): number {
  const extracted = totals.aiFieldsExtracted ?? 0;
  if (extracted <= 0) return 0;
  const corrected = Math.min(extracted, Math.max(0, totals.aiFieldsCorrected ?? 0));
  return Math.round(((extracted - corrected) / extracted) * 1000) / 10;
}
