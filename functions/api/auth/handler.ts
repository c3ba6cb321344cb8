import { getOrganization, getUser, toUser } from '../../adapters/dynamodb/organizations';
import { AppError } from '../../core/errors/app-error';
import { resourceHandler } from '../lib/http';

/** The signed-in person (with their organization); API keys have no user. */
export const handler = resourceHandler({
  'GET /api/auth/user': async ({ principal }) => {
    const { orgId, actorId, kind } = principal();
    if (kind !== 'user') throw new AppError('forbidden', 'not_a_user', 'API keys have no user profile');
    const [user, org] = await Promise.all([getUser(orgId, actorId), getOrganization(orgId)]);
    return toUser(user, org);
  },
});
