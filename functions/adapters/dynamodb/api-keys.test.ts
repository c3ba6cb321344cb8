import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from './api-key-lookup';
import { generateApiKey } from './api-keys';

describe('generateApiKey', () => {
  it('makes ipk_ and 40 base-62 characters the authorizer accepts', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^ipk_[0-9A-Za-z]{40}$/);
    expect(API_KEY_PATTERN.test(key)).toBe(true);
  });

  it('skips the bytes that would bias the alphabet', () => {
    // 248..255 are skipped; 0, 61 and 62 map to '0', 'z' and '0'.
    const bytes = [255, 248, 0, 61, 62, ...Array(60).fill(1)];
    let offset = 0;
    const key = generateApiKey((n) => {
      const chunk = Uint8Array.from(bytes.slice(offset, offset + n));
      offset += n;
      return chunk;
    });
    expect(key.slice(0, 8)).toBe('ipk_0z01');
  });

  it('does not repeat', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey()));
    expect(keys.size).toBe(1000);
  });
});
