import type { Member, Role } from '../../../shared/schemas';
import { AppError, notFound } from '../errors/app-error';
import { ports } from '../ports';
import { administratorWhoStays, teamChangedMeanwhile } from './roles';

/** How many times a team change is retried when another change raced it (each try reads afresh). */
const MAX_ATTEMPTS = 3;

/** Every member of the organization, oldest first. */
export const listMembers = (orgId: string): Promise<Member[]> => ports().listMembers(orgId);

/** The administrator who must stay one for `member` to be demoted or removed (none for anyone else). */
async function guardFor(orgId: string, member: Member): Promise<string | undefined> {
  return member.role === 'ADMIN'
    ? administratorWhoStays(await ports().listMembers(orgId), member.id)
    : undefined;
}

/** Gives a member another role; the last administrator cannot be demoted. */
export async function changeMemberRole(orgId: string, userId: string, role: Role): Promise<Member> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const member = await ports().findMember(orgId, userId);
    if (!member) throw notFound('Member');
    if (member.role === role) return member;
    if (await ports().writeMemberRole(orgId, member, role, await guardFor(orgId, member)))
      return { ...member, role };
  }
  throw teamChangedMeanwhile();
}

/**
 * Removes a member, and with them the API keys they created (see the port). Nobody removes themselves,
 * and the last administrator cannot be removed.
 */
export async function removeMember(orgId: string, userId: string, removedBy: string): Promise<void> {
  if (userId === removedBy) throw new AppError('input', 'cannot_remove_self', 'You cannot remove yourself');
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const member = await ports().findMember(orgId, userId);
    if (!member) throw notFound('Member');
    if (await ports().deleteMember(orgId, member, await guardFor(orgId, member))) return;
  }
  throw teamChangedMeanwhile();
}
