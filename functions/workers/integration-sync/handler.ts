import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { INTEGRATION_SECRET_FIELDS } from '../../../shared/schemas';
import {
  findIntegration,
  type IntegrationItem,
  listIntegrations,
  recordIntegrationResult,
} from '../../adapters/dynamodb/integrations';
import {
  findInvoice,
  type InvoiceItem,
  listLineItems,
  type SyncResult,
  saveInvoice,
  toInvoice,
  withLineSplits,
} from '../../adapters/dynamodb/invoices';
import { addNotification } from '../../adapters/dynamodb/notifications';
import { postJson } from '../../adapters/http';
import { pushPropertywareBill } from '../../adapters/propertyware/client';
import { type BillDocument, pushBill } from '../../adapters/quickbooks/client';
import { integrationTokenStore, quickBooksApp } from '../../adapters/quickbooks/integration-tokens';
import { type AccessTokenResult, freshAccessToken } from '../../adapters/quickbooks/tokens';
import { getObjectBytes } from '../../adapters/s3/storage';
import { openFields } from '../../adapters/secrets';
import { env } from '../../env';
import { fanOutSync, publishInvoiceEvent, type SyncMessage } from '../../services/invoice-events';
import { isFinalAttempt, processBatch } from '../lib/batch';

export const SYNC_TIMEOUT_MS = 10_000;

/** How a Make.com webhook is called: its URL (the secret), and Make's API key header when one is set. */
export function requestFor(
  integration: IntegrationItem & { type: 'MAKE_COM' },
): { url: string; headers: Record<string, string> } | { error: string } {
  const { config } = integration;
  const url = config.apiUrl ?? config.webhookUrl;
  if (!url) return { error: `No API URL is configured for ${integration.name}` };
  return { url, headers: config.apiKey ? { 'x-make-apikey': config.apiKey } : {} };
}

/**
 * What one push to one system came to. `permanent` failures (revoked credentials, a missing mapping)
 * are not retried: calling again cannot help until someone changes the integration.
 */
export type PushOutcome =
  | { ok: true; remoteId: string | null }
  | { ok: false; error: string; permanent?: boolean };

/** The approved invoice as pushed: its JSON with the line items. */
export type InvoicePayload = ReturnType<typeof toInvoice> & {
  lineItems: Awaited<ReturnType<typeof listLineItems>>;
};

export interface SyncDeps {
  findInvoice(orgId: string, invoiceId: string): Promise<InvoiceItem | undefined>;
  payloadOf(invoice: InvoiceItem): Promise<InvoicePayload>;
  findIntegration(orgId: string, integrationId: string): Promise<IntegrationItem | undefined>;
  listIntegrations(orgId: string): Promise<IntegrationItem[]>;
  /** Queues one message per active integration (for a message of the older, one-for-all shape). */
  fanOut(orgId: string, invoiceId: string, at: string): Promise<void>;
  recordIntegrationResult(
    orgId: string,
    id: string,
    result: { ok: boolean; error?: string },
  ): Promise<unknown>;
  /** Writes one outcome on the invoice (read-modify-write, retried on a concurrent change); answers them all. */
  saveSyncResult(orgId: string, invoiceId: string, result: SyncResult): Promise<SyncResult[]>;
  notifySyncFailed(orgId: string, invoice: InvoiceItem, failure: string): Promise<void>;
  publishSynced(orgId: string, invoiceId: string): Promise<void>;
  /** The config with its secret fields opened (decrypted) for this call only. */
  openConfig(orgId: string, config: Record<string, string>): Promise<Record<string, string>>;
  /**
   * Sends the invoice to one system (config opened), with its file for the systems that attach it; every
   * call goes through the guarded outbound client.
   */
  push(
    integration: IntegrationItem,
    invoice: InvoicePayload,
    idempotencyKey: string,
    document: BillDocument,
  ): Promise<PushOutcome>;
  /** The stored file of an invoice (its object key). */
  readObject(key: string): Promise<Uint8Array>;
  /** Milliseconds until the queue calls again after a failure (the queue's visibility timeout). */
  retryDelayMs(): number;
  now?: () => Date;
}

