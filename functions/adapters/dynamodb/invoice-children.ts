import { ulid } from 'ulid';
import type { Comment, InvoiceEvent, LineItem } from '../../../shared/schemas';
import { nowIso, queryAll } from './client';
import { itemKind, writeBatches } from './entity';
import { keys, sortKeyStartsWith } from './keys';

/** An invoice's children, in the invoice's own partition: line items, comments and audit events. */

const children = (prefix: string) => (orgId: string, invoiceId: string) => ({
  PK: keys.invoiceChildren(orgId, invoiceId),
  prefix,
});

/** Line items in reading order: the sort key is the 1-based position. */
const lineItems = itemKind<LineItem>()({
  key: (orgId: string, invoiceId: string, position: number) => ({
    PK: keys.invoiceChildren(orgId, invoiceId),
    SK: keys.lineItemSk(position),
  }),
  collection: children(keys.lineItemPrefix),
  entity: 'LineItem',
});
const comments = itemKind<Comment>()({
  key: (orgId: string, invoiceId: string, commentId: string) => ({
    PK: keys.invoiceChildren(orgId, invoiceId),
    SK: keys.commentSk(commentId),
  }),
  collection: children(keys.commentPrefix),
  entity: 'Comment',
});
const events = itemKind<InvoiceEvent>()({
  key: (orgId: string, invoiceId: string, eventId: string) => ({
    PK: keys.invoiceChildren(orgId, invoiceId),
    SK: keys.eventSk(eventId),
  }),
  collection: children(keys.eventPrefix),
  entity: 'InvoiceEvent',
});

export const listLineItems = (orgId: string, invoiceId: string) => lineItems.list([orgId, invoiceId]);
export const listComments = (orgId: string, invoiceId: string) => comments.list([orgId, invoiceId]);
export const listEvents = (orgId: string, invoiceId: string) =>
  events.list([orgId, invoiceId], { newestFirst: true });

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
  await lineItems.putAll(items, (_, i) => [orgId, invoiceId, i + 1]);
  return items;
}

export async function addComment(
  orgId: string,
  invoiceId: string,
  input: { userId: string; userName: string | null; comment: string; isInternal: boolean },
): Promise<Comment> {
  const comment: Comment = { id: ulid(), createdAt: nowIso(), ...input };
  await comments.put([orgId, invoiceId, comment.id], comment);
  return comment;
}

/** The stored item of an audit event (written in the transaction of the invoice write it records). */
export const eventRecord = (orgId: string, invoiceId: string, event: InvoiceEvent) =>
  events.stored([orgId, invoiceId, event.id], event);

/** Deletes the invoice's children whose sort key starts with `prefix` (all of them for ''). */
export async function deleteChildren(orgId: string, invoiceId: string, prefix: string): Promise<void> {
  const pk = keys.invoiceChildren(orgId, invoiceId);
  const condition = prefix
    ? sortKeyStartsWith(pk, prefix)
    : { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } };
  const stored = await queryAll({ ...condition, ProjectionExpression: 'PK, SK' });
  await writeBatches(stored.map((k) => ({ DeleteRequest: { Key: { PK: k.PK, SK: k.SK } } })));
}
