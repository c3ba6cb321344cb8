import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { handler as syncHandler } from '../../functions/workers/integration-sync/handler';
import { handler as webhookHandler } from '../../functions/workers/webhook-delivery/handler';
import type { DurableQueues, ReceivedMessage } from './durable-queue';

export interface QueueWorkers {
  stop(): Promise<void>;
}

export interface QueueWorkerOptions {
  queues: { sync: string; webhooks: string };
  /** The durable local queues the URLs name (infra/local/durable-queue.ts). */
  store: DurableQueues;
  log?: (line: string) => void;
  /** Messages per receive (Lambda's batch size); small, so one slow third party holds up little. */
  batchSize?: number;
  /**
   * Seconds a received message stays invisible, i.e. before a failed one is retried (default 10; the
   * cloud queue's 180 s would make local retries slow). It is stored with the message, so a retry that
   * was waiting when the process was killed comes due after the restart as it would have, and so does a
   * message the killed process was handling (without counting that as an attempt, see durable-queue.ts).
   */
  retryBaseSeconds?: number;
}

/** Messages in the shape of a Lambda SQS event, so the same handlers run locally. */
function toEvent(queueUrl: string, messages: ReceivedMessage[]): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.messageId,
      receiptHandle: m.receiptHandle,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueUrl,
      awsRegion: 'us-east-1',
    })),
  };
}

/**
 * The local event source mappings: polls the integration-sync and webhook queues in small batches and
 * calls the same handlers the Lambdas run. Like Lambda's ReportBatchItemFailures, successes are deleted
 * and failures stay for a retry (after the visibility timeout); the queue dead-letters them after its
 * maxReceiveCount. An idle worker sleeps until a message is sent or the next hidden one comes due.
 */
export function startQueueWorkers(options: QueueWorkerOptions): QueueWorkers {
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 5;
  const visibilitySeconds = options.retryBaseSeconds ?? 10;
  const { store } = options;
  const controller = new AbortController();
  let stopped = false;

  async function poll(queueUrl: string, handle: (event: SQSEvent) => Promise<SQSBatchResponse>) {
    while (!stopped) {
      try {
        const messages = await store.receive(queueUrl, { max: batchSize, visibilitySeconds });
        if (stopped) return;
        if (messages.length === 0) {
          await store.waitForMessages(queueUrl, 2000, controller.signal);
          continue;
        }
        const { batchItemFailures } = await handle(toEvent(queueUrl, messages));
        const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
        // Failed messages count one attempt and reappear when their visibility timeout ends.
        for (const m of messages) {
          if (failed.has(m.messageId)) await store.fail(queueUrl, m.receiptHandle);
          else await store.delete(queueUrl, m.receiptHandle);
        }
      } catch (error) {
        if (stopped) return;
        log(`queue worker (${queueUrl.split(':').pop()}): ${(error as Error).message}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  const loops = [poll(options.queues.sync, syncHandler), poll(options.queues.webhooks, webhookHandler)];
  return {
    async stop() {
      stopped = true;
      controller.abort();
      await Promise.allSettled(loops);
    },
  };
}
