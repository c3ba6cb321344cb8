import { itemKind } from './entity';
import { keys } from './keys';

/** How long a mark is kept: well past the retries of the event it marks. */
const KEEP_SECONDS = 7 * 86_400;

const marks = itemKind<{ expiresAt: number }>()({
  key: (orgId: string, invoiceId: string, mark: string) => ({
    PK: keys.invoiceChildren(orgId, invoiceId),
    SK: mark,
  }),
  entity: 'WebhookDelivery',
});

/**
 * Which invoice events were already handed to which webhook (`keys.deliveryMark`), so a re-received
 * message skips them. The marks live in the invoice's children partition (deleted with it) and expire
 * in a week.
 */
export const deliveryMarks = {
  async wasDelivered(orgId: string, invoiceId: string, mark: string): Promise<boolean> {
    return Boolean(await marks.read([orgId, invoiceId, mark]));
  },
  async markDelivered(orgId: string, invoiceId: string, mark: string): Promise<void> {
    await marks.put([orgId, invoiceId, mark], { expiresAt: Math.floor(Date.now() / 1000) + KEEP_SECONDS });
  },
};
