import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskConfig, maskSecret, mergeConfig } from './mask';

describe('maskSecret', () => {
  it('shows only the last 4 characters of a long secret', () => {
    expect(maskSecret('sk_live_0123456789WXYZ')).toBe('****WXYZ');
  });

  it('shows nothing of a short secret', () => {
    expect(maskSecret('hunter2')).toBe('****');
    expect(maskSecret('')).toBe('****');
  });

  it('never shows more than a third of any secret', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (secret) => {
        const visible = maskSecret(secret).replace(/^\*{4}/, '');
        expect(visible.length * 3).toBeLessThanOrEqual(secret.length);
        expect(secret.endsWith(visible)).toBe(true);
      }),
    );
  });
});

describe('maskConfig', () => {
  it('masks apiKey and password and leaves URL and username', () => {
    expect(
      maskConfig({
        apiUrl: 'https://pw.test',
        username: 'ops',
        password: 'correct-horse-battery',
        apiKey: 'k',
      }),
    ).toEqual({ apiUrl: 'https://pw.test', username: 'ops', password: '****tery', apiKey: '****' });
  });
});

describe('mergeConfig', () => {
  const stored = { apiUrl: 'https://pw.test', username: 'ops', password: 'correct-horse-battery' };

  it('keeps a stored secret sent back masked, empty or null', () => {
    for (const password of ['****tery', '****', '', null])
      expect(mergeConfig(stored, { password }).password).toBe('correct-horse-battery');
  });

  it('replaces a secret sent in full, and edits or removes other fields', () => {
    expect(mergeConfig(stored, { password: 'new-secret', username: 'ops2', apiUrl: '' })).toEqual({
      username: 'ops2',
      password: 'new-secret',
    });
  });
});
