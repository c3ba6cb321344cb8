import { defaultCurrencyOf } from '../../adapters/dynamodb/organizations';
import {
  createVendor,
  deleteVendor,
  getVendor,
  listVendors,
  updateVendor,
  withTotals,
} from '../../adapters/dynamodb/vendors';
import { mergeVendors } from '../../core/vendors/merge';
import { forgetWhatWasLearned, whatWasLearned } from '../../core/vendors/what-was-learned';
import { actorNameOf } from '../lib/actor-name';
import { resourceHandler } from '../lib/http';
import { vendorsContract } from './contract';

/** Vendors with their live totals (from the invoice aggregates). */
export const handler = resourceHandler(vendorsContract, {
  'GET /api/vendors': async (request) => {
    const { orgId } = request.principal();
    const page = await listVendors(orgId, request.query);
    return { ...page, items: await withTotals(orgId, page.items, await defaultCurrencyOf(orgId)) };
  },

  'POST /api/vendors': async (request) => {
    const { orgId } = request.principal();
    const vendor = await createVendor(orgId, request.body);
    const [withTotal] = await withTotals(orgId, [vendor], await defaultCurrencyOf(orgId));
    return withTotal;
  },

  'GET /api/vendors/{id}': async (request) => {
    const { orgId } = request.principal();
    const [vendor] = await withTotals(
      orgId,
      [await getVendor(orgId, request.params.id)],
      await defaultCurrencyOf(orgId),
    );
    return vendor;
  },

  'PUT /api/vendors/{id}': async (request) => {
    const { orgId } = request.principal();
    // The id is checked (404) before the body (400), so another tenant's id learns nothing from validation.
    const before = await getVendor(orgId, request.params.id);
    const { version, ...fields } = request.body;
    const [vendor] = await withTotals(
      orgId,
      [await updateVendor(orgId, before, fields, version)],
      await defaultCurrencyOf(orgId),
    );
    return vendor;
  },

  'POST /api/vendors/{id}/merge': async (request) => {
    const principal = request.principal();
    const targetId = request.params.id;
    const { sourceVendorId } = request.body;
    const merged = await mergeVendors(principal.orgId, targetId, sourceVendorId, {
      actor: principal.actorId,
      actorName: await actorNameOf(principal),
    });
    const [vendor] = await withTotals(principal.orgId, [merged], await defaultCurrencyOf(principal.orgId));
    return vendor;
  },

  'GET /api/vendors/{id}/memory': async (request) =>
    whatWasLearned(request.principal().orgId, request.params.id),

  'DELETE /api/vendors/{id}/memory': async (request) => {
    await forgetWhatWasLearned(request.principal().orgId, request.params.id);
    return { status: 204 };
  },

  'DELETE /api/vendors/{id}': async (request) => {
    const { orgId } = request.principal();
    await deleteVendor(orgId, request.params.id);
    return { status: 204 };
  },
});
