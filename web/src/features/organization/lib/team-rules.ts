import { ROLES } from '@shared/schemas/entities';

type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  APPROVER: 'Approver',
  MEMBER: 'Member',
  VIEWER: 'Viewer',
};

/** What each role may do, shown beside the role pickers. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  ADMIN: 'Everything, including the team, approval rules and settings',
  APPROVER: 'Uploads, edits and codes invoices, and approves or rejects them',
  MEMBER: 'Uploads, edits and codes invoices; cannot approve',
  VIEWER: 'Reads only',
};

export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** What the admin learns after inviting: the e-mail that went out, and how the person joins. */
export function joinInstructions(email: string, origin: string): string {
  return `We e-mailed ${email} a link to join, valid for 7 days. Ask ${email} to sign up at ${origin} with this address; they are then offered to join with the invited role.`;
}
