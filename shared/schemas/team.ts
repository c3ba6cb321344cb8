import { z } from 'zod';
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
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationCreateSchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email address').max(254),
  role: roleSchema,
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

export const memberUpdateSchema = z.object({ role: roleSchema });
