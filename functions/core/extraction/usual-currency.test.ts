import { describe, expect, it } from 'vitest';
import { SKIP_REVIEW_CONFIDENCE } from '../../../shared/constants';
import type { ApprovedInvoiceFact } from '../vendors/history';
import { classifyInvoice, validateAndDecide } from './pipeline';
import { hofmann, hofmannContext, hofmannReading } from './vendor-reading.fixture';

/** A reading of an April invoice, sure of everything but (maybe) its currency. */
const reading = (currency: string | null, currencyConfidence: number) =>
  hofmannReading({
    invoiceNumber: 'R-1004',
    invoiceDate: '2026-04-01',
    currency,
    confidence: { currency: currencyConfidence },
  });

const approved = (n: number, currency: string): ApprovedInvoiceFact => ({
  invoiceId: `inv-${n}`,
  invoiceNumber: `R-100${n}`,
  totalAmount: 119,
  currency,
  invoiceDate: `2026-0${n}-01`,
  approvedAt: `2026-0${n}-03T09:00:00.000Z`,
});

const context = (history: ApprovedInvoiceFact[]) => hofmannContext(history, 'USD');

describe("the vendor's usual currency, learned from its approved invoices", () => {
  const euros = [3, 2, 1].map((n) => approved(n, 'EUR'));

  it('takes the usual currency over an unsure or missing reading, saying so', async () => {
    for (const read of [reading('USD', 0.4), reading(null, 0)]) {
      const classified = await classifyInvoice(read, context(euros));
      expect(classified.currency).toBe('EUR');
      expect(classified.invoice.currency).toBe('EUR');
      expect(classified.invoice.confidence.currency).toBeGreaterThanOrEqual(SKIP_REVIEW_CONFIDENCE);
      expect(classified.notes).toContain("Currency EUR: this vendor's last 3 approved invoices were in EUR.");
    }
  });

  it('leaves a sure reading as read, and Validate says it departs from the vendor', async () => {
    const ctx = context(euros);
    const classified = await classifyInvoice(reading('USD', 0.98), ctx);
    expect(classified.currency).toBe('USD');
    const decided = await validateAndDecide(classified.invoice, ctx, {
      vendorId: hofmann.id,
      currency: classified.currency,
    });
    expect(decided.status).toBe('REVIEW_REQUIRED');
    expect(decided.reviewReasons).toContain(
      "The currency USD is not this vendor's usual one: its last 3 approved invoices were in EUR.",
    );
  });

  it('learns nothing from one approval, or from approvals in several currencies', async () => {
    for (const history of [[approved(1, 'EUR')], [approved(2, 'USD'), approved(1, 'EUR')]]) {
      const classified = await classifyInvoice(reading(null, 0), context(history));
      expect(classified.currency).toBe('USD'); // the organization's default, as before
      expect(classified.notes.filter((n) => n.startsWith('Currency'))).toEqual([]);
    }
  });
});
