import {
  createProperty,
  deleteProperty,
  getProperty,
  listProperties,
  updateProperty,
} from '../../adapters/dynamodb/properties';
import { resourceHandler } from '../lib/http';
import { propertiesContract } from './contract';

export const handler = resourceHandler(propertiesContract, {
  'GET /api/properties': async (request) => {
    const { orgId } = request.principal();
    return listProperties(orgId, request.query);
  },

  'POST /api/properties': async (request) => {
    const { orgId } = request.principal();
    return await createProperty(orgId, request.body);
  },

  'GET /api/properties/{id}': async (request) => {
    const { orgId } = request.principal();
    return getProperty(orgId, request.params.id);
  },

  'PUT /api/properties/{id}': async (request) => {
    const { orgId } = request.principal();
    // The id is checked (404) before the body (400), so another tenant's id learns nothing from validation.
    const before = await getProperty(orgId, request.params.id);
    const { version, ...fields } = request.body;
    return updateProperty(orgId, before, fields, version);
  },

  'DELETE /api/properties/{id}': async (request) => {
    const { orgId } = request.principal();
    await deleteProperty(orgId, request.params.id);
    return { status: 204 };
  },
});
