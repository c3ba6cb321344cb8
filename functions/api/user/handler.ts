import { getOrganization } from '../../adapters/dynamodb/organizations';
import { getUser, toUser, updateProfile } from '../../adapters/dynamodb/users';
import { resourceHandler } from '../lib/http';
import { userContract } from './contract';

/** The signed-in person's profile. API keys have no person behind them, so they get 404 here. */
export const handler = resourceHandler(userContract, {
  'GET /api/user/profile': async (request) => {
    const { orgId, actorId } = request.principal();
    const [user, org] = await Promise.all([getUser(orgId, actorId), getOrganization(orgId)]);
    return toUser(user, org);
  },

  'PUT /api/user/profile': async (request) => {
    const { orgId, actorId } = request.principal();
    await getUser(orgId, actorId);
    const input = request.body;
    const [user, org] = await Promise.all([updateProfile(orgId, actorId, input), getOrganization(orgId)]);
    return toUser(user, org);
  },
});
