import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { mappingComplete, WAITING_FOR_MAPPING } from '../../../shared/integration-mapping';
import { type EventInvoice, emailRecipients, INTEGRATION_SECRET_FIELDS } from '../../../shared/schemas';
import {
  findIntegration,
  type IntegrationItem,
  listIntegrations,
  recordIntegrationResult,
} from '../../adapters/dynamodb/integrations';
import { findInvoice } from '../../adapters/dynamodb/invoices';
import { type MappingWait, mappingWaits } from '../../adapters/dynamodb/mapping-waits';
import { addNotification } from '../../adapters/dynamodb/notifications';
import { sendEmail } from '../../adapters/email/mail-sender';
import { coreHandler } from '../../adapters/handler';
import { callOutbound } from '../../adapters/http';
import { makeWebhookRequest } from '../../adapters/make/webhook';
import { recordSyncOutcome } from '../../adapters/observability/metrics';
import { pushPropertywareBill, reversePropertywareBill } from '../../adapters/propertyware/client';
import {
  type BillDocument,
  type BookedDocument,
  pushBill,
  reverseBill,
} from '../../adapters/quickbooks/client';
import { quickBooksToken } from '../../adapters/quickbooks/integration-tokens';
import { getObjectBytes } from '../../adapters/s3/storage';
import { openFields } from '../../adapters/secrets';
import { fanOutSync, type SyncMessage } from '../../adapters/sqs/invoice-events';
import { planBill } from '../../core/billing/bill-plan';
import { invoiceSummaryEmail } from '../../core/email/invoice-summary';
import { saveInvoice } from '../../core/invoices/commit';
import { eventInvoiceOf } from '../../core/invoices/event-invoice';
import type { InvoiceItem, SyncResult } from '../../core/invoices/invoice';
import { invoiceEventEffect, type OutboxEffect } from '../../core/outbox/effects';
import { invoiceEventBody } from '../../core/webhooks/event-body';
import { webhookMessageId } from '../../core/webhooks/signing';
import { env } from '../../env';
import { isFinalAttempt, processBatch } from '../lib/batch';

export const SYNC_TIMEOUT_MS = 10_000;

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

/** The approved invoice as pushed: as events carry it, with its line items and a file link. */
export type InvoicePayload = EventInvoice;

/** What one message asks for: its idempotency key (per invoice, integration and approval) and the approval. */
export interface SyncJob {
  idempotencyKey: string;
  approvedAt: string;
}

/**
 * Systems that cannot drop a duplicate themselves (an e-mail, once sent, is sent): the send is claimed on
 * the invoice first, with a conditional write, so a redelivered message never sends twice. Bills are
 * idempotent at the target (requestid, refNo) and are simply called again.
 */
const CLAIMED_TYPES: ReadonlySet<IntegrationItem['type']> = new Set(['EMAIL']);

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

/**
 * Sends the invoice to one system, config opened: QuickBooks and Propertyware get a bill (its id is the
 * remote id); Make.com gets the invoice event (as our webhooks do); EMAIL the summary with the file
 * attached (its Message-ID is the remote id).
 */
export async function pushTo(
  integration: IntegrationItem,
  invoice: InvoicePayload,
  job: SyncJob,
  document: BillDocument,
): Promise<PushOutcome> {
  if (integration.type === 'QUICKBOOKS') {
    const token = await quickBooksToken(invoice.organizationId, integration);
    if (!token.ok) return token;
    const result = await pushBill(
      { ...integration.config, apiKey: token.accessToken },
      invoice,
      job.idempotencyKey,
      document,
    );
    return result.ok ? { ok: true, remoteId: result.billId, remoteKind: bookedKind(invoice) } : result;
  }
  if (integration.type === 'PROPERTYWARE') {
    const result = await pushPropertywareBill(integration.config, invoice, document);
    return result.ok ? { ok: true, remoteId: result.billId, remoteKind: bookedKind(invoice) } : result;
  }
  // The summary and the automation's event carry the approved amounts: an approval whose amounts cannot
  // make a bill (a split or a tax that no longer fits the total) is refused with the reason, as a bill is.
  const plan = invoice.totalAmount ? planBill(invoice) : null;
  if (plan && 'error' in plan) return { ok: false, error: plan.error, permanent: true };
  if (integration.type === 'EMAIL') return emailInvoice(integration, invoice, job, document);
  const request = makeWebhookRequest(
    integration.config,
    invoiceEventBody(makeEvent(integration.id, invoice.id, job.approvedAt), invoice),
    SYNC_TIMEOUT_MS,
  );
  if ('error' in request) return { ok: false, error: request.error, permanent: true };
  const result = await callOutbound(request);
  return result.ok ? { ok: true, remoteId: null } : { ok: false, error: result.error ?? 'Unknown error' };
}

