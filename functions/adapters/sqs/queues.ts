import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { env } from '../../env';
import { traced } from '../observability/tracer';

let client: SQSClient | undefined;

/** One SQS client per process (cloud; SQS_ENDPOINT points it elsewhere). */
export function sqs(): SQSClient {
  if (!client) {
    const { SQS_ENDPOINT, AWS_REGION } = env();
    client = traced(
      new SQSClient({
        region: AWS_REGION,
        ...(SQS_ENDPOINT
          ? { endpoint: SQS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
          : {}),
      }),
    );
  }
  return client;
}

export function resetSqsClient(): void {
  client = undefined;
}

/** Where messages go instead of SQS: the durable local queue of `npm start` (infra/local/durable-queue.ts). */
export interface QueueCarrier {
  /** Resolves once the message is stored durably (it survives a kill of the process). */
  send(queueUrl: string, body: string, delaySeconds: number): Promise<void>;
}

let carrier: QueueCarrier | undefined;

/** The local runtime registers its queue here; the cloud registers none and sends to SQS. */
export function registerQueueCarrier(next: QueueCarrier | undefined): void {
  carrier = next;
}

/** Sends `body` as JSON; `delaySeconds` (at most 900, SQS's limit) keeps it invisible that long. */
export async function sendMessage(queueUrl: string, body: unknown, delaySeconds = 0): Promise<void> {
  if (carrier) return carrier.send(queueUrl, JSON.stringify(body), Math.max(0, delaySeconds));
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(body),
      ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
    }),
  );
}
