import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';

/**
 * The queues of `npm start`: SQS's semantics (delay, visibility timeout, receive count, redrive to a
 * dead-letter queue after `maxReceiveCount` failed attempts) kept in a table of DynamoDB Local, so they
 * live in DATA_DIR and survive a kill -9 like the rest of the data (local-aws-sqs kept them in memory: a
 * kill lost every queued message and every waiting retry).
 *
 * One departure from SQS: an attempt counts when the consumer reports it failed (`fail`), not when the
 * message is received. The consumer runs in the queue's own process, so a receive whose process was killed
 * before the handler finished never tried anything; counted, a few kills in a row would dead-letter a
 * healthy message (SQS counts it, but a Lambda dying mid-message is rare; a local process killed is not).
 *
 * One item per message: PK the queue's name, SK `<visible-at ms, 15 digits>#<message id>`, so the messages
 * due now are a key range, oldest first. A receive moves the message to its new visible-at in one
 * transaction whose delete is conditional on the old key: of two receivers only one gets it. The new key is
 * the receipt handle; deleting by it removes the message, and after its visibility ran out and someone else
 * received it, the stale handle deletes nothing.
 */
export const QUEUE_URL_PREFIX = 'local-queue:';

export interface ReceivedMessage {
  messageId: string;
  receiptHandle: string;
  body: string;
  /** Attempts so far, this one included (given to handlers as SQS's ApproximateReceiveCount). */
  receiveCount: number;
  sentAt: number;
  firstReceivedAt: number;
}

interface StoredMessage {
  PK: string;
  SK: string;
  id: string;
  body: string;
  visibleAt: number;
  /** Attempts that failed (reported by `fail`). */
  receiveCount: number;
  sentAt: number;
  firstReceivedAt?: number;
}

const sortKey = (visibleAt: number, id: string) => `${String(visibleAt).padStart(15, '0')}#${id}`;
const AFTER_EVERY_ID = '#\uffff';

/** The queue name in a local queue URL (`local-queue:<name>`). */
export function queueName(queueUrl: string): string {
  if (!queueUrl.startsWith(QUEUE_URL_PREFIX)) throw new Error(`Not a local queue URL: ${queueUrl}`);
  return queueUrl.slice(QUEUE_URL_PREFIX.length);
}

export const queueUrlOf = (name: string) => `${QUEUE_URL_PREFIX}${name}`;

export class DurableQueues {
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    /** Receives after which a message goes to `<queue>-dlq` instead (the redrive policy). */
    private readonly maxReceiveCount = 5,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates the table if it is missing (a fresh data folder). */
  static async ensureTable(client: DynamoDBClient, table: string): Promise<void> {
    try {
      await client.send(new DescribeTableCommand({ TableName: table }));
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
      await client.send(
        new CreateTableCommand({
          TableName: table,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [
            { AttributeName: 'PK', AttributeType: 'S' },
            { AttributeName: 'SK', AttributeType: 'S' },
          ],
          KeySchema: [
            { AttributeName: 'PK', KeyType: 'HASH' },
            { AttributeName: 'SK', KeyType: 'RANGE' },
          ],
        }),
      );
    }
  }

