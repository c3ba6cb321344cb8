import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors/app-error';
import {
  assertLinkOpen,
  hashLinkToken,
  invitationExpiry,
  linkState,
  newInvitationLink,
} from './invitation-link';

describe('invitation links', () => {
  const now = new Date('2026-11-26T10:00:00.000Z');

  it('makes a random token, stores only its hash, and expires in 7 days', () => {
    const a = newInvitationLink(now);
    const b = newInvitationLink(now);
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.tokenHash).toBe(hashLinkToken(a.token));
    expect(a.tokenHash).not.toContain(a.token);
    expect(a.expiresAt).toBe('2026-12-03T10:00:00.000Z');
  });

  it('is expired from the expiry on, and other states stay what they are', () => {
    const link = { state: 'PENDING' as const, linkExpiresAt: '2026-12-03T10:00:00.000Z' };
    expect(linkState(link, new Date('2026-12-03T09:59:59.999Z'))).toBe('PENDING');
    expect(linkState(link, new Date('2026-12-03T10:00:00.000Z'))).toBe('EXPIRED');
    expect(linkState({ ...link, state: 'REVOKED' }, now)).toBe('REVOKED');
  });

  it('refuses an expired link with 410 and the message the join page shows', () => {
    let refusal: AppError | undefined;
    try {
      assertLinkOpen({ state: 'PENDING', linkExpiresAt: '2026-11-26T09:00:00.000Z' }, now);
    } catch (error) {
      refusal = error as AppError;
    }
    expect(refusal?.kind).toBe('gone');
    expect(refusal?.code).toBe('invitation_expired');
    expect(refusal?.message).toBe('This invitation has expired. Ask your administrator to send a new one.');
  });

  it('gives invitations sent before links existed 7 days from their creation', () => {
    expect(invitationExpiry({ createdAt: '2026-11-01T00:00:00.000Z' })).toBe('2026-11-08T00:00:00.000Z');
    expect(
      invitationExpiry({ createdAt: '2026-11-01T00:00:00.000Z', linkExpiresAt: '2026-12-01T00:00:00.000Z' }),
    ).toBe('2026-12-01T00:00:00.000Z');
  });
});
