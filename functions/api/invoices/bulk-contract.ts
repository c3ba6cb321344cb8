import {
  bulkApproveSchema,
  bulkDeleteSchema,
  bulkEditSchema,
  bulkRejectSchema,
  bulkResultSchema,
} from '../../../shared/schemas';
import { defineContract, type RouteContract } from '../lib/contract';
import { approve, edit } from '../lib/rights';

const answers = {
  tag: 'Invoices',
  success: 200,
  response: bulkResultSchema,
  errors: [400],
} satisfies Partial<RouteContract>;
const perInvoice =
  'Each invoice is decided in its own transaction; the answer says for each what was done or why it was skipped (another organization\'s ids are "not found", a `versions` entry other than the stored version is "Changed since you selected it")';

/**
 * Bulk work on up to 100 invoices (shared/schemas/bulk.ts), each route with the rule of its single
 * action. They come before `/api/invoices/{id}/…` in the invoices contract: the first route matching a
 * path serves it, and `bulk` would otherwise be read as an id.
 */
export const bulkContract = defineContract({
  'POST /api/invoices/bulk/approve': {
    rule: approve,
    summary: `Approve invoices: gives your approval to each (one whose rule needs another approver is \`waiting\`). ${perInvoice}`,
    body: bulkApproveSchema,
    ...answers,
  },
  'POST /api/invoices/bulk/reject': {
    rule: approve,
    summary: `Reject invoices with one reason. ${perInvoice}`,
    body: bulkRejectSchema,
    ...answers,
  },
  'POST /api/invoices/bulk/edit': {
    rule: edit('invoices:write'),
    summary: `Set the property and/or category of invoices. ${perInvoice}`,
    body: bulkEditSchema,
    ...answers,
  },
  'POST /api/invoices/bulk/delete': {
    rule: edit('invoices:write'),
    summary: `Delete invoices. ${perInvoice}`,
    body: bulkDeleteSchema,
    ...answers,
  },
});
