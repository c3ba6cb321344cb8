import { describe, expect, it } from 'vitest';
import { emailRecipients, integrationInputSchema, MAX_EMAIL_RECIPIENTS } from './entities';

const email = (recipients: unknown) =>
  integrationInputSchema.safeParse({ name: 'AP inbox', type: 'EMAIL', config: { recipients } });

describe('EMAIL integration config', () => {
  it('takes the recipients as a list, its JSON, or the form text, and keeps them as JSON, lower-cased and once', () => {
    const fromText = email(' AP@Example.com, owner@example.com;\nap@example.com ');
    expect(fromText.success && fromText.data.config).toEqual({
      recipients: '["ap@example.com","owner@example.com"]',
    });
    const fromList = email(['a@example.com']);
    expect(fromList.success && fromList.data.config).toEqual({ recipients: '["a@example.com"]' });
    // An edit re-validates the stored JSON.
    const stored = email('["a@example.com","b@example.com"]');
    expect(stored.success && emailRecipients(stored.data.config)).toEqual(['a@example.com', 'b@example.com']);
  });

  it('refuses an invalid address, none, and more than the maximum, with a clear message', () => {
    expect(email('ap@example.com, not-an-address').error?.issues[0]?.message).toBe(
      'Not a valid e-mail address: not-an-address',
    );
    expect(email('').error?.issues[0]?.message).toBe('Add at least one recipient');
    const many = Array.from({ length: MAX_EMAIL_RECIPIENTS + 1 }, (_, i) => `r${i}@example.com`);
    expect(email(many).error?.issues[0]?.message).toBe(`At most ${MAX_EMAIL_RECIPIENTS} recipients`);
    expect(email(undefined).success).toBe(false);
    expect(emailRecipients({})).toEqual([]);
  });
});
