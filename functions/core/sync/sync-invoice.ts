import { mappingComplete, WAITING_FOR_MAPPING } from '../../../shared/integration-mapping';
import { type EventInvoice, INTEGRATION_SECRET_FIELDS } from '../../../shared/schemas';
import type { IntegrationItem, MappingWait } from '../integrations/integration';
import { eventInvoiceOf } from '../invoices/event-invoice';
import type { InvoiceItem, SyncResult } from '../invoices/invoice';
import { invoiceEventEffect, type OutboxEffect } from '../outbox/effects';
import { ports } from '../ports';
import { webhookMessageId } from '../webhooks/signing';
import {
  CLAIM_EXPIRES_MS,
  claimSyncResult,
  everyIntegrationSynced,
  isClaimable,
  notifySyncFailed,
  SEND_UNCERTAIN,
  saveSyncResult,
} from './results';

/**
 * A message on the integration-sync queue: push one approved invoice to ONE integration, so a slow or
 * failing system is retried alone and never makes the others send twice.
 */
export interface SyncMessage {
  orgId: string;
  invoiceId: string;
  integrationId: string;
  /** When the invoice was approved: a later approval is a new sync. */
  at: string;
  /** Stable per (invoice, integration, approval); sent as the target's request id (QuickBooks `requestid`). */
  idempotencyKey: string;
  /**
   * `reverse`: take back what the invoice's last approval booked there (the invoice was reopened or
   * voided); absent: book the approval of `at`.
   */
  action?: 'reverse';
}

/** The invoice's stored file, for the systems that attach it to what they book. */
export interface BillDocument {
  filename: string;
  contentType: string;
  read(): Promise<Uint8Array>;
}

/** What an approval booked in a system: a bill, or a vendor credit for a negative total. */
export interface BookedDocument {
  id: string;
  kind: 'bill' | 'credit';
}

/**
 * What one push to one system came to. `permanent` failures (revoked credentials, a missing mapping)
 * are not retried: calling again cannot help until someone changes the integration.
 */
export type PushOutcome =
  | { ok: true; remoteId: string | null; remoteKind?: BookedDocument['kind'] }
  | { ok: false; error: string; permanent?: boolean };

/**
 * The systems whose booking can be taken back (a bill deleted when its invoice is reopened or voided). An
 * e-mail once sent stays sent; Make.com and webhooks get the `invoice.reopened` / `invoice.voided` event.
 */
export const REVERSIBLE_TYPES: ReadonlySet<IntegrationItem['type']> = new Set(['QUICKBOOKS', 'PROPERTYWARE']);

/**
 * Systems that cannot drop a duplicate themselves (an e-mail, once sent, is sent): the send is claimed on
 * the invoice first, with a conditional write, so a redelivered message never sends twice. Bills are
 * idempotent at the target (requestid, refNo) and are simply called again.
 */
const CLAIMED_TYPES: ReadonlySet<IntegrationItem['type']> = new Set(['EMAIL']);

/** The approved invoice as pushed: as events carry it, with its line items and a file link. */
export type InvoicePayload = EventInvoice;

/** What one message asks for: its idempotency key (per invoice, integration and approval) and the approval. */
export interface SyncJob {
  idempotencyKey: string;
  approvedAt: string;
}

/** The approval event as one Make.com integration gets it: its id is the same on every retry. */
export const makeEvent = (integrationId: string, invoiceId: string, approvedAt: string) => ({
  id: webhookMessageId(integrationId, invoiceId, 'invoice.approved', approvedAt),
  type: 'invoice.approved' as const,
  at: approvedAt,
});

