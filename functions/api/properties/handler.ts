import {
  entityListQuerySchema,
  idSchema,
  propertyInputSchema,
  propertyUpdateSchema,
} from '../../../shared/schemas';
import {
  createProperty,
  deleteProperty,
  getProperty,
  listProperties,
  updateProperty,
} from '../../adapters/dynamodb/properties';
import { type ApiRequest, parseBody, parseParam, parseQuery, resourceHandler } from '../lib/http';

const idOf = (request: ApiRequest) => parseParam(request, 'id', idSchema);

export const handler = resourceHandler({
  'GET /api/properties': async (request) => {
    const { orgId } = request.principal();
    return listProperties(orgId, parseQuery(request, entityListQuerySchema));
  },

  'POST /api/properties': async (request) => {
    const { orgId } = request.principal();
    return { status: 201, body: await createProperty(orgId, parseBody(request, propertyInputSchema)) };
  },

  'GET /api/properties/{id}': async (request) => {
    const { orgId } = request.principal();
    return getProperty(orgId, idOf(request));
  },

  'PUT /api/properties/{id}': async (request) => {
    const { orgId } = request.principal();
    // The id is checked (404) before the body (400), so another tenant's id learns nothing from validation.
    const before = await getProperty(orgId, idOf(request));
    const { version, ...fields } = parseBody(request, propertyUpdateSchema);
    return updateProperty(orgId, before, fields, version);
  },

  'DELETE /api/properties/{id}': async (request) => {
    const { orgId } = request.principal();
    await deleteProperty(orgId, idOf(request));
    return { status: 204 };
  },
});
