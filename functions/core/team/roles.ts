import type { Role } from '../../../shared/schemas';
import { conflict } from '../errors/app-error';

/**
 * The role model of items written since the four roles (ADMIN, APPROVER, MEMBER, VIEWER). Before it,
 * MEMBERs approved invoices; they keep that right as APPROVERs. The migration is read-and-rewrite: a user
 * item without this marker and role MEMBER is read as APPROVER, and rewritten so the first time it is read
 * (the authorizer reads it on every call, so on the person's next request); an invitation is only read
 * that way (it is deleted when accepted). Every item written since carries the marker, so a MEMBER chosen
 * now stays one.
 */
export const ROLE_MODEL = 2;

interface RoleRecord {
  role: Role;
  roleModel?: number;
}

/** A MEMBER written before the four roles, who approved then and so is an APPROVER now. */
export const isLegacyMember = (item: RoleRecord): boolean =>
  item.role === 'MEMBER' && item.roleModel !== ROLE_MODEL;

/** The item as its role reads today (a legacy MEMBER reads as an APPROVER of the current model). */
export const withCurrentRole = <T extends RoleRecord>(item: T): T =>
  isLegacyMember(item) ? { ...item, role: 'APPROVER', roleModel: ROLE_MODEL } : item;

/**
 * The administrator who stays one when `userId` is demoted or removed: an organization keeps at least
 * one, so without another the change is refused. The store re-checks that person's role in the change's
 * own transaction, so two administrators demoting each other at once cannot both succeed.
 */
export function administratorWhoStays(
  members: readonly { id: string; role: Role }[],
  userId: string,
): string {
  const other = members.find((member) => member.role === 'ADMIN' && member.id !== userId);
  if (!other) throw conflict('last_admin', 'An organization needs at least one administrator');
  return other.id;
}

export const teamChangedMeanwhile = () =>
  conflict('team_changed', 'The team was changed by someone else; reload and try again');
