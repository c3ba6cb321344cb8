import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table's key schema, shared by the CDK data stack and the local bootstrap so both runtimes
 * have the same keys and indexes.
 *
 * - PK/SK: every item's partition starts with its tenant (`ORG#<orgId>`); global lookups (Cognito sub,
 *   API key hash, slug) have their own partitions and hold only the org id they point to.
 * - GSI1: invoices of an organization by status, newest first (`ORG#<orgId>#STATUS#<status>` / `INVOICE#<ulid>`).
 * - GSI2: invoices of an organization by vendor key, for duplicate detection and vendor history
 *   (`ORG#<orgId>#VENDOR#<vendorKey>` / `INVOICE#<ulid>`).
 */
export const TABLE_KEYS = { partitionKey: 'PK', sortKey: 'SK' } as const;

export const TABLE_INDEXES = [
  { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
] as const;

/** Attribute holding the expiry (epoch seconds) of short-lived items such as upload reservations. */
export const TTL_ATTRIBUTE = 'expiresAt';

export function createTableInput(tableName: string): CreateTableCommandInput {
  const attributes = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const index of TABLE_INDEXES) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
