import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { emailRecipients } from '../../../shared/schemas';
import type { IntegrationItem } from '../../adapters/dynamodb/integrations';
import { sendEmail } from '../../adapters/email/mail-sender';
import { coreHandler } from '../../adapters/handler';
import { callOutbound } from '../../adapters/http';
import { makeWebhookRequest } from '../../adapters/make/webhook';
import { pushPropertywareBill, reversePropertywareBill } from '../../adapters/propertyware/client';
import { pushBill, reverseBill } from '../../adapters/quickbooks/client';
import { quickBooksToken } from '../../adapters/quickbooks/integration-tokens';
import { getObjectBytes } from '../../adapters/s3/storage';
import { fanOutSync } from '../../adapters/sqs/invoice-events';
import { planBill } from '../../core/billing/bill-plan';
import { invoiceSummaryEmail } from '../../core/email/invoice-summary';
import {
  type BillDocument,
  type BookedDocument,
  type InvoicePayload,
  invoiceSync,
  makeEvent,
  type PushOutcome,
  type SyncDeps,
  type SyncJob,
  type SyncMessage,
  storedSyncDeps,
  syncMessageId,
} from '../../core/sync/sync-invoice';
import { invoiceEventBody } from '../../core/webhooks/event-body';
import { env } from '../../env';
import { isFinalAttempt, processBatch } from '../lib/batch';

export const SYNC_TIMEOUT_MS = 10_000;

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
 * The sync worker: each queue message is one (invoice, integration, approval) for core's sync
 * (core/sync/sync-invoice.ts); one that throws is reported as a batch item failure, so SQS calls again and
 * dead-letters it after the last attempt (which the sync makes FAILED and notifies).
 */
export function createSyncHandler(deps: SyncDeps) {
  const sync = invoiceSync(deps);
  return (event: SQSEvent): Promise<SQSBatchResponse> =>
    processBatch<SyncMessage>(event, (message, record) => sync(message, isFinalAttempt(record)));
}

const integrationSync = createSyncHandler({
  ...storedSyncDeps,
  async fanOut(orgId, invoiceId, at) {
    const { SYNC_QUEUE_URL } = env();
    if (SYNC_QUEUE_URL) await fanOutSync(SYNC_QUEUE_URL, orgId, invoiceId, at);
  },
  push: pushTo,
  reverse: reverseAt,
  readObject: (key) => getObjectBytes(key),
  retryDelayMs: () => env().SYNC_RETRY_SECONDS * 1000,
  mailFrom: () => env().MAIL_FROM,
});

export const handler = coreHandler(integrationSync, 'integration-sync');