/** The Message-ID an EMAIL sync sends under: stable per (invoice, integration, approval). */
export function syncMessageId(job: SyncJob, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'invoicepilot.local';
  return `<sync-${job.idempotencyKey}@${domain}>`;
}

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
  /**
   * Writes one outcome on the invoice (read-modify-write, retried on a concurrent change); answers them all.
   * `effects` names, from the outcomes as they will be written, the side effects to write as outbox items
   * in the same transaction (`invoice.synced` once the last integration is synced).
   */
  saveSyncResult(
    orgId: string,
    invoiceId: string,
    result: SyncResult,
    effects?: (results: SyncResult[]) => OutboxEffect[],
  ): Promise<SyncResult[]>;
  /**
   * Writes `claim` only if, on the invoice as it is at the write (a conditional write on its version),
   * the integration's outcome is still claimable (isClaimable); answers whether it was written.
   */
  claimSyncResult(orgId: string, invoiceId: string, claim: SyncResult): Promise<boolean>;
  notifySyncFailed(orgId: string, invoice: InvoiceItem, failure: string): Promise<void>;
  /** Notes that this approval's bill waits for the integration's mapping (sent once an admin completes it). */
  waitForMapping(orgId: string, integrationId: string, wait: MappingWait): Promise<void>;
  /** The config with its secret fields opened (decrypted) for this call only. */
  openConfig(orgId: string, config: Record<string, string>): Promise<Record<string, string>>;
  /**
   * Sends the invoice to one system (config opened), with its file for the systems that attach it; every
   * call goes through the guarded outbound client.
   */
  push(
    integration: IntegrationItem,
    invoice: InvoicePayload,
    job: SyncJob,
    document: BillDocument,
  ): Promise<PushOutcome>;
  /** Takes back what an approval booked in one system (config opened): see REVERSIBLE_TYPES. */
  reverse(integration: IntegrationItem, orgId: string, booked: BookedDocument): Promise<PushOutcome>;
  /** The stored file of an invoice (its object key). */
  readObject(key: string): Promise<Uint8Array>;
  /** Milliseconds until the queue calls again after a failure (the queue's visibility timeout). */
  retryDelayMs(): number;
  /** The product's sender (MAIL_FROM): its domain names an e-mail's Message-ID. */
  mailFrom(): string;
  now?: () => Date;
}

/** The deps the table and core serve through its ports; the entry point adds the remote systems'. */
export const storedSyncDeps = {
  findInvoice: (orgId, invoiceId) => ports().findInvoice(orgId, invoiceId),
  // Each line item carries its own split, so the sync can book it per allocation.
  payloadOf: (invoice) => eventInvoiceOf(invoice),
  findIntegration: (orgId, integrationId) => ports().findIntegration(orgId, integrationId),
  listIntegrations: (orgId) => ports().listIntegrations(orgId),
  recordIntegrationResult: (orgId, id, result) => ports().recordIntegrationResult(orgId, id, result),
  saveSyncResult,
  claimSyncResult,
  notifySyncFailed,
  waitForMapping: (orgId, integrationId, wait) => ports().mappingWaits.add(orgId, integrationId, wait),
  openConfig: (orgId, config) => ports().openFields(orgId, config, INTEGRATION_SECRET_FIELDS),
} satisfies Partial<SyncDeps>;

/**
 * Pushes an approved invoice to ONE integration (one message per invoice and integration) and records the
 * outcome on the invoice (`syncResults`) and on the integration. A message whose integration is already
 * SYNCED for this approval is dropped, so a redelivery never sends twice; an e-mail, which the receiver
 * cannot drop, is first claimed on the invoice (CLAIMED_TYPES), so even two deliveries at once send it
 * once. A transient failure is RETRYING and throws (the queue calls again, then dead-letters); a permanent
 * one, or the one of the last attempt (`finalAttempt`), is FAILED and notifies the organization
 * (`sync_failed`).
 */
