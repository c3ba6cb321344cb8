import { profileUpdateSchema } from '../../../shared/schemas';
import { getOrganization } from '../../adapters/dynamodb/organizations';
import { getUser, toUser, updateProfile } from '../../adapters/dynamodb/users';
import { parseBody, resourceHandler } from '../lib/http';

/** The signed-in person's profile. API keys have no person behind them, so they get 404 here. */
export const handler = resourceHandler({
  'GET /api/user/profile': async (request) => {
    const { orgId, actorId } = request.principal();
    const [user, org] = await Promise.all([getUser(orgId, actorId), getOrganization(orgId)]);
    return toUser(user, org);
  },

  'PUT /api/user/profile': async (request) => {
    const { orgId, actorId } = request.principal();
    await getUser(orgId, actorId);
    const input = parseBody(request, profileUpdateSchema);
    const [user, org] = await Promise.all([updateProfile(orgId, actorId, input), getOrganization(orgId)]);
    return toUser(user, org);
  },
});
