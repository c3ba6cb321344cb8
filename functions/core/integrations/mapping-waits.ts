import { mappingComplete } from '../../../shared/integration-mapping';
import type { IntegrationItem, MappingWait } from '../integrations/integration';
import { saveInvoice } from '../invoices/commit';
import { ports } from '../ports';

/** A concurrent change to the invoice is re-read this many times before its wait is left for next time. */
const ATTEMPTS = 3;

/**
 * The bills that waited for this integration's account mapping are sent once it is complete: each waiting
 * approved invoice's result goes from "waiting for the mapping" to queued, with its sync as an outbox item
 * of the same write (under the same approval, so the idempotency key is the one it always had). A wait
 * whose invoice was since reopened, deleted or booked is simply cleared. Answers how many were sent on.
 */
export async function sendBillsWaitingForMapping(
  orgId: string,
  integration: IntegrationItem,
): Promise<number> {
  if (integration.status === 'INACTIVE' || !mappingComplete(integration)) return 0;
  let resumed = 0;
  for (const wait of await ports().mappingWaits.list(orgId, integration.id)) {
    try {
      if (await resume(orgId, integration.id, wait)) resumed++;
      await ports().mappingWaits.remove(orgId, integration.id, wait.invoiceId);
    } catch (error) {
      // Kept: the next save of the mapping, or the invoice's Retry sync, sends it.
      ports().logWarning('A bill waiting for the mapping was not sent on', {
        orgId,
        wait,
        error: String(error),
      });
    }
  }
  return resumed;
}

async function resume(orgId: string, integrationId: string, wait: MappingWait): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const invoice = await ports().findInvoice(orgId, wait.invoiceId);
    const result = invoice?.syncResults.find((r) => r.integrationId === integrationId);
    if (invoice?.status !== 'APPROVED') return false;
    if (result?.status !== 'PENDING' || result.approvedAt !== wait.approvedAt) return false;
    const now = new Date().toISOString();
    try {
      await saveInvoice(
        invoice,
        {
          syncResults: invoice.syncResults.map((r) =>
            r === result ? { ...r, lastError: null, nextAttemptAt: now, updatedAt: now } : r,
          ),
        },
        null,
        { outbox: [{ kind: 'sync', invoiceId: invoice.id, integrationId, at: wait.approvedAt }] },
      );
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== 'stale_version' || attempt >= ATTEMPTS) throw error;
    }
  }
}
