import type { BulkEdit, BulkItemResult, BulkResult } from '../../../shared/schemas';
import { remaining } from '../approvals/steps';
import { AppError } from '../errors/app-error';
import { countBulkCall } from '../fairness/bulk-rate';
import { ports } from '../ports';
import { ownReferences } from '../references/own-references';
import type { Actor } from './audit';
import { type Approver, approve, reject } from './decisions';
import { removeInvoice } from './delete';
import { editInvoice } from './edit';
import type { InvoiceItem } from './invoice';

/**
 * Bulk work on the Invoices list (issue 35): one action on many invoices, each through the same use-case
 * as the single action (decisions, edit, delete), so rules, rights per invoice and audit are the same.
 * Each invoice is its own transaction: a refusal or failure on one never undoes or holds back another,
 * and the answer says for each what was done or why it was skipped. Invoices are decided one after the
 * other: decisions on different invoices write the same aggregate items, and in parallel their
 * transactions would cancel each other. Each call counts against the organization's per-minute limit
 * of bulk calls (core/fairness/bulk-rate) before any invoice is read.
 */

export const CHANGED_SINCE_SELECTED = 'Changed since you selected it';
export const INVOICE_NOT_FOUND = 'Invoice not found';
const FAILED = 'Could not be saved: try again';

/** The invoices a bulk action names, and the version of each the person saw (see bulkSelection). */
export interface Selection {
  ids: string[];
  versions?: Record<string, number>;
}

/** What an action did to one invoice; `after` is null when the invoice is gone (deleted). */
interface Effect {
  outcome: 'done' | 'waiting' | 'skipped';
  message: string;
  after: InvoiceItem | null;
}

/** `seen`: the person named the version they saw, and the action must take effect on that one only. */
type Action = (invoice: InvoiceItem, seen: boolean) => Promise<Effect>;

const labelled = (invoice: InvoiceItem | undefined, id: string) => ({
  id,
  invoiceNumber: invoice?.invoiceNumber ?? null,
  vendorName: invoice?.vendorName ?? null,
});

async function one(orgId: string, id: string, version: number | undefined, act: Action) {
  // Another organization's id is not found: it is never read, let alone touched.
  const invoice = await ports().findInvoice(orgId, id);
  const skipped = (message: string): BulkItemResult => ({
    ...labelled(invoice, id),
    outcome: 'skipped',
    message,
    status: invoice?.status ?? null,
  });
  if (!invoice) return skipped(INVOICE_NOT_FOUND);
  if (version !== undefined && invoice.version !== version) return skipped(CHANGED_SINCE_SELECTED);
  try {
    const { outcome, message, after } = await act(invoice, version !== undefined);
    return { ...labelled(after ?? invoice, id), outcome, message, status: after?.status ?? null };
  } catch (error) {
    if (error instanceof AppError)
      return skipped(error.code === 'stale_version' ? CHANGED_SINCE_SELECTED : error.message);
    ports().logError('A bulk action failed on one invoice', error, { invoiceId: id });
    return skipped(FAILED);
  }
}

/** Runs `act` on each selected invoice of the organization (each id once, in the order sent). */
async function forEachInvoice(orgId: string, selection: Selection, act: Action): Promise<BulkResult> {
  await countBulkCall(orgId);
  const items: BulkItemResult[] = [];
  for (const id of new Set(selection.ids)) items.push(await one(orgId, id, selection.versions?.[id], act));
  const count = (outcome: BulkItemResult['outcome']) => items.filter((i) => i.outcome === outcome).length;
  return { items, done: count('done'), waiting: count('waiting'), skipped: count('skipped') };
}

/**
 * Gives the person's approval to each invoice. One whose rule needs another approver after this one is
 * `waiting`: the approval is recorded, as the single Approve records it.
 */
export function bulkApprove(orgId: string, selection: Selection, approver: Approver, comment: string | null) {
  return forEachInvoice(orgId, selection, async (invoice, seen) => {
    const after = await approve(invoice, approver, comment, { seen });
    if (after.status === 'APPROVED') return { outcome: 'done', message: 'Approved', after };
    const left = after.approvalSteps ? remaining(after.approvalSteps) : 0;
    const needs = left === 1 ? 'a second approver' : `${left} more approvals`;
    return { outcome: 'waiting', message: `Your approval is recorded: it needs ${needs}`, after };
  });
}

export function bulkReject(orgId: string, selection: Selection, reason: string, actor: Actor) {
  return forEachInvoice(orgId, selection, async (invoice) => ({
    outcome: 'done',
    message: 'Rejected',
    after: await reject(invoice, reason, actor),
  }));
}

/**
 * Sets the property and/or category of each invoice, as the edit form would (approvals given to what
 * changed are taken back). A property or category not the organization's own refuses the whole call (400)
 * before any invoice is touched, rather than skipping every invoice for the same reason.
 */
export async function bulkEdit(
  orgId: string,
  selection: Selection,
  coding: Omit<BulkEdit, 'ids' | 'versions'>,
  actor: Actor,
) {
  await ownReferences(orgId, coding);
  const what = [coding.propertyId !== undefined && 'property', coding.categoryId !== undefined && 'category']
    .filter(Boolean)
    .join(' and ');
  // Choosing "No property" (null) takes the coding off rather than setting one.
  const verb = coding.propertyId || coding.categoryId ? 'set' : 'cleared';
  return forEachInvoice(orgId, selection, async (invoice) => {
    const after = await editInvoice(
      invoice,
      { version: invoice.version, propertyId: coding.propertyId, categoryId: coding.categoryId },
      actor,
    );
    // An edit that changes nothing writes nothing (editInvoice answers the invoice as it was).
    if (after.version === invoice.version)
      return { outcome: 'skipped', message: `Already has this ${what}`, after };
    return { outcome: 'done', message: `${what[0].toUpperCase()}${what.slice(1)} ${verb}`, after };
  });
}

export function bulkDelete(orgId: string, selection: Selection) {
  return forEachInvoice(orgId, selection, async (invoice) => {
    await removeInvoice(invoice);
    return { outcome: 'done', message: 'Deleted', after: null };
  });
}
