import { PLANS, type Plan } from '../../../shared/constants';
import type { Membership } from '../../../shared/schemas';
import { membershipOf } from '../../adapters/dynamodb/membership';
import { getOrganization } from '../../adapters/dynamodb/organizations';
import { joinInvitedOrganization, provisionUser } from '../../adapters/dynamodb/provisioning';
import { findUserBySub, getUser, toUser } from '../../adapters/dynamodb/users';
import { AppError } from '../../core/errors/app-error';
import { resourceHandler } from '../lib/http';
import { type SignedInPerson, signedInPersonOf } from '../lib/principal';
import { authContract } from './contract';

const identityOf = (person: SignedInPerson) => ({
  sub: person.sub,
  email: person.email,
  firstName: person.firstName,
  lastName: person.lastName,
  emailVerified: person.emailVerified,
});
const trialPlanOf = (person: SignedInPerson) =>
  PLANS.includes(person.trialPlan as Plan) ? (person.trialPlan as Plan) : null;

async function asMember(orgId: string): Promise<Membership> {
  const org = await getOrganization(orgId);
  return { status: 'member', organizationName: org.name, emailVerified: null, invitations: [] };
}

/** The signed-in person (with their organization); API keys have no user (functions/api/lib/rights.ts). */
export const handler = resourceHandler(authContract, {
  'GET /api/auth/user': async ({ principal }) => {
    const { orgId, actorId } = principal();
    const [user, org] = await Promise.all([getUser(orgId, actorId), getOrganization(orgId)]);
    return toUser(user, org);
  },
  'GET /api/auth/membership': async ({ event }) => {
    const person = signedInPersonOf(event);
    const member = await findUserBySub(person.sub);
    if (member) return asMember(member.orgId);
    const standing = await membershipOf(identityOf(person), { trialPlan: trialPlanOf(person) });
    if (standing.status === 'member') return asMember(standing.orgId);
    return standing;
  },
  'POST /api/auth/membership': async ({ event, body }) => {
    const person = signedInPersonOf(event);
    const member = await findUserBySub(person.sub);
    if (member) {
      const org = await getOrganization(member.orgId);
      throw new AppError('conflict', 'already_member', `You are already a member of ${org.name}.`);
    }
    if (body.action === 'create') {
      const created = await provisionUser(identityOf(person), { trialPlan: trialPlanOf(person) });
      return asMember(created.orgId);
    }
    if (!person.emailVerified) {
      throw new AppError(
        'forbidden',
        'email_unverified',
        'Your e-mail address is not verified, so the invitation cannot be accepted. Confirm it and sign in again.',
      );
    }
    const joined = await joinInvitedOrganization(identityOf(person), body.organizationId);
    if (!joined) {
      throw new AppError(
        'not_found',
        'invitation_not_found',
        'No invitation from this organization is waiting for you.',
      );
    }
    return asMember(joined.orgId);
  },
});
