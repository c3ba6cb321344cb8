import { ROLES } from '../../../../../shared/schemas/entities';

type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Admin', MEMBER: 'Member' };

export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** What the admin tells an invited person: no e-mail is sent by the product. */
export function joinInstructions(email: string, origin: string): string {
  return `Ask ${email} to sign up at ${origin} with this address; they join with the invited role.`;
}
