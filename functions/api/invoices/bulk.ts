import { approverRoleOf } from '../../core/approvals/routing';
import { bulkApprove, bulkDelete, bulkEdit, bulkReject } from '../../core/invoices/bulk';
import { actorNameOf } from '../lib/actor-name';
import type { ApiRequest, Implementations } from '../lib/http';
import type { bulkContract } from './bulk-contract';

/** The caller as History records them: their id and their name. */
async function actor(request: ApiRequest) {
  const principal = request.principal();
  return { actor: principal.actorId, actorName: await actorNameOf(principal) };
}

/** The bulk routes: parse, who is acting, then core/invoices/bulk, which decides each invoice on its own. */
export const bulkRoutes: Implementations<typeof bulkContract> = {
  'POST /api/invoices/bulk/approve': async (request) => {
    const { orgId } = request.principal();
    const { comment, ...selection } = request.body;
    const { actor: id, actorName: name } = await actor(request);
    const approver = { id, name, role: approverRoleOf(request.principal()) };
    return bulkApprove(orgId, selection, approver, comment || null);
  },
  'POST /api/invoices/bulk/reject': async (request) => {
    const { reason, ...selection } = request.body;
    return bulkReject(request.principal().orgId, selection, reason, await actor(request));
  },
  'POST /api/invoices/bulk/edit': async (request) => {
    const { propertyId, categoryId, ...selection } = request.body;
    return bulkEdit(request.principal().orgId, selection, { propertyId, categoryId }, await actor(request));
  },
  'POST /api/invoices/bulk/delete': async (request) => bulkDelete(request.principal().orgId, request.body),
};
