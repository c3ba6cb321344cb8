import { describe, expect, it } from 'vitest';
import { classifyInvoice } from './pipeline';
import { hofmann, hofmannContext, hofmannReading } from './vendor-reading.fixture';

/**
 * What Classify makes surer than the reading was: a seller name printed as one of the organization's
 * vendors is called, and a subtotal and tax that the arithmetic confirms.
 */
describe('confidence Classify adds to the reading', () => {
  const ctx = hofmannContext([], 'EUR');

  it("a name read as a known vendor's is as sure as that match; an unknown one keeps its doubt", async () => {
    const doubted = hofmannReading({ confidence: { vendorName: 0.75 } });
    const known = await classifyInvoice(doubted, ctx);
    expect(known.vendorMatch).toMatchObject({ vendorId: hofmann.id, by: 'name' });
    expect(known.invoice.vendorName).toBe(hofmann.name);
    expect(known.invoice.confidence.vendorName).toBe(1);

    const stranger = await classifyInvoice({ ...doubted, vendorName: 'Nordlicht Elektro KG' }, ctx);
    expect(stranger.vendorMatch).toBeNull();
    expect(stranger.invoice.confidence.vendorName).toBe(0.75);
  });

  it('a subtotal and tax the sums confirm are as sure as the total; others keep their doubt', async () => {
    const unsure = { subtotal: 0.7, taxAmount: 0.8 };
    // 19 is 19% of 100, and 100 + 19 is the total 119 read at 0.99.
    const confirmed = await classifyInvoice(hofmannReading({ confidence: unsure }), ctx);
    expect(confirmed.invoice.confidence).toMatchObject({ subtotal: 0.99, taxAmount: 0.99 });
    // 100 + 19 is not 121: nothing vouches for them.
    const missed = await classifyInvoice(hofmannReading({ totalAmount: 121, confidence: unsure }), ctx);
    expect(missed.invoice.confidence).toMatchObject(unsure);
    // The total itself in doubt: it vouches for nothing.
    const doubtedTotal = { ...unsure, totalAmount: 0.6 };
    const weak = await classifyInvoice(hofmannReading({ confidence: doubtedTotal }), ctx);
    expect(weak.invoice.confidence).toMatchObject(doubtedTotal);
  });
});
