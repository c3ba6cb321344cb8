import { describe, expect, it } from 'vitest';
import { SAME_LAYOUT } from '../vendors/memory';
import { fingerprintOf, fingerprintSimilarity, layoutOf } from './layout';
import { corpusLayout, nextOf, textractAnswer } from './layout.fixture';

const E = 'einvoice/ZUGFeRD+corpus/';
const similarity = async (a: string, b: string) =>
  fingerprintSimilarity(fingerprintOf(await corpusLayout(a)), fingerprintOf(await corpusLayout(b)));

describe('layoutOf: the lines kept with a processing run', () => {
  it("keeps a real Textract answer's lines with their page and box, and none of a degenerate one", () => {
    const lines = layoutOf(textractAnswer('analyzeExpenseResponse-multipage.json'));
    expect(lines.length).toBe(77);
    expect(lines.find((l) => l.text === 'Invoice No:')).toMatchObject({ page: 1, left: 0.6193, top: 0.1172 });
    expect(lines.filter((l) => l.page === 2).map((l) => l.text)).toContain('$5,715.00');
    expect(layoutOf(textractAnswer('expense-missing-geoms-response.json'))).toEqual([]);
  });

  it('bounds what it keeps however long the document', () => {
    const answer = textractAnswer('analyzeExpenseResponse-multipage.json');
    const doc = answer.ExpenseDocuments?.[0];
    const line = doc?.Blocks?.find((b) => b.BlockType === 'LINE');
    if (!doc || !line) throw new Error('the fixture has lines');
    doc.Blocks = Array.from({ length: 5000 }, () => ({ ...line, Text: 'x'.repeat(500) }));
    const lines = layoutOf(answer);
    expect(lines.every((l) => l.text.length === 200)).toBe(true);
    expect(lines.reduce((n, l) => n + l.text.length, 0)).toBeLessThanOrEqual(30_000);
  });
});

describe('fingerprintOf: one template, many invoices', () => {
  it('has no figures: the invoice’s own number, dates and amounts are no part of it', () => {
    const fingerprint = fingerprintOf(layoutOf(textractAnswer('analyzeExpenseResponse-multipage.json')));
    expect(fingerprint).toEqual(expect.arrayContaining(['invoice', 'purchase', 'order', 'total']));
    expect(fingerprint.some((w) => /\d/.test(w))).toBe(false);
  });

  it('the next invoice of a recorded template (other values, a longer table) is the same layout', () => {
    const first = textractAnswer('analyzeExpenseResponse-multipage.json');
    const next = nextOf(
      first,
      { '00000135': '00000142', '12 March 2020': '9 April 2020', '$5,715.00': '$6,030.50' },
      { page: 2, from: 0.5, shift: 0.04 },
    );
    const a = fingerprintOf(layoutOf(first));
    expect(fingerprintSimilarity(a, fingerprintOf(layoutOf(next)))).toBe(1);
  });

  it("two real invoices of one seller's template match; the seller's other template and other sellers do not", async () => {
    // Coolblue's two invoices (different items and customers), Au bon moulin's invoice and credit note.
    expect(
      await similarity('invoice2data/coolblue1.pdf', 'invoice2data/coolblue2.pdf'),
    ).toBeGreaterThanOrEqual(SAME_LAYOUT);
    expect(
      await similarity(
        `${E}ZUGFeRDv2/fail/FNFE-factur-x-examples/Facture_FR_BASIC.pdf`,
        `${E}ZUGFeRDv2/correct/FNFE-factur-x-examples/Avoir_FR_type381_BASIC.pdf`,
      ),
    ).toBeGreaterThanOrEqual(SAME_LAYOUT);
    // Lieferant GmbH: a designed invoice and the FeRD stylesheet's rendering of another.
    expect(
      await similarity(
        `${E}XML-Rechnung/FX/EN16931_2_Teilrechnung.pdf`,
        `${E}ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_BASIC_Einfach.pdf`,
      ),
    ).toBeLessThan(SAME_LAYOUT);
    expect(await similarity('invoice2data/coolblue1.pdf', 'invoice2data/AmazonWebServices.pdf')).toBeLessThan(
      0.1,
    );
  });

  it('a handful of words matches nothing surely', () => {
    expect(fingerprintSimilarity(['invoice', 'total'], ['invoice', 'total', 'date'])).toBe(0.25);
    expect(fingerprintSimilarity([], ['invoice'])).toBe(0);
  });
});
