import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { keys } from '../../adapters/dynamodb/keys';
import { addNotification } from '../../adapters/dynamodb/notifications';
import { findOutboxItem, pendingOutboxItems, removeOutboxItem } from '../../adapters/dynamodb/outbox';
import { activateSuggestedVendor } from '../../adapters/dynamodb/vendors';
import { coreHandler } from '../../adapters/handler';
import { logError, logger } from '../../adapters/observability/logger';
import { deliverInvoiceEvent, queueSync } from '../../adapters/sqs/invoice-events';
import { processingStarter } from '../../adapters/workflow/processing-starter';
import { env } from '../../env';
import { createRelay } from './relay';

/** Items younger than this are the stream's to deliver; the scheduled sweep takes only older ones. */
export const SWEEP_AFTER_MS = 5 * 60_000;

/** The relay with the real carriers: SQS (locally the durable queue), the table. */
export const outboxRelay = createRelay({
  deliverInvoiceEvent,
  async queueSync(orgId, invoiceId, integrationId, at) {
    const { SYNC_QUEUE_URL } = env();
    if (SYNC_QUEUE_URL) await queueSync(SYNC_QUEUE_URL, orgId, invoiceId, integrationId, at);
  },
  async addNotification(orgId, id, notification) {
    await addNotification(orgId, { id, ...notification });
  },
  activateSuggestedVendor,
  startProcessing: (orgId, invoiceId, objectKey, reason) =>
    processingStarter().start({ orgId, invoiceId, objectKey, bucket: env().BUCKET_NAME, reason }),
  remove: removeOutboxItem,
  pending: pendingOutboxItems,
  logError,
});

const isStreamEvent = (event: unknown): event is DynamoDBStreamEvent =>
  Array.isArray((event as { Records?: unknown }).Records);

/**
 * The cloud's relay: the table's stream invokes it with the keys of new outbox items (the event source
 * mapping filters INSERTs of the `OUTBOX` partition); each is read, handed to its carrier and removed. A
 * failed item is reported by its sequence number, so the stream retries from it. An EventBridge schedule
 * also invokes it: then it sweeps items older than SWEEP_AFTER_MS the stream did not deliver (their
 * retries ran out), so none is left behind.
 */
async function relayOutbox(event: DynamoDBStreamEvent | object): Promise<DynamoDBBatchResponse | object> {
  if (!isStreamEvent(event)) {
    const result = await outboxRelay.relayPending({ olderThan: new Date(Date.now() - SWEEP_AFTER_MS) });
    logger.info('Swept the outbox', result);
    return result;
  }
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const id = record.dynamodb?.Keys?.SK?.S;
    if (record.eventName !== 'INSERT' || record.dynamodb?.Keys?.PK?.S !== keys.outboxPk || !id) continue;
    try {
      const item = await findOutboxItem(id);
      if (item) await outboxRelay.relay(item); // Gone: the sweep relayed it already.
    } catch (error) {
      logError('Relaying an outbox item failed', error, { outboxId: id });
      // Records after a failed one are retried with it, in order (the stream's own semantics).
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
      break;
    }
  }
  return { batchItemFailures };
}

export const handler = coreHandler(relayOutbox, 'outbox-relay');
