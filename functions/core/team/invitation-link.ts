import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_VALID_DAYS } from '../../../shared/constants';
import { AppError } from '../errors/app-error';

/**
 * The link in an invitation e-mail. Its token is 32 random bytes (base64url); only its SHA-256 is stored,
 * so a leaked table does not let anyone join. A link works for INVITATION_VALID_DAYS after it was sent;
 * re-sending makes a new link and retires the old one, revoking retires it for good.
 */
export interface InvitationLink {
  token: string;
  tokenHash: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

/** What became of a link: still open, or why it no longer works. */
export type LinkState = 'PENDING' | 'EXPIRED' | 'REVOKED' | 'REPLACED' | 'ACCEPTED';

export const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const DAY_MS = 86_400_000;

/** A fresh link, valid INVITATION_VALID_DAYS from `now`. */
export function newInvitationLink(now = new Date()): InvitationLink {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS).toISOString(),
  };
}

/**
 * When an invitation stops admitting anyone: its link's expiry, or (for invitations sent before links
 * existed) INVITATION_VALID_DAYS after it was created.
 */
export function invitationExpiry(invitation: { linkExpiresAt?: string | null; createdAt: string }): string {
  return (
    invitation.linkExpiresAt ??
    new Date(Date.parse(invitation.createdAt) + INVITATION_VALID_DAYS * DAY_MS).toISOString()
  );
}

export const isExpired = (expiresAt: string, now = new Date()) => Date.parse(expiresAt) <= now.getTime();

/** The state a stored link is in at `now`: a pending link past its expiry is EXPIRED. */
export function linkState(link: { state: LinkState; linkExpiresAt: string }, now = new Date()): LinkState {
  return link.state === 'PENDING' && isExpired(link.linkExpiresAt, now) ? 'EXPIRED' : link.state;
}

/** What the join page tells a person whose link no longer works. */
export const LINK_REFUSALS: Record<Exclude<LinkState, 'PENDING'>, string> = {
  EXPIRED: 'This invitation has expired. Ask your administrator to send a new one.',
  REVOKED: 'This invitation has been revoked. Ask your administrator if you should still join.',
  REPLACED: 'A newer invitation was sent to this address. Use the link in the most recent e-mail.',
  ACCEPTED: 'This invitation has already been accepted. Sign in to continue.',
};

/** Throws the refusal (410) for a link that no longer works. */
export function assertLinkOpen(link: { state: LinkState; linkExpiresAt: string }, now = new Date()): void {
  const state = linkState(link, now);
  if (state !== 'PENDING')
    throw new AppError('gone', `invitation_${state.toLowerCase()}`, LINK_REFUSALS[state]);
}
