import { describe, expect, it } from 'vitest';
import type { ExpenseField, ExpenseLineItem } from '../../../core/extraction/expense-types';
import { applyCalibrator, type CalibrationPoint, fitCalibrator } from './calibration';
import { EVIDENCE_NAMES, evidenceOf } from './evidence';
import { calibrated } from './model';

/**
 * Points where a field is right more often the higher its raw confidence, and where one piece of
 * evidence (index 0: "helps") makes it nearly always right and another (index 1: "hurts") nearly
 * always wrong. Deterministic: outcomes follow a fixed pattern, not a random draw.
 */
function syntheticPoints(): CalibrationPoint[] {
  const points: CalibrationPoint[] = [];
  for (let i = 0; i < 300; i++) {
    const raw = 0.3 + 0.6 * ((i % 10) / 9);
    const helps = i % 3 === 0 ? 1 : 0;
    const hurts = i % 3 === 1 ? 1 : 0;
    // Without evidence the share right rises with raw (from 30% to 80%).
    const plain = (i * 7) % 10 < Math.round(3 + 5 * ((i % 10) / 9));
    const correct = helps ? i % 20 !== 0 : hurts ? i % 10 === 0 : plain;
    points.push({ raw, evidence: [helps, hurts], correct });
  }
  return points;
}

describe('fitCalibrator', () => {
  const calibrator = fitCalibrator(syntheticPoints());

  it('raises the confidence of fields with evidence that they are right and lowers it where they are doubtful', () => {
    for (const raw of [0.4, 0.6, 0.8]) {
      const none = applyCalibrator(calibrator, raw, [0, 0]);
      expect(applyCalibrator(calibrator, raw, [1, 0])).toBeGreaterThan(none);
      expect(applyCalibrator(calibrator, raw, [0, 1])).toBeLessThan(none);
    }
    expect(applyCalibrator(calibrator, 0.5, [1, 0])).toBeGreaterThan(0.85);
    expect(applyCalibrator(calibrator, 0.9, [0, 1])).toBeLessThan(0.3);
  });

  it('never lowers the calibrated confidence when the raw confidence rises', () => {
    for (const evidence of [
      [0, 0],
      [1, 0],
      [0, 1],
    ]) {
      let previous = -1;
      for (let raw = 0; raw <= 1; raw += 0.02) {
        const c = applyCalibrator(calibrator, raw, evidence);
        expect(c).toBeGreaterThanOrEqual(previous);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(1);
        previous = c;
      }
    }
  });

  it('is deterministic, and reads missing evidence as none', () => {
    expect(fitCalibrator(syntheticPoints())).toEqual(calibrator);
    expect(applyCalibrator(calibrator, 0.7)).toBe(applyCalibrator(calibrator, 0.7, [0, 0]));
  });
});

const field = (type: string, text: string, confidence = 80): ExpenseField => ({
  Type: { Text: type, Confidence: confidence },
  ValueDetection: { Text: text, Confidence: confidence },
});
const item = (price: string): ExpenseLineItem => ({
  LineItemExpenseFields: [field('ITEM', 'Work'), field('PRICE', price)],
});
const evidence = (e: number[]) => Object.fromEntries(EVIDENCE_NAMES.map((n, i) => [n, e[i]]));

describe('evidenceOf', () => {
  it('checks the amounts against each other and against the line items', () => {
    const fields = [field('SUBTOTAL', '100.00'), field('TAX', '19.00'), field('TOTAL', '119.00')];
    const e = evidenceOf({
      fields,
      rules: fields,
      items: [item('60.00'), item('40.00')],
      order: 'DMY',
      textLayer: true,
    });
    expect(evidence(e.totalAmount)).toMatchObject({ sumsUp: 1, sumsOff: 0, itemsSumToIt: 0 });
    expect(evidence(e.subtotal)).toMatchObject({ sumsUp: 1, itemsSumToIt: 1 });
    expect(evidence(e.taxAmount).sumsUp).toBe(1);

    const off = [field('SUBTOTAL', '100.00'), field('TAX', '19.00'), field('TOTAL', '120.00')];
    const f = evidenceOf({ fields: off, rules: off, items: [], order: 'DMY', textLayer: true });
    expect(evidence(f.totalAmount)).toMatchObject({ sumsUp: 0, sumsOff: 1 });
  });

  it('reads the most confident field of a type, as Normalize does', () => {
    const fields = [
      field('SUBTOTAL', '100.00'),
      field('TAX', '19.00'),
      field('TOTAL', '119.00', 90),
      field('AMOUNT_DUE', '50.00', 40),
    ];
    const e = evidenceOf({ fields, rules: fields, items: [], order: 'DMY', textLayer: true });
    expect(evidence(e.totalAmount).sumsUp).toBe(1);
  });

  it('checks the order of the dates and whether a date reads only one way', () => {
    const ordered = [field('INVOICE_RECEIPT_DATE', '25.03.2024'), field('DUE_DATE', '04/05/2024')];
    const e = evidenceOf({ fields: ordered, rules: ordered, items: [], order: 'DMY', textLayer: true });
    expect(evidence(e.invoiceDate)).toMatchObject({
      datesOrdered: 1,
      datesDisordered: 0,
      unambiguousDate: 1,
    });
    expect(evidence(e.dueDate)).toMatchObject({ datesOrdered: 1, unambiguousDate: 0 });

    const backwards = [field('INVOICE_RECEIPT_DATE', '2024-05-20'), field('DUE_DATE', '1 May 2024')];
    const f = evidenceOf({ fields: backwards, rules: backwards, items: [], order: 'DMY', textLayer: true });
    expect(evidence(f.dueDate)).toMatchObject({ datesOrdered: 0, datesDisordered: 1, unambiguousDate: 1 });
  });

  it('gives no evidence to a field that was not read', () => {
    const e = evidenceOf({ fields: [], rules: [], items: [], order: 'DMY', textLayer: true });
    expect(evidence(e.totalAmount)).toMatchObject({ textLayer: 1, sumsUp: 0, sumsOff: 0, itemsSumToIt: 0 });
    expect(e.totalAmount.filter((x) => x !== 0)).toHaveLength(1);
    expect(e.vendorName).toHaveLength(EVIDENCE_NAMES.length);
  });
});

describe('calibrated', () => {
  it("sets each field's confidence from its own field's calibrator and evidence", () => {
    const helps = fitCalibrator(syntheticPoints());
    const fields = [field('TOTAL', '119.00', 60), field('VENDOR_NAME', 'Acme', 60)];
    const [withEvidence, noCalibrator] = calibrated(fields, { totalAmount: helps }, { totalAmount: [1, 0] });
    const [without] = calibrated(fields, { totalAmount: helps }, { totalAmount: [0, 0] });
    expect(withEvidence.ValueDetection?.Confidence).toBeGreaterThan(
      without.ValueDetection?.Confidence ?? 100,
    );
    expect(withEvidence.Type?.Confidence).toBe(withEvidence.ValueDetection?.Confidence);
    expect(noCalibrator).toEqual(fields[1]);
  });
});