export function invoiceSync(deps: SyncDeps) {
  const now = deps.now ?? (() => new Date());

  async function sync(message: SyncMessage, finalAttempt: boolean): Promise<void> {
    if (!message.integrationId) return deps.fanOut(message.orgId, message.invoiceId, message.at);
    if (message.action === 'reverse') return takeBack(message, finalAttempt);
    const invoice = await deps.findInvoice(message.orgId, message.invoiceId);
    if (invoice?.status !== 'APPROVED') return; // Deleted or reopened since: nothing to push.
    const integration = await deps.findIntegration(message.orgId, message.integrationId);
    if (!integration || integration.status === 'INACTIVE') return; // Removed or switched off since.
    const previous = (invoice.syncResults ?? []).find((r) => r.integrationId === integration.id);
    if (
      previous?.approvedAt === message.at &&
      (previous.status === 'SYNCED' || previous.status === 'REVERSED')
    )
      return;
    // A message of an approval that a later one has replaced (redelivered late) books nothing.
    if (previous?.approvedAt && previous.approvedAt > message.at) return;
    const attempts = (previous?.approvedAt === message.at ? previous.attempts : 0) + 1;
    const job: SyncJob = { idempotencyKey: message.idempotencyKey, approvedAt: message.at };
    const base = { integrationId: integration.id, integrationName: integration.name, type: integration.type };
    // No bill can be booked before the accounts are mapped: the sync waits (PENDING, saying why) instead of
    // failing, and completing the mapping sends it (core/integrations/mapping-waits.ts). The wait is noted
    // first, so a crash between the two writes still leaves it found.
    if (!mappingComplete(integration)) {
      await deps.waitForMapping(message.orgId, integration.id, {
        invoiceId: invoice.id,
        approvedAt: message.at,
      });
      await deps.saveSyncResult(message.orgId, message.invoiceId, {
        ...base,
        status: 'PENDING',
        remoteId: null,
        remoteKind: null,
        attempts: attempts - 1,
        lastError: WAITING_FOR_MAPPING,
        nextAttemptAt: null,
        approvedAt: message.at,
        updatedAt: now().toISOString(),
      });
      return;
    }
    // Read before any claim, so that nothing but the send itself stands between a claim and its outcome.
    const config = await deps.openConfig(message.orgId, integration.config);
    const payload = await deps.payloadOf(invoice);

    // An earlier approval's bill that was not taken back (its reversal failed, or never ran) is taken back
    // first: a reopened and approved-again invoice is never booked twice.
    if (previous?.status === 'SYNCED' && previous.remoteId && REVERSIBLE_TYPES.has(integration.type)) {
      const taken = await reverseResult(message, finalAttempt, { ...integration, config }, previous, invoice);
      if (!taken) return;
    }

    if (CLAIMED_TYPES.has(integration.type)) {
      if (!isClaimable(previous, message.at))
        return settleStandingClaim(message, invoice, integration, previous);
      const claimed = await deps.claimSyncResult(message.orgId, message.invoiceId, {
        ...base,
        status: 'PENDING',
        remoteId: syncMessageId(job, deps.mailFrom()),
        attempts,
        lastError: null,
        nextAttemptAt: null,
        approvedAt: message.at,
        updatedAt: now().toISOString(),
      });
      if (!claimed) return; // Another delivery of this message claimed it first and sends it.
    }

    const outcome = await deps.push({ ...integration, config }, payload, job, {
      filename: invoice.filename,
      contentType: invoice.contentType,
      read: () => deps.readObject(invoice.objectKey),
    });
    const final = outcome.ok || outcome.permanent === true || finalAttempt;
    const at = now();
    const status = outcome.ok ? 'SYNCED' : final ? 'FAILED' : 'RETRYING';
    // The write that makes this approval synced everywhere carries `invoice.synced` in its transaction:
    // two integrations finishing at once write one after the other (version check), so one announces it.
    const active = outcome.ok
      ? (await deps.listIntegrations(message.orgId)).filter((i) => i.status !== 'INACTIVE')
      : [];
    const announce = (results: SyncResult[]) =>
      outcome.ok && everyIntegrationSynced(active, results, message.at)
        ? [invoiceEventEffect(message.invoiceId, 'invoice.synced')]
        : [];
    await deps.saveSyncResult(
      message.orgId,
      message.invoiceId,
      {
        ...base,
        status,
        remoteId: outcome.ok ? outcome.remoteId : null,
        remoteKind: outcome.ok ? (outcome.remoteKind ?? null) : null,
        attempts,
        lastError: outcome.ok ? null : outcome.error,
        nextAttemptAt: final ? null : new Date(at.getTime() + deps.retryDelayMs()).toISOString(),
        approvedAt: message.at,
        updatedAt: at.toISOString(),
      },
      announce,
    );
    ports().recordSyncOutcome(status);
    await deps.recordIntegrationResult(message.orgId, integration.id, {
      ok: outcome.ok,
      ...(outcome.ok ? {} : { error: outcome.error }),
    });
    if (outcome.ok) return;
    if (final) await deps.notifySyncFailed(message.orgId, invoice, `${integration.name}: ${outcome.error}`);
    if (!outcome.permanent) throw new Error(`Sync to ${integration.name} failed: ${outcome.error}`);
  }

  /**
   * A reopened or voided invoice: what its last approval booked in this integration is taken back. Nothing
   * booked (never synced, already taken back, a system that cannot take back) is nothing to do.
   */
  async function takeBack(message: SyncMessage, finalAttempt: boolean): Promise<void> {
    const invoice = await deps.findInvoice(message.orgId, message.invoiceId);
    if (!invoice || invoice.status === 'APPROVED') return; // Gone, or approved again: its sync takes it back.
    const integration = await deps.findIntegration(message.orgId, message.integrationId);
    if (!integration || !REVERSIBLE_TYPES.has(integration.type)) return;
    const previous = (invoice.syncResults ?? []).find((r) => r.integrationId === integration.id);
    if (previous?.status !== 'SYNCED' || !previous.remoteId) return;
    const config = await deps.openConfig(message.orgId, integration.config);
    await reverseResult(message, finalAttempt, { ...integration, config }, previous, invoice);
  }

  /**
   * Takes back one booked result and records it REVERSED; true when it is gone. A failure keeps the result
   * SYNCED with the reason (the bill still stands): a transient one is retried by the queue, a permanent
   * one (a paid bill) is notified for a person to settle in the system.
   */
  async function reverseResult(
    message: SyncMessage,
    finalAttempt: boolean,
    integration: IntegrationItem,
    booked: SyncResult,
    invoice: InvoiceItem,
  ): Promise<boolean> {
    const outcome = await deps.reverse(integration, message.orgId, {
      id: booked.remoteId as string,
      kind: booked.remoteKind ?? 'bill',
    });
    const at = now().toISOString();
    await deps.saveSyncResult(message.orgId, message.invoiceId, {
      ...booked,
      status: outcome.ok ? 'REVERSED' : 'SYNCED',
      lastError: outcome.ok ? null : outcome.error,
      updatedAt: at,
    });
    if (outcome.ok) return true;
    const final = outcome.permanent === true || finalAttempt;
    if (final) await deps.notifySyncFailed(message.orgId, invoice, `${integration.name}: ${outcome.error}`);
    if (!outcome.permanent) throw new Error(`Taking back from ${integration.name} failed: ${outcome.error}`);
    return false;
  }

  /**
   * A redelivery found this approval's send claimed and not settled: while the claim is fresh its worker
   * may still be sending (the queue calls again later); once it expired, the send is reported as uncertain
   * (FAILED, notified) rather than repeated.
   */
  async function settleStandingClaim(
    message: SyncMessage,
    invoice: InvoiceItem,
    integration: IntegrationItem,
    claim: SyncResult | undefined,
  ): Promise<void> {
    if (!claim || claim.status === 'SYNCED') return;
    const at = now();
    if (at.getTime() - Date.parse(claim.updatedAt) < CLAIM_EXPIRES_MS)
      throw new Error(`Sync to ${integration.name} is still being sent`);
    await deps.saveSyncResult(message.orgId, message.invoiceId, {
      ...claim,
      status: 'FAILED',
      remoteId: null,
      lastError: SEND_UNCERTAIN,
      nextAttemptAt: null,
      updatedAt: at.toISOString(),
    });
    ports().recordSyncOutcome('FAILED');
    await deps.notifySyncFailed(message.orgId, invoice, `${integration.name}: ${SEND_UNCERTAIN}`);
  }

  return sync;
}
