import type { InvoiceUpdate } from '../../../shared/schemas';
import { approvalStepsFor, approversNotice } from '../approvals/routing';
import { changesApprovedFields } from '../approvals/steps';
import { AppError } from '../errors/app-error';
import { ports } from '../ports';
import { ownReferences } from '../references/own-references';
import { dropLeftVendors, relinkVendor } from '../vendors/link';
import type { Actor } from './audit';
import { saveInvoice } from './commit';
import { markEdits } from './fields';
import type { InvoiceItem } from './invoice';
import { splitChanges } from './splits';
import { assertTransition } from './transitions';

/**
 * A reviewer corrects an invoice (PUT /api/invoices/{id}): only while it waits for a decision, only on
 * the version they saw. Named properties and categories must be the organization's own, splits must add
 * up, edited fields are marked, approvals given to what changed are taken back, and a changed category
 * teaches the organization's classifier. A field sent with the value it has is no change: an edit that
 * changes nothing writes nothing. A picked or retyped vendor re-links the invoice (core/vendors/link), and
 * the SUGGESTED vendor it leaves is deleted once nothing counts on it.
 */
export async function editInvoice(
  before: InvoiceItem,
  input: InvoiceUpdate,
  editor: Actor,
): Promise<InvoiceItem> {
  assertTransition('edit', before.status);
  if (input.version !== before.version) {
    throw new AppError(
      'conflict',
      'stale_version',
      'This invoice was changed by someone else; reload it and try again',
    );
  }
  const { version: _version, allocations, lineItems, vendorId, ...fields } = input;
  const changes: Partial<InvoiceItem> = Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v === '' ? null : v])
      .filter(([k, v]) => JSON.stringify(before[k as keyof InvoiceItem] ?? null) !== JSON.stringify(v)),
  );
  // Only changed references are checked: an invoice keeps the id of a property deleted since.
  const changed = (field: 'propertyId' | 'categoryId') =>
    changes[field] !== before[field] ? changes[field] : undefined;
  const { category } = await ownReferences(before.orgId, {
    propertyId: changed('propertyId'),
    categoryId: changed('categoryId'),
  });
  // The category's name is kept on the invoice for lists and exports.
  if (changed('categoryId') !== undefined) changes.categoryName = category?.name ?? null;
  Object.assign(changes, await splitChanges(before, { ...before, ...changes }, allocations, lineItems));
  if (Object.keys(changes).length === 0 && vendorId === undefined) return before;
  const relink = await relinkVendor(
    before,
    { vendorId, vendorName: 'vendorName' in changes ? changes.vendorName : undefined },
    { ...before, ...changes },
  );
  Object.assign(changes, relink.changes);
  if (Object.keys(changes).length === 0) return before;
  changes.fieldEdits = markEdits(before, changes, before.fieldEdits, {
    by: editor.actor,
    name: editor.actorName ?? null,
    at: new Date().toISOString(),
  });
  // Approvals were given to the invoice as it was: a change to what they approved takes them back, and
  // the invoice meets the rules again as it now is.
  if (before.approvalSteps && changesApprovedFields(before, changes))
    changes.approvalSteps = await approvalStepsFor({ ...before, ...changes });
  // Approvers asked again hear of it in the edit's own transaction.
  const outbox = changes.approvalSteps ? await approversNotice({ ...before, ...changes }) : [];
  const after = await saveInvoice(before, changes, { type: 'edited', ...editor }, { outbox }).catch(
    async (error: unknown) => {
      await dropLeftVendors(before.orgId, [relink.created?.id]);
      throw error;
    },
  );
  if (after.vendorId !== before.vendorId) await dropLeftVendors(after.orgId, [before.vendorId]);
  // A changed category teaches the organization's classifier; learning never fails the edit.
  await ports()
    .learnFromCorrection(before, after)
    .catch((error) => ports().logError('Learning from a correction failed', error, { invoiceId: after.id }));
  return after;
}
