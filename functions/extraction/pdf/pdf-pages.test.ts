import { describe, expect, it } from 'vitest';
import { MAX_RENDER_PIXELS, MAX_RENDER_SIDE, renderScale } from './pdf-pages';

describe('the render scale of a page', () => {
  it('is the asked resolution for an invoice-sized page', () => {
    expect(renderScale(612, 792, 150)).toBe(150 / 72);
    expect(renderScale(595, 842, 150)).toBe(150 / 72);
  });

  it('keeps a poster-sized page within the pixel budget and the longest side', () => {
    for (const [width, height] of [
      [9_600, 9_600],
      [14_400, 14_400],
      [14_400, 200],
    ]) {
      const scale = renderScale(width, height, 150);
      expect(width * scale * height * scale).toBeLessThanOrEqual(MAX_RENDER_PIXELS * 1.0001);
      expect(Math.max(width, height) * scale).toBeLessThanOrEqual(MAX_RENDER_SIDE * 1.0001);
    }
    // 9,600 pt square at 150 dpi would be 400 MP; it is rendered at 5,000 px a side.
    expect(Math.round(9_600 * renderScale(9_600, 9_600, 150))).toBe(5_000);
  });
});
