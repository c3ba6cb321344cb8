import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableQueues, queueUrlOf } from '../../infra/local/durable-queue';
import { type Emulator, startDynamoDbLocal } from '../../infra/local/emulators';
import { freePort } from '../../infra/local/ports';

/**
 * The queues of `npm start` (infra/local/durable-queue.ts) against DynamoDB Local itself: delays,
 * visibility, receive counts, the dead-letter queue, one receive per message among concurrent receivers,
 * and messages that are still there after DynamoDB Local was killed and started again on its folder.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'invoice-pilot-queue-'));
const TABLE = 'queues';
let dynamo: Emulator;
let client: DynamoDBClient;
let clock = Date.now();
let queues: DurableQueues;

async function open() {
  dynamo = await startDynamoDbLocal({ port: await freePort(), dataDir });
  client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await DurableQueues.ensureTable(client, TABLE);
  queues = new DurableQueues(DynamoDBDocumentClient.from(client), TABLE, 3, () => clock);
}

beforeAll(open, 120_000);
afterAll(async () => {
  client?.destroy();
  await dynamo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const receive = (url: string, max = 10, visibilitySeconds = 10) =>
  queues.receive(url, { max, visibilitySeconds });

describe('the durable local queue', () => {
  it('keeps a delayed message hidden until its time, and a received one until its visibility ends', async () => {
    const url = queueUrlOf('delays');
    await queues.send(url, 'later', 30);
    await queues.send(url, 'now');
    const first = await receive(url);
    expect(first.map((m) => m.body)).toEqual(['now']);
    await queues.fail(url, first[0].receiptHandle);
    clock += 10_000;
    // "now" is back (its 10 s of visibility are over) as a second attempt; "later" still waits.
    const again = await receive(url);
    expect(again.map((m) => [m.body, m.receiveCount])).toEqual([['now', 2]]);
    await queues.delete(url, again[0].receiptHandle);
    clock += 20_000;
    const later = await receive(url);
    expect(later.map((m) => [m.body, m.receiveCount])).toEqual([['later', 1]]);
    await queues.delete(url, later[0].receiptHandle);
    clock += 60_000;
    expect(await receive(url)).toEqual([]);
  });

  it('gives each message to one of many receivers at once, and a stale receipt handle deletes nothing', async () => {
    const url = queueUrlOf('race');
    for (let i = 0; i < 20; i++) await queues.send(url, `m${i}`);
    const got = (await Promise.all(Array.from({ length: 6 }, () => receive(url, 20)))).flat();
    expect(got.map((m) => m.body).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`).sort());
    const first = got[0];
    clock += 10_000;
    const redelivered = (await receive(url, 20)).find((m) => m.messageId === first.messageId);
    await queues.delete(url, first.receiptHandle);
    expect((await queues.peek(url)).some((m) => m.messageId === first.messageId)).toBe(true);
    await queues.delete(url, redelivered?.receiptHandle ?? '');
    expect((await queues.peek(url)).some((m) => m.messageId === first.messageId)).toBe(false);
  });

  it('moves a message that failed maxReceiveCount times to the dead-letter queue; a receive its process did not survive is no attempt', async () => {
    const url = queueUrlOf('poison');
    await queues.send(url, 'poison');
    // Received, and the process died before the handler said anything: the same attempt comes again.
    expect((await receive(url)).map((m) => m.receiveCount)).toEqual([1]);
    clock += 10_000;
    for (let i = 1; i <= 3; i++) {
      const [message] = await receive(url);
      expect(message.receiveCount).toBe(i);
      await queues.fail(url, message.receiptHandle);
      clock += 10_000;
    }
    expect(await receive(url)).toEqual([]);
    expect(await queues.peek(url)).toEqual([]);
    expect((await queues.peek(`${url}-dlq`)).map((m) => [m.body, m.receiveCount])).toEqual([['poison', 3]]);
  });

  it('wakes a waiting receiver when a message is sent', async () => {
    const url = queueUrlOf('wake');
    const started = Date.now();
    const waiting = queues.waitForMessages(url, 5000);
    await new Promise((r) => setTimeout(r, 100));
    await queues.send(url, 'hello');
    await waiting;
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('still holds queued, delayed and in-flight messages after DynamoDB Local is killed and restarted', async () => {
    const url = queueUrlOf('durable');
    await queues.send(url, 'queued');
    await queues.send(url, 'retry-in-60s', 60);
    await queues.send(url, 'in-flight');
    const inFlight = (await receive(url)).filter((m) => m.body === 'in-flight');
    expect(inFlight).toHaveLength(1);
    client.destroy();
    if (dynamo.pid) process.kill(dynamo.pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    await open();
    expect((await queues.peek(url)).map((m) => m.body).sort()).toEqual([
      'in-flight',
      'queued',
      'retry-in-60s',
    ]);
    clock += 10_000;
    const due = await receive(url);
    expect(due.map((m) => m.body).sort()).toEqual(['in-flight', 'queued']);
    for (const m of due) await queues.delete(url, m.receiptHandle);
    clock += 50_000;
    expect((await receive(url)).map((m) => m.body)).toEqual(['retry-in-60s']);
  }, 120_000);
});
