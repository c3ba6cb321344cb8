import {
  approveBodySchema,
  commentBodySchema,
  commentSchema,
  exportIdsSchema,
  idSchema,
  invoiceEventSchema,
  invoiceListQuerySchema,
  invoiceUpdateSchema,
  lineItemSchema,
  pageOf,
  reasonBodySchema,
  rejectBodySchema,
  syncRetrySchema,
  uploadHeadersSchema,
  uploadUrlRequestSchema,
  uploadUrlResponseSchema,
} from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract, type RouteContract } from '../lib/contract';
import { approve, edit, read } from '../lib/rights';
import { bulkContract } from './bulk-contract';

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
  headers: uploadHeadersSchema,
  success: 201,
  // 200: the invoice of an earlier upload with the same Idempotency-Key (nothing new was created).
  alsoSuccess: [200],
  response: named.Invoice,
  errors: [400, 409, 413, 415, 429],
} satisfies Partial<RouteContract>;

/** The routes of invoices: what each reads and answers (functions/api/lib/contract.ts). */
export const invoicesContract = defineContract({
  // First: `/api/invoices/bulk/approve` must not be taken for `/api/invoices/{id}/approve`.
  ...bulkContract,
  'GET /api/invoices': {
    rule: read('invoices:read'),
    tag: 'Invoices',
    summary: 'List invoices',
    query: invoiceListQuerySchema,
    success: 200,
    response: pageOf(named.Invoice),
  },
  'GET /api/invoices/export.csv': {
    rule: read('invoices:read'),
    tag: 'Invoices',
    summary: 'Export the listed invoices as CSV, or those named by `ids` (comma-separated, at most 100)',
    query: invoiceListQuerySchema.extend({ ids: exportIdsSchema.optional() }),
    success: 200,
    rawResponse: { contentType: 'text/csv', description: 'CSV file' },
  },
  'POST /api/invoices/upload': {
    rule: edit('invoices:upload'),
    tag: 'Invoices',
    summary: 'Upload an invoice file (multipart, field `file`)',
    ...upload,
  },
  'POST /api/upload': {
    rule: edit('invoices:upload'),
    tag: 'Invoices',
    summary: 'Upload an invoice file (API clients; same as /api/invoices/upload)',
    ...upload,
  },
  'POST /api/invoices/upload-url': {
    rule: edit('invoices:upload'),
    tag: 'Invoices',
    summary: 'Presigned POST for a browser upload',
    body: uploadUrlRequestSchema,
    headers: uploadHeadersSchema,
    success: 201,
    // 200: an earlier announcement with the same Idempotency-Key, its invoice id with a fresh POST.
    alsoSuccess: [200],
    response: uploadUrlResponseSchema,
    errors: [400, 409, 429],
  },
  'GET /api/invoices/{id}': {
    rule: read('invoices:read'),
    tag: 'Invoices',
    summary: 'Get an invoice',
    params: { id: idSchema },
    success: 200,
    response: named.Invoice,
  },
  'PUT /api/invoices/{id}': {
    rule: edit('invoices:write'),
    tag: 'Invoices',
    summary: 'Edit an invoice',
    params: { id: idSchema },
    body: invoiceUpdateSchema,
    success: 200,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  'DELETE /api/invoices/{id}': {
    rule: edit('invoices:write'),
    tag: 'Invoices',
    summary: 'Delete an invoice',
    params: { id: idSchema },
    success: 204,
  },
  'POST /api/invoices/{id}/approve': {
    rule: approve,
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
    rule: approve,
    tag: 'Invoices',
    summary: 'Reject an invoice',
    params: { id: idSchema },
    body: rejectBodySchema,
    success: 201,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  'POST /api/invoices/{id}/reopen': {
    rule: approve,
    tag: 'Invoices',
    summary:
      'Reopen an approved invoice with a reason: it is REVIEW_REQUIRED again (the reason among its reviewReasons) and needs its approvals again; publishes `invoice.reopened` (409 unless APPROVED)',
    params: { id: idSchema },
    body: reasonBodySchema,
    success: 201,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  'POST /api/invoices/{id}/void': {
    rule: approve,
    tag: 'Invoices',
    summary:
      'Void an approved invoice with a reason: it is REJECTED with the rejection reason "Voided: {reason}"; publishes `invoice.voided` (409 unless APPROVED)',
    params: { id: idSchema },
    body: reasonBodySchema,
    success: 201,
    response: named.Invoice,
    errors: [400, 404, 409],
  },
  'POST /api/invoices/{id}/sync/retry': {
    rule: approve,
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
    rule: edit('invoices:write'),
    tag: 'Invoices',
    summary: 'Restart AI processing',
    params: { id: idSchema },
    success: 202,
    response: named.Invoice,
    errors: [404, 409],
  },
  'GET /api/invoices/{id}/line-items': {
    rule: read('invoices:read'),
    tag: 'Invoices',
    summary: 'Line items of an invoice',
    params: { id: idSchema },
    success: 200,
    response: pageOf(lineItemSchema),
  },
  'GET /api/invoices/{id}/comments': {
    rule: read('invoices:read'),
    tag: 'Invoices',
    summary: 'Comments on an invoice',
    params: { id: idSchema },
    success: 200,
    response: pageOf(commentSchema),
  },
  'POST /api/invoices/{id}/comments': {
    rule: edit('invoices:write'),
    tag: 'Invoices',
    summary: 'Add a comment',
    params: { id: idSchema },
    body: commentBodySchema,
    success: 201,
    response: commentSchema,
    errors: [400, 404],
  },
  'GET /api/invoices/{id}/events': {
    rule: read('invoices:read'),
    tag: 'Invoices',
    summary: 'Audit trail of an invoice',
    params: { id: idSchema },
    success: 200,
    response: pageOf(invoiceEventSchema),
  },
  'GET /api/invoices/{id}/pdf': {
    rule: read('invoices:read'),
    tag: 'Invoices',
    summary: 'The stored file, inline',
    params: { id: idSchema },
    success: 200,
    rawResponse: { contentType: 'application/octet-stream', description: 'The file as uploaded' },
  },
  'GET /api/invoices/{id}/file': {
    rule: read('invoices:read'),
    tag: 'Invoices',
    summary: 'The stored file, as a download',
    params: { id: idSchema },
    success: 200,
    rawResponse: { contentType: 'application/octet-stream', description: 'The file as uploaded' },
  },
});
