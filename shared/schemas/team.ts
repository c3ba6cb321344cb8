import * as z from 'zod';
import { isoDateTime } from './common';
import { roleSchema } from './entities';

/**
 * The people of an organization and the invitations waiting for someone to sign up. An invitation is
 * for an e-mail address: whoever signs up with that address (and confirms it) joins the organization
 * with the invited role, instead of getting an organization of their own.
 */
export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  createdAt: isoDateTime,
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  email: z.string(),
  role: roleSchema,
  /** Name (or e-mail) of the admin who sent it. */
  invitedBy: z.string(),
  createdAt: isoDateTime,
  /** When the e-mail's link stops working (7 days after it was sent or re-sent). */
  expiresAt: isoDateTime,
  /** The link expired: the person cannot join until it is re-sent. */
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationCreateSchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email address').max(254),
  role: roleSchema,
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

export const memberUpdateSchema = z.object({ role: roleSchema });

/** What the join page shows about an invitation link that still works (`GET /api/invitations/{token}`). */
export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: roleSchema,
  invitedBy: z.string(),
  expiresAt: isoDateTime,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** An invitation link's token as the e-mail carries it (43 base64url characters). */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid invitation link');

/**
 * Where a signed-in person stands (`GET /api/auth/membership`). `member`: in an organization. Otherwise no
 * organization was chosen for them, and the app asks: `removed` (an administrator removed them from
 * `organizationName`), `invited` (invitations wait for their verified e-mail) or `unverified` (their e-mail
 * cannot be checked, so no invitation can be accepted on its word). They join one of `invitations` or
 * create their own organization (`membershipChoiceSchema`).
 */
export const membershipSchema = z.object({
  status: z.enum(['member', 'removed', 'invited', 'unverified']),
  /** The organization they are in (`member`) or were removed from (`removed`). */
  organizationName: z.string().nullable(),
  /** Whether the e-mail is verified (an invitation needs it); null for a member, who is not asked. */
  emailVerified: z.boolean().nullable(),
  invitations: z.array(
    z.object({ organizationId: z.string(), organizationName: z.string(), role: roleSchema }),
  ),
});
export type Membership = z.infer<typeof membershipSchema>;

/** A person's explicit choice: join the organization that invited them, or create one of their own. */
export const membershipChoiceSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('join'), organizationId: z.string().min(1) }),
  z.object({ action: z.literal('create') }),
]);
export type MembershipChoice = z.infer<typeof membershipChoiceSchema>;
