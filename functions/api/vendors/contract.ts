import * as z from 'zod';
import {
  entityListQuerySchema,
  idSchema,
  insuranceCertificateInputSchema,
  pageOf,
  vendorInputSchema,
  vendorMergeSchema,
  vendorUpdateSchema,
} from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { edit, read } from '../lib/rights';

/** The routes of vendors: what each reads and answers (functions/api/lib/contract.ts). */
export const vendorsContract = defineContract({
  'GET /api/vendors': {
    rule: read('vendors:read'),
    tag: 'Vendors',
    summary: 'List vendors with live totals',
    query: entityListQuerySchema,
    success: 200,
    response: pageOf(named.Vendor),
  },
  'POST /api/vendors': {
    rule: edit('vendors:write'),
    tag: 'Vendors',
    summary: 'Create a vendor',
    body: vendorInputSchema,
    success: 201,
    response: named.Vendor,
    errors: [400, 409],
  },
  'GET /api/vendors/{id}': {
    rule: read('vendors:read'),
    tag: 'Vendors',
    summary: 'Get a vendor',
    params: { id: idSchema },
    success: 200,
    response: named.Vendor,
  },
  'PUT /api/vendors/{id}': {
    rule: edit('vendors:write'),
    tag: 'Vendors',
    summary: 'Edit a vendor',
    params: { id: idSchema },
    body: vendorUpdateSchema,
    success: 200,
    response: named.Vendor,
    errors: [400, 404, 409],
  },
  'POST /api/vendors/{id}/merge': {
    rule: edit('vendors:write'),
    tag: 'Vendors',
    summary:
      'Merge another vendor into this one: its invoices are linked to this vendor (their totals follow), its names become aliases, and it is deleted',
    params: { id: idSchema },
    body: vendorMergeSchema,
    success: 200,
    response: named.Vendor,
    errors: [400, 404, 409],
  },
  'GET /api/vendors/{id}/memory': {
    rule: read('vendors:read'),
    tag: 'Vendors',
    summary:
      "What was learned of the vendor's layouts from the invoices people corrected and approved: per field, how it is found and how often that proved right",
    params: { id: idSchema },
    success: 200,
    response: named.VendorMemory,
  },
  'DELETE /api/vendors/{id}/memory': {
    rule: edit('vendors:write'),
    tag: 'Vendors',
    summary: "Forget what was learned of the vendor's layouts: its next invoice is read from scratch",
    params: { id: idSchema },
    success: 204,
  },
  'GET /api/vendors/{id}/certificates': {
    rule: read('vendors:read'),
    tag: 'Vendors',
    summary: "The vendor's insurance certificates",
    params: { id: idSchema },
    success: 200,
    response: z.object({ items: z.array(named.InsuranceCertificate) }),
  },
  'POST /api/vendors/{id}/certificates': {
    rule: edit('vendors:write'),
    tag: 'Vendors',
    summary: 'Add an insurance certificate to the vendor',
    params: { id: idSchema },
    body: insuranceCertificateInputSchema,
    success: 201,
    response: named.InsuranceCertificate,
  },
  'PUT /api/vendors/{id}/certificates/{certificateId}': {
    rule: edit('vendors:write'),
    tag: 'Vendors',
    summary: "Replace an insurance certificate's details",
    params: { id: idSchema, certificateId: idSchema },
    body: insuranceCertificateInputSchema,
    success: 200,
    response: named.InsuranceCertificate,
    errors: [409],
  },
  'PUT /api/vendors/{id}/certificates/{certificateId}/file': {
    rule: edit('vendors:write'),
    tag: 'Vendors',
    summary:
      "Attach the certificate's file (multipart, field `file`: a PDF, JPEG or PNG of at most 5 MB), replacing the one attached",
    params: { id: idSchema, certificateId: idSchema },
    rawBody: {
      body: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      },
    },
    success: 200,
    response: named.InsuranceCertificate,
    errors: [400, 409, 413, 415],
  },
  'GET /api/vendors/{id}/certificates/{certificateId}/file': {
    rule: read('vendors:read'),
    tag: 'Vendors',
    summary: "The certificate's attached file, as a download",
    params: { id: idSchema, certificateId: idSchema },
    success: 200,
    rawResponse: { contentType: 'application/octet-stream', description: 'The file as attached' },
  },
  'DELETE /api/vendors/{id}/certificates/{certificateId}': {
    rule: edit('vendors:write'),
    tag: 'Vendors',
    summary: 'Delete an insurance certificate',
    params: { id: idSchema, certificateId: idSchema },
    success: 204,
  },
  'DELETE /api/vendors/{id}': {
    rule: edit('vendors:write'),
    tag: 'Vendors',
    summary: 'Delete a vendor',
    params: { id: idSchema },
    success: 204,
  },
});