/** A negative approved total is booked as a vendor credit (see planBill). */
const bookedKind = (invoice: InvoicePayload): BookedDocument['kind'] =>
  (invoice.totalAmount ?? 0) < 0 ? 'credit' : 'bill';

/** Takes back one booked bill or vendor credit, config opened (QuickBooks deletes it, Propertyware too). */
export async function reverseAt(
  integration: IntegrationItem,
  orgId: string,
  booked: BookedDocument,
): Promise<PushOutcome> {
  if (integration.type === 'QUICKBOOKS') {
    const token = await quickBooksToken(orgId, integration);
    if (!token.ok) return token;
    const result = await reverseBill({ ...integration.config, apiKey: token.accessToken }, booked);
    return result.ok ? { ok: true, remoteId: result.billId } : result;
  }
  if (integration.type === 'PROPERTYWARE') {
    const result = await reversePropertywareBill(integration.config, booked.id);
    return result.ok ? { ok: true, remoteId: result.billId } : result;
  }
  return { ok: true, remoteId: null };
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

/** E-mails the approved invoice's summary, its file attached, to the integration's recipients. */
async function emailInvoice(
  integration: IntegrationItem,
  invoice: InvoicePayload,
  job: SyncJob,
  document: BillDocument,
): Promise<PushOutcome> {
  const to = emailRecipients(integration.config);
  if (to.length === 0) return { ok: false, error: 'No recipients are configured', permanent: true };
  const { PUBLIC_URL, MAIL_FROM } = env();
  if (!PUBLIC_URL)
    return { ok: false, error: 'PUBLIC_URL is not set: no link to the invoice', permanent: true };
  try {
    const sent = await sendEmail({
      to,
      ...invoiceSummaryEmail(invoice, PUBLIC_URL),
      messageId: syncMessageId(job, MAIL_FROM),
      attachments: [
        {
          filename: document.filename,
          content: Buffer.from(await document.read()),
          contentType: document.contentType,
        },
      ],
    });
    return { ok: true, remoteId: sent.messageId };
  } catch (error) {
    return { ok: false, error: `The e-mail could not be sent: ${(error as Error).message}`.slice(0, 300) };
  }
}

/**
 * Pushes an approved invoice to ONE integration (one message per invoice and integration, see
 * fanOutSync) and records the outcome on the invoice (`syncResults`) and on the integration. A message
 * whose integration is already SYNCED for this approval is dropped, so a redelivery never sends twice;
 * an e-mail, which the receiver cannot drop, is first claimed on the invoice (CLAIMED_TYPES), so even two
 * deliveries at once send it once. A transient failure is RETRYING and throws (SQS calls again, then dead-letters); a permanent one, or
 * the last attempt, is FAILED and notifies the organization (`sync_failed`).
 */
export function createSyncHandler(deps: SyncDeps) {
  const now = deps.now ?? (() => new Date());

  async function sync(message: SyncMessage, record: SQSRecord): Promise<void> {
    if (!message.integrationId) return deps.fanOut(message.orgId, message.invoiceId, message.at);
    if (message.action === 'reverse') return takeBack(message, record);
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
      const taken = await reverseResult(message, record, { ...integration, config }, previous, invoice);
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
    const final = outcome.ok || outcome.permanent === true || isFinalAttempt(record);
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
    recordSyncOutcome(status);
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
  async function takeBack(message: SyncMessage, record: SQSRecord): Promise<void> {
    const invoice = await deps.findInvoice(message.orgId, message.invoiceId);
    if (!invoice || invoice.status === 'APPROVED') return; // Gone, or approved again: its sync takes it back.
    const integration = await deps.findIntegration(message.orgId, message.integrationId);
    if (!integration || !REVERSIBLE_TYPES.has(integration.type)) return;
    const previous = (invoice.syncResults ?? []).find((r) => r.integrationId === integration.id);
    if (previous?.status !== 'SYNCED' || !previous.remoteId) return;
    const config = await deps.openConfig(message.orgId, integration.config);
    await reverseResult(message, record, { ...integration, config }, previous, invoice);
  }

  /**
   * Takes back one booked result and records it REVERSED; true when it is gone. A failure keeps the result
   * SYNCED with the reason (the bill still stands): a transient one is retried by the queue, a permanent
   * one (a paid bill) is notified for a person to settle in the system.
   */
  async function reverseResult(
    message: SyncMessage,
    record: SQSRecord,
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
    const final = outcome.permanent === true || isFinalAttempt(record);
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
    recordSyncOutcome('FAILED');
    await deps.notifySyncFailed(message.orgId, invoice, `${integration.name}: ${SEND_UNCERTAIN}`);
  }

  return (event: SQSEvent): Promise<SQSBatchResponse> => processBatch<SyncMessage>(event, sync);
}

/** True when the approval of `at` reached every active integration (then `invoice.synced` is announced). */
function everyIntegrationSynced(active: IntegrationItem[], results: SyncResult[], at: string): boolean {
  return active.every((i) =>
    results.some((r) => r.integrationId === i.id && r.status === 'SYNCED' && r.approvedAt === at),
  );
}

/** Merges one outcome into the invoice's `syncResults`, one entry per integration. */
export function mergeSyncResult(current: SyncResult[], update: SyncResult): SyncResult[] {
  return [...current.filter((r) => r.integrationId !== update.integrationId), update];
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
    const before = await findInvoice(orgId, invoiceId);
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

const integrationSync = createSyncHandler({
  findInvoice,
  // Each line item carries its own split, so the sync can book it per allocation.
  payloadOf: (invoice) => eventInvoiceOf(invoice),
  findIntegration,
  listIntegrations,
  async fanOut(orgId, invoiceId, at) {
    const { SYNC_QUEUE_URL } = env();
    if (SYNC_QUEUE_URL) await fanOutSync(SYNC_QUEUE_URL, orgId, invoiceId, at);
  },
  recordIntegrationResult,
  saveSyncResult: async (orgId, invoiceId, result, effects) =>
    (await changeSyncResult(orgId, invoiceId, () => result, effects)) ?? [],
  claimSyncResult: async (orgId, invoiceId, claim) =>
    (await changeSyncResult(orgId, invoiceId, (results) => {
      const current = results.find((r) => r.integrationId === claim.integrationId);
      return isClaimable(current, claim.approvedAt as string) ? claim : null;
    })) !== null,
  waitForMapping: (orgId, integrationId, wait) => mappingWaits.add(orgId, integrationId, wait),
  async notifySyncFailed(orgId, invoice, failure) {
    const label = invoice.invoiceNumber ? `Invoice ${invoice.invoiceNumber}` : invoice.filename;
    await addNotification(orgId, {
      kind: 'sync_failed',
      invoiceId: invoice.id,
      message: `${label} could not be synced: ${failure}`.slice(0, 500),
    });
  },
  openConfig: (orgId, config) => openFields(orgId, config, INTEGRATION_SECRET_FIELDS),
  push: pushTo,
  reverse: reverseAt,
  readObject: (key) => getObjectBytes(key),
  retryDelayMs: () => env().SYNC_RETRY_SECONDS * 1000,
  mailFrom: () => env().MAIL_FROM,
});

export const handler = coreHandler(integrationSync, 'integration-sync');
