import { describe, expect, it } from 'vitest';
import { MASK, maskConfig, mergeConfig } from './mask';

describe('maskConfig', () => {
  it('shows that apiKey and password are set, none of their characters, and leaves URL and username', () => {
    expect(
      maskConfig({
        apiUrl: 'https://pw.test',
        username: 'ops',
        password: 'enc:v1:sealed-password',
        apiKey: 'k',
      }),
    ).toEqual({ apiUrl: 'https://pw.test', username: 'ops', password: MASK, apiKey: MASK });
  });
});

describe('mergeConfig', () => {
  const masked = { apiUrl: 'https://pw.test', username: 'ops', password: MASK };

  it('keeps a stored secret sent back masked (also in the older ****WXYZ form), empty or null', () => {
    for (const password of [MASK, '****tery', '', null])
      expect(mergeConfig(masked, { password }).password).toBe(MASK);
  });

  it('replaces a secret sent in full, and edits or removes other fields', () => {
    expect(mergeConfig(masked, { password: 'new-secret', username: 'ops2', apiUrl: '' })).toEqual({
      username: 'ops2',
      password: 'new-secret',
    });
  });
});
