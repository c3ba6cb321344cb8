import { getUser } from '../../adapters/dynamodb/users';
import type { Principal } from './principal';

/**
 * The caller's name as History and comments show it, kept with what they write (names change; the
 * record says who it was then): 'First Last', else the e-mail; 'API key' for API clients.
 */
export async function actorNameOf(
  principal: Pick<Principal, 'kind' | 'orgId' | 'actorId' | 'email'>,
): Promise<string | null> {
  if (principal.kind !== 'user') return 'API key';
  const user = await getUser(principal.orgId, principal.actorId).catch(() => undefined);
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return name || principal.email;
}
