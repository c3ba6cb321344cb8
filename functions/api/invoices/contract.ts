import {
  approveBodySchema,
  commentBodySchema,
  commentSchema,
  idSchema,
  invoiceEventSchema,
  invoiceListQuerySchema,
  invoiceUpdateSchema,
  lineItemSchema,
  pageOf,
  rejectBodySchema,
  syncRetrySchema,
  uploadUrlRequestSchema,
  uploadUrlResponseSchema,
} from '../../../shared/schemas';
import { named } from '../lib/components';
import { defineContract, type RouteContract } from '../lib/contract';

/** An invoice file sent as multipart form data (field `file`), read by the route itself (upload.ts). */
const upload = {
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
  success: 201,
  response: named.Invoice,
  errors: [400, 413, 415, 429],
} satisfies Partial<RouteContract>;

/** The routes of invoices: what each reads and answers (functions/api/lib/contract.ts). */
export const invoicesContract = defineContract({
  'GET /api/invoices': {
    tag: 'Invoices',
    summary: 'List invoices',
    query: invoiceListQuerySchema,
    success: 200,
    response: pageOf(named.Invoice),
  },
  'GET /api/invoices/export.csv': {
    tag: 'Invoices',
    summary: 'Export the listed invoices as CSV',
    query: invoiceListQuerySchema,
    success: 200,
    rawResponse: { contentType: 'text/csv', description: 'CSV file' },
  },
  'POST /api/invoices/upload': {
    tag: 'Invoices',
    summary: 'Upload an invoice file (multipart, field `file`)',
    ...upload,
  },
  'POST /api/upload': {
    tag: 'Invoices',
    summary: 'Upload an invoice file (API clients; same as /api/invoices/upload)',
    ...upload,
  },
  'POST /api/invoices/upload-url': {
    tag: 'Invoices',
    summary: 'Presigned POST for a browser upload',
    body: uploadUrlRequestSchema,
    success: 201,
    response: uploadUrlResponseSchema,
    errors: [400, 429],
  },
  'GET /api/invoices/{id}': {
    tag: 'Invoices',
    summary: 'Get an invoice',
    params: { id: idSchema },
    success: 200,
    response: named.Invoice,
  },
  'PUT /api/invoices/{id}': {
    tag: 'Invoices',
    summary: 'Edit an invoice',
    params: { id: idSchema },
    body: invoiceUpdateSchema,
    success: 200,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  'DELETE /api/invoices/{id}': {
    tag: 'Invoices',
    summary: 'Delete an invoice',
    params: { id: idSchema },
    success: 204,
  },
  'POST /api/invoices/{id}/approve': {
    tag: 'Invoices',
    summary:
      'Give one approval (optional comment); the invoice becomes APPROVED with the last one its approvalSteps need (403 when the step is not yours; 409 `unreadable`, `already_approved`)',
    params: { id: idSchema },
    body: approveBodySchema,
    success: 201,
    response: named.Invoice,
    errors: [403, 404, 409],
  },
  'POST /api/invoices/{id}/reject': {
    tag: 'Invoices',
    summary: 'Reject an invoice',
    params: { id: idSchema },
    body: rejectBodySchema,
    success: 201,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  'POST /api/invoices/{id}/sync/retry': {
    tag: 'Invoices',
    summary:
      'Retry sync: queue the failed integrations of an approved invoice again (same approval, no duplicate bill)',
    params: { id: idSchema },
    body: syncRetrySchema,
    success: 200,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  'POST /api/invoices/{id}/reprocess': {
    tag: 'Invoices',
    summary: 'Restart AI processing',
    params: { id: idSchema },
    success: 202,
    response: named.Invoice,
    errors: [404, 409],
  },
  'GET /api/invoices/{id}/line-items': {
    tag: 'Invoices',
    summary: 'Line items of an invoice',
    params: { id: idSchema },
    success: 200,
    response: pageOf(lineItemSchema),
  },
  'GET /api/invoices/{id}/comments': {
    tag: 'Invoices',
    summary: 'Comments on an invoice',
    params: { id: idSchema },
    success: 200,
    response: pageOf(commentSchema),
  },
  'POST /api/invoices/{id}/comments': {
    tag: 'Invoices',
    summary: 'Add a comment',
    params: { id: idSchema },
    body: commentBodySchema,
    success: 201,
    response: commentSchema,
    errors: [400, 404],
  },
  'GET /api/invoices/{id}/events': {
    tag: 'Invoices',
    summary: 'Audit trail of an invoice',
    params: { id: idSchema },
    success: 200,
    response: pageOf(invoiceEventSchema),
  },
  'GET /api/invoices/{id}/pdf': {
    tag: 'Invoices',
    summary: 'The stored file, inline',
    params: { id: idSchema },
    success: 200,
    rawResponse: { contentType: 'application/octet-stream', description: 'The file as uploaded' },
  },
  'GET /api/invoices/{id}/file': {
    tag: 'Invoices',
    summary: 'The stored file, as a download',
    params: { id: idSchema },
    success: 200,
    rawResponse: { contentType: 'application/octet-stream', description: 'The file as uploaded' },
  },
});
