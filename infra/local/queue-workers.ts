import { DeleteMessageBatchCommand, type Message, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqs } from '../../functions/adapters/sqs/queues';
import { handler as syncHandler } from '../../functions/workers/integration-sync/handler';
import { handler as webhookHandler } from '../../functions/workers/webhook-delivery/handler';

export interface QueueWorkers {
  stop(): Promise<void>;
}

export interface QueueWorkerOptions {
  queues: { sync: string; webhooks: string };
  log?: (line: string) => void;
  /** Messages per receive (Lambda's batch size); small, so one slow third party holds up little. */
  batchSize?: number;
  /**
   * Seconds a received message stays invisible, i.e. before a failed one is retried (default 10; the
   * queue's own 30 s would make local retries slow). Set per receive rather than by
   * ChangeMessageVisibility after a failure: local-aws-sqs counts a visibility change as a receive,
   * which would dead-letter messages after fewer attempts than the redrive policy says.
   */
  retryBaseSeconds?: number;
}

/** SQS messages in the shape of a Lambda SQS event, so the same handlers run locally. */
function toEvent(queueUrl: string, messages: Message[]): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId ?? '',
      receiptHandle: m.ReceiptHandle ?? '',
      body: m.Body ?? '',
      attributes: {
        ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp:
          m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueUrl,
      awsRegion: 'us-east-1',
    })),
  };
}

/**
 * The local event source mappings: long-polls the integration-sync and webhook queues of
 * local-aws-sqs in small batches and calls the same handlers the Lambdas run. Like Lambda's
 * ReportBatchItemFailures, successes are deleted and failures stay for a retry (after a short
 * visibility timeout); the queue's redrive policy dead-letters them after its maxReceiveCount.
 */
export function startQueueWorkers(options: QueueWorkerOptions): QueueWorkers {
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 5;
  const visibilitySeconds = options.retryBaseSeconds ?? 10;
  const controller = new AbortController();
  let stopped = false;

  async function poll(queueUrl: string, handle: (event: SQSEvent) => Promise<SQSBatchResponse>) {
    while (!stopped) {
      try {
        // local-aws-sqs ends a long poll early only once it has MaxNumberOfMessages (real SQS answers as soon
        // as any message is there): so wait for one, then take what else is ready, up to the batch size.
        const receive = (max: number, waitSeconds: number) =>
          sqs().send(
            new ReceiveMessageCommand({
              QueueUrl: queueUrl,
              MaxNumberOfMessages: max,
              WaitTimeSeconds: waitSeconds,
              VisibilityTimeout: visibilitySeconds,
              MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'],
              // local-aws-sqs only reads the older parameter; real SQS accepts both.
              AttributeNames: ['All'],
            }),
            { abortSignal: controller.signal },
          );
        const { Messages: first = [] } = await receive(1, 2);
        const rest = first.length && batchSize > 1 ? ((await receive(batchSize - 1, 0)).Messages ?? []) : [];
        const Messages = [...first, ...rest];
        if (stopped || Messages.length === 0) continue;
        const { batchItemFailures } = await handle(toEvent(queueUrl, Messages));
        const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
        const done = Messages.filter((m) => !failed.has(m.MessageId ?? ''));
        if (done.length) {
          await sqs().send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
            }),
          );
        }
        // Failed messages are left alone: they reappear when their visibility timeout ends.
      } catch (error) {
        if (stopped) return;
        log(`queue worker (${queueUrl.split('/').pop()}): ${(error as Error).message}`);
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
