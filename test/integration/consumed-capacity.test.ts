import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, meterConsumedCapacity } from '../../functions/adapters/dynamodb/client';
import type { CapacityMeter } from '../../functions/adapters/dynamodb/consumed-capacity';
import { resetEnv } from '../../functions/env';
import { type Emulator, startDynamoDbLocal } from '../../infra/local/emulators';
import { freePort } from '../../infra/local/ports';

/**
 * The adapters' client with `meterConsumedCapacity()` on (what `npm run cost` turns on), against DynamoDB
 * Local itself: every call asks for its consumed capacity, and the meter sums the units DynamoDB reports,
 * reads and writes apart, through the same document client every adapter uses. The commands are sent raw
 * on purpose, to a table of this file's own: each kind of call (Get, Query, Update, TransactWrite) is
 * measured on items of a known size, which no adapter's item is.
 */
const TABLE = 'capacity';
let dynamo: Emulator;
let admin: DynamoDBClient;
let meter: CapacityMeter;

beforeAll(async () => {
  dynamo = await startDynamoDbLocal({ port: await freePort() });
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: TABLE,
    BUCKET_NAME: 'unused',
    USER_POOL_ID: 'unused',
    USER_POOL_CLIENT_ID: 'unused',
  });
  resetEnv();
  admin = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await admin.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'SK', AttributeType: 'S' },
        { AttributeName: 'GSI1PK', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'GSI1',
          KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  meter = meterConsumedCapacity();
}, 120_000);

afterAll(async () => {
  admin?.destroy();
  await dynamo?.stop();
});

const put = (sk: string, bytes: number, indexed = false) =>
  db().send(
    new PutCommand({
      TableName: TABLE,
      Item: { PK: 'org', SK: sk, body: 'x'.repeat(bytes), ...(indexed ? { GSI1PK: 'vendor' } : {}) },
    }),
  );

describe('the consumed-capacity meter on the adapters’ client', () => {
  it('counts a write of up to 1 KB as one unit, a larger one by the KB, and an indexed copy again', async () => {
    meter.take();
    await put('small', 100);
    expect(meter.take()).toMatchObject({ readUnits: 0, writeUnits: 1, transactionWriteUnits: 0, calls: 1 });
    await put('large', 2_500);
    expect(meter.take()).toMatchObject({ readUnits: 0, writeUnits: 3, calls: 1 });
    // The table's write and the GSI's copy of the item.
    await put('indexed', 100, true);
    expect(meter.take()).toMatchObject({ readUnits: 0, writeUnits: 2, calls: 1 });
  });

  it('counts reads: half a unit eventually consistent, one strongly consistent, a query by its size', async () => {
    meter.take();
    await db().send(new GetCommand({ TableName: TABLE, Key: { PK: 'org', SK: 'small' } }));
    expect(meter.take()).toMatchObject({ readUnits: 0.5, writeUnits: 0, calls: 1 });
    await db().send(
      new GetCommand({ TableName: TABLE, Key: { PK: 'org', SK: 'small' }, ConsistentRead: true }),
    );
    expect(meter.take()).toMatchObject({ readUnits: 1, writeUnits: 0, calls: 1 });
    const page = await db().send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': 'org' },
      }),
    );
    expect(page.Items).toHaveLength(3);
    const query = meter.take();
    expect(query.calls).toBe(1);
    expect(query.readUnits).toBeGreaterThan(0);
    expect(query.writeUnits).toBe(0);
  });

  it('counts updates and transactions as writes, a transaction’s units apart', async () => {
    meter.take();
    await db().send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: 'org', SK: 'small' },
        UpdateExpression: 'SET seen = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
    expect(meter.take()).toMatchObject({ readUnits: 0, writeUnits: 1, transactionWriteUnits: 0, calls: 1 });
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { PK: 'org', SK: 't1' } } },
          { Put: { TableName: TABLE, Item: { PK: 'org', SK: 't2' } } },
        ],
      }),
    );
    // DynamoDB would report (and bill) 4: DynamoDB Local reports a transaction at the standard rate.
    expect(meter.take()).toMatchObject({ writeUnits: 2, transactionWriteUnits: 2, calls: 1 });
  });

  it('hands the answer on as without the meter, and takes the totals once', async () => {
    meter.take();
    const item = await db().send(new GetCommand({ TableName: TABLE, Key: { PK: 'org', SK: 'small' } }));
    expect(item.Item).toMatchObject({ PK: 'org', SK: 'small', seen: true });
    expect(meter.totals).toMatchObject({ readUnits: 0.5, writeUnits: 0, calls: 1 });
    meter.take();
    expect(meter.totals).toMatchObject({ readUnits: 0, writeUnits: 0, calls: 0 });
  });
});
