import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logError } from '../../adapters/observability/logger';

/** How many receives a message gets before SQS moves it to the dead-letter queue (the redrive policy). */
export const maxReceiveCount = () => Number(process.env.MAX_RECEIVE_COUNT ?? 5);

/** True on the last attempt SQS will make: a failure now dead-letters the message. */
export const isFinalAttempt = (record: SQSRecord) =>
  Number(record.attributes?.ApproximateReceiveCount ?? 1) >= maxReceiveCount();

/**
 * Runs `handle` on every record and reports the ones that threw as partial batch failures, so SQS
 * retries only those (the function's event source mapping must enable ReportBatchItemFailures).
 * A record whose body is not JSON can never succeed: it is reported too and ends in the DLQ.
 */
export async function processBatch<T>(
  event: SQSEvent,
  handle: (message: T, record: SQSRecord) => Promise<void>,
  onError: (error: unknown, record: SQSRecord) => void = (error, record) =>
    logError('Handling a queue message failed', error, { messageId: record.messageId }),
): Promise<SQSBatchResponse> {
  const results = await Promise.allSettled(
    event.Records.map(async (record) => handle(JSON.parse(record.body) as T, record)),
  );
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      onError(result.reason, event.Records[i]);
      batchItemFailures.push({ itemIdentifier: event.Records[i].messageId });
    }
  });
  return { batchItemFailures };
}
