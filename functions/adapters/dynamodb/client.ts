import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { env } from '../../env';
import { traced } from '../observability/tracer';
import { CapacityMeter } from './consumed-capacity';

let documentClient: DynamoDBDocumentClient | undefined;
let capacityMeter: CapacityMeter | undefined;

/** One document client per process; locally it talks to DynamoDB Local through DYNAMODB_ENDPOINT. */
export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { DYNAMODB_ENDPOINT, AWS_REGION } = env();
    const raw = new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT
        ? { endpoint: DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    if (capacityMeter) {
      raw.middlewareStack.add(capacityMeter.middleware() as never, {
        step: 'initialize',
        name: 'consumedCapacityMeter',
      });
    }
    documentClient = DynamoDBDocumentClient.from(traced(raw), {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

export const tableName = () => env().TABLE_NAME;

/** Every item a query matches, page after page. For sets known to stay small (settings, children). */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'> & { TableName?: string },
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateQuery({ client: db() }, { TableName: tableName(), ...input }))
    items.push(...(page.Items ?? []));
  return items;
}

export function resetDbClient(): void {
  documentClient = undefined;
}

/**
 * From now on every call of this process's client asks for and counts the capacity it consumed
 * (`npm run cost` measures read and write units per invoice with it). The client is made again with it.
 */
export function meterConsumedCapacity(): CapacityMeter {
  capacityMeter ??= new CapacityMeter();
  resetDbClient();
  return capacityMeter;
}

export const nowIso = () => new Date().toISOString();

/** A write refused by its condition (a stale version, a taken name, a missing item), alone or in a transaction. */
export const isConditionFailure = (e: unknown) =>
  e instanceof Error &&
  (e.name === 'TransactionCanceledException' || e.name === 'ConditionalCheckFailedException');
