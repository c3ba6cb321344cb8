import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/** How long a mark is kept: well past the retries of the event it marks. */
const KEEP_SECONDS = 7 * 86_400;

/**
 * Which invoice events were already handed to which webhook (`keys.deliveryMark`), so a re-received
 * message skips them. The marks live in the invoice's children partition (deleted with it) and expire
 * in a week.
 */
export const deliveryMarks = {
  async wasDelivered(orgId: string, invoiceId: string, mark: string): Promise<boolean> {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: { PK: keys.invoiceChildren(orgId, invoiceId), SK: mark },
      }),
    );
    return Boolean(Item);
  },
  async markDelivered(orgId: string, invoiceId: string, mark: string): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          PK: keys.invoiceChildren(orgId, invoiceId),
          SK: mark,
          entity: 'WebhookDelivery',
          expiresAt: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
        },
      }),
    );
  },
};
