import { findUserBySub, getUser, type UserItem } from '../../adapters/dynamodb/organizations';
import { AppError } from '../../core/errors/app-error';
import type { Principal } from './principal';

/**
 * The caller's user item when they are an administrator as stored now, else undefined (API keys never are).
 * The authorizer's copy of the role may be a few seconds old (it caches principals), and a demoted or
 * removed administrator must lose the right at once.
 */
export async function administratorOf(principal: Principal): Promise<UserItem | undefined> {
  if (principal.kind !== 'user') return undefined;
  const found = await findUserBySub(principal.actorId);
  if (!found || found.orgId !== principal.orgId) return undefined;
  const user = await getUser(found.orgId, found.userId).catch((error) => {
    // Removed between the two reads: not an administrator any more.
    if (error instanceof AppError && error.kind === 'not_found') return undefined;
    throw error;
  });
  return user?.role === 'ADMIN' ? user : undefined;
}

export const isAdministrator = async (principal: Principal): Promise<boolean> =>
  (await administratorOf(principal)) !== undefined;
