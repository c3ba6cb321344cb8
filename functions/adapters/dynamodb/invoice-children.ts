import { BatchWriteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Comment, InvoiceEvent, LineItem } from '../../../shared/schemas';
import { db, nowIso, queryAll, tableName } from './client';
import { keys, sortKeyStartsWith, withoutKeys } from './keys';

/** An invoice's children, in the invoice's own partition: line items, comments and audit events. */

async function listChildren<T>(
  orgId: string,
  invoiceId: string,
  prefix: string,
  newestFirst = false,
): Promise<T[]> {
  const items = await queryAll({
    ...sortKeyStartsWith(keys.invoiceChildren(orgId, invoiceId), prefix),
    ScanIndexForward: !newestFirst,
  });
  return items.map((item) => withoutKeys(item) as T);
}

export const listLineItems = (orgId: string, invoiceId: string) =>
  listChildren<LineItem>(orgId, invoiceId, keys.lineItemPrefix);
export const listComments = (orgId: string, invoiceId: string) =>
  listChildren<Comment>(orgId, invoiceId, keys.commentPrefix);
export const listEvents = (orgId: string, invoiceId: string) =>
  listChildren<InvoiceEvent>(orgId, invoiceId, keys.eventPrefix, true);

/** Replaces an invoice's line items (each processing run writes a fresh set). */
export async function replaceLineItems(
  orgId: string,
  invoiceId: string,
  lines: Omit<LineItem, 'id'>[],
): Promise<LineItem[]> {
  await deleteChildren(orgId, invoiceId, keys.lineItemPrefix);
  const items: LineItem[] = lines.map((line, i) => ({
    ...line,
    id: `${invoiceId.slice(-8)}-${String(i + 1).padStart(3, '0')}`,
  }));
  for (let i = 0; i < items.length; i += 25) {
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: items.slice(i, i + 25).map((line, j) => ({
            PutRequest: {
              Item: {
                PK: keys.invoiceChildren(orgId, invoiceId),
                SK: keys.lineItemSk(i + j + 1),
                entity: 'LineItem',
                ...line,
              },
            },
          })),
        },
      }),
    );
  }
  return items;
}

export async function addComment(
  orgId: string,
  invoiceId: string,
  input: { userId: string; userName: string | null; comment: string; isInternal: boolean },
): Promise<Comment> {
  const comment: Comment = { id: ulid(), createdAt: nowIso(), ...input };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: keys.invoiceChildren(orgId, invoiceId),
        SK: keys.commentSk(comment.id),
        entity: 'Comment',
        ...comment,
      },
    }),
  );
  return comment;
}

/** The stored item of an audit event (written in the transaction of the invoice write it records). */
export const eventRecord = (orgId: string, invoiceId: string, event: InvoiceEvent) => ({
  PK: keys.invoiceChildren(orgId, invoiceId),
  SK: keys.eventSk(event.id),
  entity: 'InvoiceEvent',
  ...event,
});

/** Deletes the invoice's children whose sort key starts with `prefix` (all of them for ''). */
export async function deleteChildren(orgId: string, invoiceId: string, prefix: string): Promise<void> {
  const pk = keys.invoiceChildren(orgId, invoiceId);
  const condition = prefix
    ? sortKeyStartsWith(pk, prefix)
    : { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...condition,
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: startKey,
      }),
    );
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += 25) {
      await db().send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName()]: items
              .slice(i, i + 25)
              .map((k) => ({ DeleteRequest: { Key: { PK: k.PK, SK: k.SK } } })),
          },
        }),
      );
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
