import { describe, expect, it } from 'vitest';
import { isStandardWebhookSecret } from '../../../shared/schemas';
import { nextRetryDelaySeconds } from './retry-policy';
import { generateWebhookSecret, webhookMessageId } from './signing';

const policy = { baseSeconds: 30, windowSeconds: 3 * 86_400 };
const start = new Date('2026-11-01T00:00:00.000Z');

describe('webhook retry schedule', () => {
  it('doubles the delay per attempt up to 12 h, within ±20 % jitter', () => {
    const at = (attempt: number, random: number) =>
      nextRetryDelaySeconds(policy, attempt, start, start, () => random);
    expect([1, 2, 3, 4].map((n) => at(n, 0.5))).toEqual([30, 60, 120, 240]);
    expect(at(1, 0)).toBe(24);
    expect(at(1, 1)).toBe(36);
    expect(at(20, 0.5)).toBe(12 * 3600);
  });

  it('keeps retrying for 3 days after the first attempt, and no longer', () => {
    let now = start;
    let attempts = 1;
    for (;;) {
      const delay = nextRetryDelaySeconds(policy, attempts, start, now, () => 0.5);
      if (delay === null) break;
      now = new Date(now.getTime() + delay * 1000);
      attempts += 1;
    }
    const hours = (now.getTime() - start.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(60);
    expect(hours).toBeLessThanOrEqual(72);
    expect(attempts).toBeGreaterThan(10);
  });
});

describe('webhook secrets and ids', () => {
  it('generates whsec_ secrets that the validation accepts, and refuses short, hex-free-form or unprefixed ones', () => {
    const secret = generateWebhookSecret();
    expect(isStandardWebhookSecret(secret)).toBe(true);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(isStandardWebhookSecret(`whsec_${Buffer.alloc(23).toString('base64')}`)).toBe(false);
    expect(isStandardWebhookSecret(`whsec_${Buffer.alloc(24).toString('base64')}`)).toBe(true);
    expect(isStandardWebhookSecret(`whsec_${Buffer.alloc(65).toString('base64')}`)).toBe(false);
    expect(isStandardWebhookSecret('whsec-abcdefghijkl')).toBe(false);
    expect(isStandardWebhookSecret(secret.slice(6))).toBe(false);
  });

  it('names one event delivery to one endpoint the same way every time, and different ones differently', () => {
    const id = webhookMessageId('W1', 'INV1', 'invoice.processed', '2026-11-01T00:00:00.000Z');
    expect(webhookMessageId('W1', 'INV1', 'invoice.processed', '2026-11-01T00:00:00.000Z')).toBe(id);
    expect(webhookMessageId('W2', 'INV1', 'invoice.processed', '2026-11-01T00:00:00.000Z')).not.toBe(id);
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
  });
});