/**
 * The access token QuickBooks is called with: a connected integration's (refreshed before expiry, see
 * freshAccessToken), else the pasted API key.
 */
async function quickBooksToken(orgId: string, integration: IntegrationItem): Promise<AccessTokenResult> {
  const app = quickBooksApp();
  if (!integration.config.refreshToken || !app)
    return { ok: true, accessToken: integration.config.apiKey ?? '' };
  return freshAccessToken(app, integrationTokenStore(orgId, integration.id));
}

/**
 * Sends the invoice to one system, config opened: QuickBooks and Propertyware get a bill (its id is the
 * remote id); Make.com gets the event as JSON.
 */
export async function pushTo(
  integration: IntegrationItem,
  invoice: InvoicePayload,
  idempotencyKey: string,
  document: BillDocument,
): Promise<PushOutcome> {
  if (integration.type === 'QUICKBOOKS') {
    const token = await quickBooksToken(invoice.organizationId, integration);
    if (!token.ok) return token;
    const result = await pushBill(
      { ...integration.config, apiKey: token.accessToken },
      invoice,
      idempotencyKey,
      document,
    );
    return result.ok ? { ok: true, remoteId: result.billId } : result;
  }
  if (integration.type === 'PROPERTYWARE') {
    const result = await pushPropertywareBill(integration.config, invoice);
    return result.ok ? { ok: true, remoteId: result.billId } : result;
  }
  const request = requestFor({ ...integration, type: integration.type });
  if ('error' in request) return { ok: false, error: request.error, permanent: true };
  const body = JSON.stringify({ event: 'invoice.approved', invoice });
  const result = await postJson(request.url, body, request.headers, SYNC_TIMEOUT_MS);
  return result.ok ? { ok: true, remoteId: null } : { ok: false, error: result.error ?? 'Unknown error' };
}

/**
 * Pushes an approved invoice to ONE integration (one message per invoice and integration, see
 * fanOutSync) and records the outcome on the invoice (`syncResults`) and on the integration. A message
 * whose integration is already SYNCED for this approval is dropped, so a redelivery never sends twice.
 * A transient failure is RETRYING and throws (SQS calls again, then dead-letters); a permanent one, or
 * the last attempt, is FAILED and notifies the organization (`sync_failed`).
 */
