import { getOrganizationCounts } from '../../adapters/dynamodb/aggregates';
import { ensureInbox, regenerateInbox, setInboxAllowedSenders } from '../../adapters/dynamodb/inboxes';
import {
  getOrganization,
  type OrganizationItem,
  toOrganization,
  updateOrganization,
} from '../../adapters/dynamodb/organizations';
import { getUsage } from '../../adapters/dynamodb/usage';
import { forbidden } from '../../core/errors/app-error';
import { resourceHandler } from '../lib/http';
import { organizationContract } from './contract';

async function answer(org: OrganizationItem) {
  const [withInbox, usage, counts] = await Promise.all([
    ensureInbox(org),
    getUsage(org.id),
    getOrganizationCounts(org.id),
  ]);
  return toOrganization(withInbox, usage, counts);
}

/** The caller's organization: settings, plan, this month's usage and real counts. */
export const handler = resourceHandler(organizationContract, {
  'GET /api/organization/current': async (request) => {
    const { orgId } = request.principal();
    return answer(await getOrganization(orgId));
  },

  'PUT /api/organization/current': async (request) => {
    const { orgId } = request.principal();
    const input = request.body;
    const current = await getOrganization(orgId);
    // Plans change through sales (the admin command), never from the form.
    if (input.plan !== current.plan) throw forbidden('Contact sales to upgrade your plan');
    return answer(
      await updateOrganization(orgId, {
        name: input.name,
        slug: input.slug,
        defaultCurrency: input.defaultCurrency,
        autoApprove: input.autoApprove,
        legalNames: input.legalNames,
        reviewNewVendors: input.reviewNewVendors,
      }),
    );
  },

  /** A new inbox address; mail to the old one is refused from now on. */
  'POST /api/organization/inbox/regenerate': async (request) => {
    const { orgId } = request.principal();
    return await answer(await regenerateInbox(orgId));
  },

  /** The inbox's sender allowlist (addresses or domains); an empty list accepts every sender. */
  'PUT /api/organization/inbox': async (request) => {
    const { orgId } = request.principal();
    const input = request.body;
    return answer(await setInboxAllowedSenders(orgId, input.allowedSenders));
  },
});
