import {
  entityListQuerySchema,
  idSchema,
  pageOf,
  propertyInputSchema,
  propertyUpdateSchema,
} from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { edit, read } from '../lib/rights';

/** The routes of properties: what each reads and answers (functions/api/lib/contract.ts). */
export const propertiesContract = defineContract({
  'GET /api/properties': {
    rule: read('properties:read'),
    tag: 'Properties',
    summary: 'List properties',
    query: entityListQuerySchema,
    success: 200,
    response: pageOf(named.Property),
  },
  'POST /api/properties': {
    rule: edit('properties:write'),
    tag: 'Properties',
    summary: 'Create a property',
    body: propertyInputSchema,
    success: 201,
    response: named.Property,
    errors: [400],
  },
  'GET /api/properties/{id}': {
    rule: read('properties:read'),
    tag: 'Properties',
    summary: 'Get a property',
    params: { id: idSchema },
    success: 200,
    response: named.Property,
  },
  'PUT /api/properties/{id}': {
    rule: edit('properties:write'),
    tag: 'Properties',
    summary: 'Edit a property',
    params: { id: idSchema },
    body: propertyUpdateSchema,
    success: 200,
    response: named.Property,
    errors: [400, 404, 409],
  },
  'DELETE /api/properties/{id}': {
    rule: edit('properties:write'),
    tag: 'Properties',
    summary: 'Delete a property',
    params: { id: idSchema },
    success: 204,
  },
});
