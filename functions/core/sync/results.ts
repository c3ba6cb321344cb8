import type { IntegrationItem } from '../integrations/integration';
import { saveInvoice } from '../invoices/commit';
import type { InvoiceItem, SyncResult } from '../invoices/invoice';
import type { OutboxEffect } from '../outbox/effects';
import { ports } from '../ports';

/**
 * A claim older than this outlived the worker that made it (its function timeout is 30 s): the send may or
 * may not have happened, so it is not repeated but reported.
 */
export const CLAIM_EXPIRES_MS = 5 * 60_000;

export const SEND_UNCERTAIN =
  'The e-mail may not have been sent: sending was interrupted. Use Retry sync to send it again';

/**
 * Whether a send for this approval may be claimed, given the integration's current outcome on the invoice:
 * not once it is SYNCED, nor while a claim (PENDING with the Message-ID it sends under) stands.
 */
export function isClaimable(current: SyncResult | undefined, approvedAt: string): boolean {
  if (!current || current.approvedAt !== approvedAt) return true;
  return current.status !== 'SYNCED' && !(current.status === 'PENDING' && current.remoteId);
}

/** Merges one outcome into the invoice's `syncResults`, one entry per integration. */
export function mergeSyncResult(current: SyncResult[], update: SyncResult): SyncResult[] {
  return [...current.filter((r) => r.integrationId !== update.integrationId), update];
}

/** True when the approval of `at` reached every active integration (then `invoice.synced` is announced). */
export function everyIntegrationSynced(
  active: IntegrationItem[],
  results: SyncResult[],
  at: string,
): boolean {
  return active.every((i) =>
    results.some((r) => r.integrationId === i.id && r.status === 'SYNCED' && r.approvedAt === at),
  );
}

/**
 * Writes the outcome `decide` makes of the invoice's current ones, conditionally on the invoice's version
 * (re-read and decided again after a concurrent change); null when `decide` declines or the invoice is gone.
 */
async function changeSyncResult(
  orgId: string,
  invoiceId: string,
  decide: (current: SyncResult[]) => SyncResult | null,
  effects: (results: SyncResult[]) => OutboxEffect[] = () => [],
): Promise<SyncResult[] | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const before = await ports().findInvoice(orgId, invoiceId);
    if (!before) return null;
    const result = decide(before.syncResults ?? []);
    if (!result) return null;
    const syncResults = mergeSyncResult(before.syncResults ?? [], result);
    try {
      await saveInvoice(before, { syncResults }, null, { outbox: effects(syncResults) });
      return syncResults;
    } catch (error) {
      if ((error as { code?: string }).code !== 'stale_version') throw error;
    }
  }
  throw new Error('The invoice kept changing; the sync outcome is retried');
}

/** Writes one outcome on the invoice, with the effects `effects` names from the outcomes as written. */
export async function saveSyncResult(
  orgId: string,
  invoiceId: string,
  result: SyncResult,
  effects?: (results: SyncResult[]) => OutboxEffect[],
): Promise<SyncResult[]> {
  return (await changeSyncResult(orgId, invoiceId, () => result, effects)) ?? [];
}

/** Writes `claim` only while, on the invoice as it is at the write, the send is still claimable. */
export async function claimSyncResult(orgId: string, invoiceId: string, claim: SyncResult): Promise<boolean> {
  const written = await changeSyncResult(orgId, invoiceId, (results) => {
    const current = results.find((r) => r.integrationId === claim.integrationId);
    return isClaimable(current, claim.approvedAt as string) ? claim : null;
  });
  return written !== null;
}

/** Tells the organization that an invoice could not be synced, and why (an in-app notification). */
export async function notifySyncFailed(orgId: string, invoice: InvoiceItem, failure: string): Promise<void> {
  const label = invoice.invoiceNumber ? `Invoice ${invoice.invoiceNumber}` : invoice.filename;
  await ports().addNotification(orgId, {
    kind: 'sync_failed',
    invoiceId: invoice.id,
    message: `${label} could not be synced: ${failure}`.slice(0, 500),
  });
}
