import {
  entityListQuerySchema,
  idSchema,
  vendorInputSchema,
  vendorMergeSchema,
  vendorUpdateSchema,
} from '../../../shared/schemas';
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
import { actorNameOf } from '../lib/actor-name';
import { type ApiRequest, parseBody, parseParam, parseQuery, resourceHandler } from '../lib/http';

const idOf = (request: ApiRequest) => parseParam(request, 'id', idSchema);

/** Vendors with their live totals (from the invoice aggregates). */
export const handler = resourceHandler({
  'GET /api/vendors': async (request) => {
    const { orgId } = request.principal();
    const page = await listVendors(orgId, parseQuery(request, entityListQuerySchema));
    return { ...page, items: await withTotals(orgId, page.items, await defaultCurrencyOf(orgId)) };
  },

  'POST /api/vendors': async (request) => {
    const { orgId } = request.principal();
    const vendor = await createVendor(orgId, parseBody(request, vendorInputSchema));
    const [withTotal] = await withTotals(orgId, [vendor], await defaultCurrencyOf(orgId));
    return { status: 201, body: withTotal };
  },

  'GET /api/vendors/{id}': async (request) => {
    const { orgId } = request.principal();
    const [vendor] = await withTotals(
      orgId,
      [await getVendor(orgId, idOf(request))],
      await defaultCurrencyOf(orgId),
    );
    return vendor;
  },

  'PUT /api/vendors/{id}': async (request) => {
    const { orgId } = request.principal();
    // The id is checked (404) before the body (400), so another tenant's id learns nothing from validation.
    const before = await getVendor(orgId, idOf(request));
    const { version, ...fields } = parseBody(request, vendorUpdateSchema);
    const [vendor] = await withTotals(
      orgId,
      [await updateVendor(orgId, before, fields, version)],
      await defaultCurrencyOf(orgId),
    );
    return vendor;
  },

  'POST /api/vendors/{id}/merge': async (request) => {
    const principal = request.principal();
    const targetId = idOf(request);
    const { sourceVendorId } = parseBody(request, vendorMergeSchema);
    const merged = await mergeVendors(principal.orgId, targetId, sourceVendorId, {
      actor: principal.actorId,
      actorName: await actorNameOf(principal),
    });
    const [vendor] = await withTotals(principal.orgId, [merged], await defaultCurrencyOf(principal.orgId));
    return { status: 200, body: vendor };
  },

  'DELETE /api/vendors/{id}': async (request) => {
    const { orgId } = request.principal();
    await deleteVendor(orgId, idOf(request));
    return { status: 204 };
  },
});
