import { describe, expect, it } from 'vitest';
import { SKIP_REVIEW_CONFIDENCE } from '../../../shared/constants';
import type { ApprovedInvoiceFact } from '../vendors/history';
import { classifyInvoice, validateAndDecide } from './pipeline';
import type { ExtractedInvoice } from './types';
import { hofmann, hofmannContext, hofmannReading } from './vendor-reading.fixture';

/** A reading of a May invoice, sure of everything but (maybe) its due date. */
const reading = (dueDate: string | null, dueDateConfidence: number) =>
  hofmannReading({
    dueDate,
    confidence: { dueDate: dueDateConfidence },
    locations: dueDate ? { dueDate: { page: 1, left: 0.1, top: 0.1, width: 0.1, height: 0.02 } } : {},
  });

/** Approved in month n, dated the 1st, due `days` later, taxed at 19%. */
const approved = (n: number, days: number): ApprovedInvoiceFact => {
  const date = `2026-0${n}-01`;
  return {
    invoiceId: `inv-${n}`,
    invoiceNumber: `R-100${n}`,
    totalAmount: 119,
    currency: 'EUR',
    invoiceDate: date,
    dueDate: new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
    subtotal: 100,
    taxAmount: 19,
    approvedAt: `2026-0${n}-03T09:00:00.000Z`,
  };
};

const context = (history: ApprovedInvoiceFact[]) => hofmannContext(history, 'EUR');

describe("the vendor's payment terms, learned from its approved invoices", () => {
  const net30 = [4, 3, 2].map((n) => approved(n, 30));

  it('gives an invoice with no due date, or an unsure one, the date its terms make, saying so', async () => {
    for (const read of [reading(null, 0), reading('2026-05-21', 0.4)]) {
      const classified = await classifyInvoice(read, context(net30));
      expect(classified.invoice.dueDate).toBe('2026-05-31');
      expect(classified.invoice.confidence.dueDate).toBeGreaterThanOrEqual(SKIP_REVIEW_CONFIDENCE);
      // The unsure reading's place on the page is not where the date came from.
      expect(classified.invoice.locations.dueDate).toBeUndefined();
      expect(classified.notes).toContain(
        "Due date 2026-05-31: this vendor's last 3 approved invoices were due 30 days after their date.",
      );
    }
  });

  it('leaves a sure reading as read', async () => {
    const read = reading('2026-05-15', 0.98);
    const classified = await classifyInvoice(read, context(net30));
    expect(classified.invoice.dueDate).toBe('2026-05-15');
    expect(classified.invoice.confidence.dueDate).toBe(0.98);
    expect(classified.notes.filter((n) => n.startsWith('Due date'))).toEqual([]);
  });

  it('gives no due date from terms that vary, from too few approvals, or without an invoice date', async () => {
    const varied = [approved(4, 30), approved(3, 14), approved(2, 30)];
    const undated = { ...reading(null, 0), invoiceDate: null };
    for (const [history, read] of [
      [varied, reading(null, 0)],
      [net30.slice(0, 2), reading(null, 0)],
      [net30, undated],
    ] as const) {
      const classified = await classifyInvoice(read, context(history));
      expect(classified.invoice.dueDate).toBeNull();
      expect(classified.notes.filter((n) => n.startsWith('Due date'))).toEqual([]);
    }
  });
});

describe("the vendor's tax, learned from its approved invoices", () => {
  const vat = [4, 3, 2].map((n) => approved(n, 30));
  const decide = async (read: ExtractedInvoice) => {
    const ctx = context(vat);
    const classified = await classifyInvoice(read, ctx);
    return validateAndDecide(classified.invoice, ctx, {
      vendorId: hofmann.id,
      currency: classified.currency,
    });
  };
  const reduced = (confidence: number, totalAmount = 107): ExtractedInvoice => {
    const read = reading(null, 0);
    return {
      ...read,
      taxAmount: 7,
      totalAmount,
      confidence: { ...read.confidence, taxAmount: confidence },
    };
  };

  it('sends to review an invoice read surely at another rate, or whose sums confirm it', async () => {
    // Read unsure, but 7 is 7% of the subtotal 100 and the two make the sure total 107.
    for (const read of [reduced(0.98), reduced(0.5)]) {
      const decided = await decide(read);
      expect(decided.status).toBe('REVIEW_REQUIRED');
      expect(decided.reviewReasons).toContain(
        "The tax rate 7% is not this vendor's usual one: its last 3 approved invoices were taxed at 19%.",
      );
    }
    const decided = await decide(reduced(0.98));
    expect(decided.status).toBe('REVIEW_REQUIRED');
    expect(decided.reviewReasons).toContain(
      "The tax rate 7% is not this vendor's usual one: its last 3 approved invoices were taxed at 19%.",
    );
  });

  it('calls no departure on an unsure reading of the tax, nor on the usual rate', async () => {
    // Read unsure, and the sums do not vouch for it (100 + 7 is not the total 119).
    const unsure = await decide(reduced(0.5, 119));
    expect(unsure.reviewReasons.filter((r) => r.includes('tax rate'))).toEqual([]);
    const usual = await decide(reading(null, 0));
    expect(usual.reviewReasons.filter((r) => r.toLowerCase().includes('tax'))).toEqual([]);
  });
});