export function createSyncHandler(deps: SyncDeps) {
  const now = deps.now ?? (() => new Date());

  async function sync(message: SyncMessage, record: SQSRecord): Promise<void> {
    if (!message.integrationId) return deps.fanOut(message.orgId, message.invoiceId, message.at);
    const invoice = await deps.findInvoice(message.orgId, message.invoiceId);
    if (invoice?.status !== 'APPROVED') return; // Deleted or reopened since: nothing to push.
    const integration = await deps.findIntegration(message.orgId, message.integrationId);
    if (!integration || integration.status === 'INACTIVE') return; // Removed or switched off since.
    const previous = (invoice.syncResults ?? []).find((r) => r.integrationId === integration.id);
    if (previous?.status === 'SYNCED' && previous.approvedAt === message.at) return;
    const attempts = (previous?.approvedAt === message.at ? previous.attempts : 0) + 1;

    const outcome = await deps.push(
      { ...integration, config: await deps.openConfig(message.orgId, integration.config) },
      await deps.payloadOf(invoice),
      message.idempotencyKey,
      {
        filename: invoice.filename,
        contentType: invoice.contentType,
        read: () => deps.readObject(invoice.objectKey),
      },
    );
    const final = outcome.ok || outcome.permanent === true || isFinalAttempt(record);
    const at = now();
    const results = await deps.saveSyncResult(message.orgId, message.invoiceId, {
      integrationId: integration.id,
      integrationName: integration.name,
      type: integration.type,
      status: outcome.ok ? 'SYNCED' : final ? 'FAILED' : 'RETRYING',
      remoteId: outcome.ok ? outcome.remoteId : null,
      attempts,
      lastError: outcome.ok ? null : outcome.error,
      nextAttemptAt: final ? null : new Date(at.getTime() + deps.retryDelayMs()).toISOString(),
      approvedAt: message.at,
      updatedAt: at.toISOString(),
    });
    await deps.recordIntegrationResult(message.orgId, integration.id, {
      ok: outcome.ok,
      ...(outcome.ok ? {} : { error: outcome.error }),
    });
    if (outcome.ok) {
      if (await everyIntegrationSynced(message, results))
        await deps.publishSynced(message.orgId, message.invoiceId);
      return;
    }
    if (final) await deps.notifySyncFailed(message.orgId, invoice, `${integration.name}: ${outcome.error}`);
    if (!outcome.permanent) throw new Error(`Sync to ${integration.name} failed: ${outcome.error}`);
  }

  /** True when this approval reached every active integration (then `invoice.synced` is published once). */
  async function everyIntegrationSynced(message: SyncMessage, results: SyncResult[]): Promise<boolean> {
    const active = (await deps.listIntegrations(message.orgId)).filter((i) => i.status !== 'INACTIVE');
    return active.every((i) =>
      results.some((r) => r.integrationId === i.id && r.status === 'SYNCED' && r.approvedAt === message.at),
    );
  }

  return (event: SQSEvent): Promise<SQSBatchResponse> => processBatch<SyncMessage>(event, sync);
}

/** Merges one outcome into the invoice's `syncResults`, one entry per integration. */
export function mergeSyncResult(current: SyncResult[], update: SyncResult): SyncResult[] {
  return [...current.filter((r) => r.integrationId !== update.integrationId), update];
}

export const handler = createSyncHandler({
  findInvoice,
  async payloadOf(invoice) {
    // Each line item carries its own split, so the sync can book it per allocation.
    const lineItems = withLineSplits(await listLineItems(invoice.orgId, invoice.id), invoice);
    return { ...toInvoice(invoice), lineItems };
  },
  findIntegration,
  listIntegrations,
  async fanOut(orgId, invoiceId, at) {
    const { SYNC_QUEUE_URL } = env();
    if (SYNC_QUEUE_URL) await fanOutSync(SYNC_QUEUE_URL, orgId, invoiceId, at);
  },
  recordIntegrationResult,
  async saveSyncResult(orgId, invoiceId, result) {
    for (let attempt = 0; attempt < 8; attempt++) {
      const before = await findInvoice(orgId, invoiceId);
      if (!before) return [];
      const syncResults = mergeSyncResult(before.syncResults ?? [], result);
      try {
        await saveInvoice(before, { syncResults }, null);
        return syncResults;
      } catch (error) {
        if ((error as { code?: string }).code !== 'stale_version') throw error;
      }
    }
    throw new Error('The invoice kept changing; the sync outcome is retried');
  },
  async notifySyncFailed(orgId, invoice, failure) {
    const label = invoice.invoiceNumber ? `Invoice ${invoice.invoiceNumber}` : invoice.filename;
    await addNotification(orgId, {
      kind: 'sync_failed',
      invoiceId: invoice.id,
      message: `${label} could not be synced: ${failure}`.slice(0, 500),
    });
  },
  publishSynced: (orgId, invoiceId) => publishInvoiceEvent(orgId, invoiceId, 'invoice.synced'),
  openConfig: (orgId, config) => openFields(orgId, config, INTEGRATION_SECRET_FIELDS),
  push: pushTo,
  readObject: (key) => getObjectBytes(key),
  retryDelayMs: () => env().SYNC_RETRY_SECONDS * 1000,
});
