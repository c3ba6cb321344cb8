import { conflict } from '../errors/app-error';
import type { OutboxEffect } from '../outbox/effects';
import { ports } from '../ports';
import { saveInvoice } from './commit';
import type { InvoiceItem, SyncResult } from './invoice';

export const NOTHING_TO_RETRY = 'This invoice has no failed sync to retry';

/**
 * Retry sync (the review dialog's button): each FAILED outcome of the approved invoice (or the one named)
 * is set back to PENDING and queued again under the same approval, so its idempotency key, and with it
 * QuickBooks' requestid and Propertyware's refNo lookup, stays the same: a bill that was made after all is
 * found, never made twice. Integrations removed or switched off since are left as they are.
 */
export async function retryFailedSync(invoice: InvoiceItem, integrationId?: string): Promise<InvoiceItem> {
  if (invoice.status !== 'APPROVED') throw conflict('not_approved', 'Only an approved invoice is synced');
  const candidates = invoice.syncResults.filter(
    (r) => r.status === 'FAILED' && r.approvedAt && (!integrationId || r.integrationId === integrationId),
  );
  const retried: SyncResult[] = [];
  for (const result of candidates) {
    const integration = await ports().findIntegration(invoice.orgId, result.integrationId);
    if (integration && integration.status !== 'INACTIVE') retried.push(result);
  }
  if (retried.length === 0) throw conflict('nothing_to_retry', NOTHING_TO_RETRY);
  const now = new Date().toISOString();
  const pending = new Set(retried.map((r) => r.integrationId));
  // The syncs are outbox items of the same write: PENDING is never saved without its sync queued.
  const outbox: OutboxEffect[] = retried.map((r) => ({
    kind: 'sync',
    invoiceId: invoice.id,
    integrationId: r.integrationId,
    at: r.approvedAt as string,
  }));
  return saveInvoice(
    invoice,
    {
      syncResults: invoice.syncResults.map((r) =>
        pending.has(r.integrationId) ? { ...r, status: 'PENDING', nextAttemptAt: now, updatedAt: now } : r,
      ),
    },
    null,
    { outbox },
  );
}
