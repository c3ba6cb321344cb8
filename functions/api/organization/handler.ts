import { organizationUpdateSchema } from '../../../shared/schemas';
import {
  getOrganization,
  getOrganizationCounts,
  getUsage,
  type OrganizationItem,
  toOrganization,
  updateOrganization,
} from '../../adapters/dynamodb/organizations';
import { forbidden } from '../../core/errors/app-error';
import { isAdministrator } from '../lib/administrator';
import { parseBody, resourceHandler } from '../lib/http';

async function answer(org: OrganizationItem) {
  const [usage, counts] = await Promise.all([getUsage(org.id), getOrganizationCounts(org.id)]);
  return toOrganization(org, usage, counts);
}

/** The caller's organization: settings, plan, this month's usage and real counts. */
export const handler = resourceHandler({
  'GET /api/organization/current': async (request) => {
    const { orgId } = request.principal();
    return answer(await getOrganization(orgId));
  },

  'PUT /api/organization/current': async (request) => {
    const principal = request.principal();
    const { orgId } = principal;
    if (!(await isAdministrator(principal)))
      throw forbidden('Only an administrator can change the organization settings');
    const input = parseBody(request, organizationUpdateSchema);
    const current = await getOrganization(orgId);
    // Plans change through sales (the admin command), never from the form.
    if (input.plan !== current.plan) throw forbidden('Contact sales to upgrade your plan');
    return answer(
      await updateOrganization(orgId, {
        name: input.name,
        slug: input.slug,
        defaultCurrency: input.defaultCurrency,
        autoApprove: input.autoApprove,
      }),
    );
  },
});
