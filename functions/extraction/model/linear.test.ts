import { describe, expect, it } from 'vitest';
import { scoreLinear, trainLinear } from './linear';

describe('trainLinear', () => {
  it('learns a common feature, and a feature rare in training cannot turn a new row around', () => {
    // Feature 0 decides the label; feature 1 is 1 on every row but three, which happen to be positive.
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 600; i++) {
      const informative = i % 2;
      X.push([informative, 1]);
      y.push(informative);
    }
    for (let i = 0; i < 3; i++) {
      X.push([0, 0]);
      y.push(1);
    }
    const model = trainLinear(X, y);
    expect(scoreLinear(model, [1, 1])).toBeGreaterThan(0.9);
    expect(scoreLinear(model, [0, 1])).toBeLessThan(0.1);
    // Three rows are no certainty: a new row with the rare value and nothing else for it stays unsure
    // (standardised by the rare feature's own tiny spread, it would score over 0.9).
    expect(scoreLinear(model, [0, 0])).toBeLessThan(0.75);
  });
});
