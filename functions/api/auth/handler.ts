import { getOrganization } from '../../adapters/dynamodb/organizations';
import { getUser, toUser } from '../../adapters/dynamodb/users';
import { resourceHandler } from '../lib/http';
import { authContract } from './contract';

/** The signed-in person (with their organization); API keys have no user (functions/api/lib/rights.ts). */
export const handler = resourceHandler(authContract, {
  'GET /api/auth/user': async ({ principal }) => {
    const { orgId, actorId } = principal();
    const [user, org] = await Promise.all([getUser(orgId, actorId), getOrganization(orgId)]);
    return toUser(user, org);
  },
});
