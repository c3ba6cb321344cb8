import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { INTEGRATION_SECRET_FIELDS } from '../../../shared/schemas';
import {
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
} from '../../adapters/dynamodb/invoices';
import { addNotification } from '../../adapters/dynamodb/notifications';
import { type PostResult, postJson } from '../../adapters/http';
import { openFields } from '../../adapters/secrets';
import { publishInvoiceEvent, type SyncMessage } from '../../services/invoice-events';
import { isFinalAttempt, processBatch } from '../lib/batch';

export const SYNC_TIMEOUT_MS = 10_000;

/** How one integration is called: where, and with which credentials (its config with secrets opened). */
export function requestFor(
  integration: IntegrationItem,
): { url: string; headers: Record<string, string> } | { error: string } {
  const { config } = integration;
  const url = config.apiUrl ?? config.webhookUrl;
  if (!url) return { error: `No API URL is configured for ${integration.name}` };
  switch (integration.type) {
    case 'MAKE_COM':
      // A Make.com custom webhook: the URL is the secret; an API key, if set, goes in Make's header.
      return { url, headers: config.apiKey ? { 'x-make-apikey': config.apiKey } : {} };
    case 'PROPERTYWARE': {
      const basic = Buffer.from(`${config.username ?? ''}:${config.password ?? ''}`).toString('base64');
      return { url, headers: { authorization: `Basic ${basic}` } };
    }
    case 'QUICKBOOKS':
      return { url, headers: { authorization: `Bearer ${config.apiKey ?? ''}` } };
  }
}

export interface SyncDeps {
  findInvoice(orgId: string, invoiceId: string): Promise<InvoiceItem | undefined>;
  payloadOf(invoice: InvoiceItem): Promise<unknown>;
  listIntegrations(orgId: string): Promise<IntegrationItem[]>;
  recordIntegrationResult(
    orgId: string,
    id: string,
    result: { ok: boolean; error?: string },
  ): Promise<unknown>;
  /** Writes the outcomes on the invoice (read-modify-write, retried on a concurrent change). */
  saveSyncResults(orgId: string, invoiceId: string, results: SyncResult[]): Promise<void>;
  notifySyncFailed(orgId: string, invoice: InvoiceItem, failures: string[]): Promise<void>;
  publishSynced(orgId: string, invoiceId: string): Promise<void>;
  /** The config with its secret fields opened (decrypted) for this call only. */
  openConfig(orgId: string, config: Record<string, string>): Promise<Record<string, string>>;
  /** Through the guarded outbound client: internal addresses are refused at connect time. */
  post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult>;
}

/**
 * Pushes an approved invoice to every active integration of its organization and records each
 * outcome on the invoice (`syncResults`) and on the integration. Integrations already synced since
 * this approval are skipped, so a retried message only calls the ones that failed. A failure throws
 * (SQS retries, then dead-letters); on the last attempt the organization is notified (`sync_failed`).
 */
export function createSyncHandler(deps: SyncDeps) {
  async function sync(message: SyncMessage, record: SQSRecord): Promise<void> {
    const invoice = await deps.findInvoice(message.orgId, message.invoiceId);
    if (invoice?.status !== 'APPROVED') return; // Deleted or reopened since: nothing to push.
    const integrations = (await deps.listIntegrations(message.orgId)).filter((i) => i.status !== 'INACTIVE');
    if (integrations.length === 0) return;
    const previous = new Map((invoice.syncResults ?? []).map((r) => [r.integrationId, r]));
    const pending = integrations.filter((i) => {
      const done = previous.get(i.id);
      return !(done?.status === 'SYNCED' && done.updatedAt >= message.at);
    });
    if (pending.length === 0) return;
    const body = JSON.stringify({ event: 'invoice.approved', invoice: await deps.payloadOf(invoice) });
    const results: SyncResult[] = [];
    const failures: string[] = [];
    for (const integration of pending) {
      const request = requestFor({
        ...integration,
        config: await deps.openConfig(message.orgId, integration.config),
      });
      const outcome: PostResult =
        'error' in request
          ? { ok: false, status: null, error: request.error }
          : await deps.post(request.url, body, request.headers, SYNC_TIMEOUT_MS);
      await deps.recordIntegrationResult(message.orgId, integration.id, {
        ok: outcome.ok,
        error: outcome.error,
      });
      results.push({
        integrationId: integration.id,
        integrationName: integration.name,
        type: integration.type,
        status: outcome.ok ? 'SYNCED' : 'FAILED',
        attempts: (previous.get(integration.id)?.attempts ?? 0) + 1,
        lastError: outcome.ok ? null : (outcome.error ?? 'Unknown error'),
        updatedAt: new Date().toISOString(),
      });
      if (!outcome.ok) failures.push(`${integration.name}: ${outcome.error}`);
    }
    await deps.saveSyncResults(message.orgId, message.invoiceId, results);
    if (failures.length) {
      if (isFinalAttempt(record)) await deps.notifySyncFailed(message.orgId, invoice, failures);
      throw new Error(`Sync failed: ${failures.join('; ')}`);
    }
    await deps.publishSynced(message.orgId, message.invoiceId);
  }
  return (event: SQSEvent): Promise<SQSBatchResponse> => processBatch<SyncMessage>(event, sync);
}

/** Merges new outcomes into the invoice's `syncResults`, one entry per integration. */
export function mergeSyncResults(current: SyncResult[], updates: SyncResult[]): SyncResult[] {
  const byId = new Map(current.map((r) => [r.integrationId, r]));
  for (const update of updates) byId.set(update.integrationId, update);
  return [...byId.values()];
}

export const handler = createSyncHandler({
  findInvoice,
  async payloadOf(invoice) {
    return { ...toInvoice(invoice), lineItems: await listLineItems(invoice.orgId, invoice.id) };
  },
  listIntegrations,
  recordIntegrationResult,
  async saveSyncResults(orgId, invoiceId, results) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await findInvoice(orgId, invoiceId);
      if (!before) return;
      try {
        await saveInvoice(before, { syncResults: mergeSyncResults(before.syncResults ?? [], results) }, null);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'stale_version') throw error;
      }
    }
  },
  async notifySyncFailed(orgId, invoice, failures) {
    const label = invoice.invoiceNumber ? `Invoice ${invoice.invoiceNumber}` : invoice.filename;
    await addNotification(orgId, {
      kind: 'sync_failed',
      invoiceId: invoice.id,
      message: `${label} could not be synced: ${failures.join('; ')}`.slice(0, 500),
    });
  },
  publishSynced: (orgId, invoiceId) => publishInvoiceEvent(orgId, invoiceId, 'invoice.synced'),
  openConfig: (orgId, config) => openFields(orgId, config, INTEGRATION_SECRET_FIELDS),
  post: postJson,
});