  /** Stores a message, invisible for `delaySeconds`; resolves once DynamoDB Local has it. */
  async send(queueUrl: string, body: string, delaySeconds = 0): Promise<string> {
    const name = queueName(queueUrl);
    const id = ulid();
    const sentAt = this.now();
    const visibleAt = sentAt + Math.round(delaySeconds * 1000);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          PK: name,
          SK: sortKey(visibleAt, id),
          id,
          body,
          visibleAt,
          receiveCount: 0,
          sentAt,
        } satisfies StoredMessage,
      }),
    );
    this.wake(name);
    return id;
  }

  /**
   * Up to `max` messages visible now, each hidden for `visibilitySeconds` (then received again unless
   * deleted). A message that failed `maxReceiveCount` times already is moved to the dead-letter queue instead.
   */
  async receive(
    queueUrl: string,
    options: { max: number; visibilitySeconds: number },
  ): Promise<ReceivedMessage[]> {
    const name = queueName(queueUrl);
    const now = this.now();
    const { Items = [] } = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk AND SK <= :due',
        ExpressionAttributeValues: {
          ':pk': name,
          ':due': `${String(now).padStart(15, '0')}${AFTER_EVERY_ID}`,
        },
        ConsistentRead: true,
        Limit: options.max,
      }),
    );
    const received: ReceivedMessage[] = [];
    for (const item of Items as StoredMessage[]) {
      const dead = item.receiveCount >= this.maxReceiveCount && !name.endsWith('-dlq');
      const next: StoredMessage = dead
        ? { ...item, PK: `${name}-dlq`, SK: sortKey(now, item.id), visibleAt: now }
        : {
            ...item,
            SK: sortKey(now + options.visibilitySeconds * 1000, item.id),
            visibleAt: now + options.visibilitySeconds * 1000,
            firstReceivedAt: item.firstReceivedAt ?? now,
          };
      if (!(await this.move(item, next))) continue; // Another receiver took it first.
      if (dead) continue;
      received.push({
        messageId: item.id,
        receiptHandle: next.SK,
        body: item.body,
        receiveCount: item.receiveCount + 1,
        sentAt: item.sentAt,
        firstReceivedAt: next.firstReceivedAt ?? now,
      });
    }
    return received;
  }

  /** Deletes a received message (by the receipt handle of its latest receive). */
  async delete(queueUrl: string, receiptHandle: string): Promise<void> {
    await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: { PK: queueName(queueUrl), SK: receiptHandle } }),
    );
  }

  /**
   * Records that handling a received message failed: one attempt more (it comes back when its visibility
   * ends, or goes to the dead-letter queue once it failed `maxReceiveCount` times). A stale handle (the
   * message was received again meanwhile) records nothing.
   */
  async fail(queueUrl: string, receiptHandle: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { PK: queueName(queueUrl), SK: receiptHandle },
          UpdateExpression: 'ADD receiveCount :one',
          ConditionExpression: 'attribute_exists(SK)',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  /**
   * Resolves when a message may be due: one was sent to this queue, the earliest hidden one becomes
   * visible, or `maxMs` passed (or `signal` aborted).
   */
  async waitForMessages(queueUrl: string, maxMs: number, signal?: AbortSignal): Promise<void> {
    const name = queueName(queueUrl);
    const next = await this.nextVisibleAt(name);
    const waitMs = Math.max(0, Math.min(maxMs, next === undefined ? maxMs : next - this.now()));
    if (waitMs === 0 || signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const waiters = this.waiters.get(name) ?? new Set();
      this.waiters.set(name, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      waiters.add(done);
      signal?.addEventListener('abort', done);
    });
  }

  /** Every message of a queue, visible or not (tests and the dead-letter queue's readers). */
  async peek(queueUrl: string): Promise<{ messageId: string; body: string; receiveCount: number }[]> {
    const out: { messageId: string; body: string; receiveCount: number }[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': queueName(queueUrl) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of (page.Items ?? []) as StoredMessage[])
        out.push({ messageId: item.id, body: item.body, receiveCount: item.receiveCount });
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  }

  private async nextVisibleAt(name: string): Promise<number | undefined> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': name },
        ConsistentRead: true,
        Limit: 1,
      }),
    );
    return (Items[0] as StoredMessage | undefined)?.visibleAt;
  }

  /** Replaces `from` by `to` if `from` is still there; false when another receive moved it first. */
  private async move(from: StoredMessage, to: StoredMessage): Promise<boolean> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: { PK: from.PK, SK: from.SK },
                ConditionExpression: 'attribute_exists(SK)',
              },
            },
            { Put: { TableName: this.table, Item: to } },
          ],
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'TransactionCanceledException') return false;
      throw error;
    }
  }

  private wake(name: string): void {
    for (const waiter of [...(this.waiters.get(name) ?? [])]) waiter();
  }
}
