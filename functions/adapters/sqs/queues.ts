import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { env } from '../../env';
import { traced } from '../observability/tracer';

let client: SQSClient | undefined;

/** One SQS client per process; locally it talks to local-aws-sqs through SQS_ENDPOINT. */
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

/** Sends `body` as JSON; `delaySeconds` (at most 900, SQS's limit) keeps it invisible that long. */
export async function sendMessage(queueUrl: string, body: unknown, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(body),
      ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
    }),
  );
}
