import { describe, expect, it } from 'vitest';
import { truncateAddress } from './vendor-rules';

describe('truncateAddress', () => {
  it('keeps an address of exactly 30 characters whole', () => {
    const address = '123456789012345678901234567890';
    expect(truncateAddress(address)).toBe(address);
  });

  it('cuts a 31-character address to 30 characters plus an ellipsis', () => {
    expect(truncateAddress('1234567890123456789012345678901')).toBe('123456789012345678901234567890...');
  });

  it('collapses line breaks and runs of spaces before measuring', () => {
    expect(truncateAddress('1 Main St\nSpringfield,   IL')).toBe('1 Main St Springfield, IL');
  });

  it('answers an empty string for a missing address', () => {
    expect(truncateAddress(null)).toBe('');
  });
});
