import type { OutboxEffect } from '../../core/outbox/effects';
import type { CertificateAlert } from '../../core/vendors/certificate-alert';
import { itemKind, tryTransact } from './entity';
import { keys } from './keys';
import { outboxPuts, outboxWritten } from './outbox';

/**
 * The marks of insurance expiry alerts (`CERTALERT#<certificate>#<threshold>#<expiresOn>` in the
 * organization's partition): one per alert, written with its notification, so each is sent once.
 */
interface AlertMark extends CertificateAlert {
  /** Its e-mails went out (false between the notification's transaction and the last e-mail). */
  emailed: boolean;
}

const marks = itemKind<AlertMark>()({
  key: (orgId: string, alert: CertificateAlert) =>
    keys.certificateAlert(orgId, alert.certificateId, alert.threshold, alert.expiresOn),
  entity: 'CertificateAlert',
  hidden: ['expiresAt'],
});

/** A mark is kept until long after its certificate expired (the alert cannot be due again by then). */
const MARK_KEPT_DAYS = 90;

/**
 * Claims the alert: its mark and its effects (the notification) in one transaction. `claimed` the first
 * time; after that `pending` while its e-mails have yet to go out, `sent` once they did.
 */
export async function claimCertificateAlert(
  orgId: string,
  alert: CertificateAlert,
  effects: readonly OutboxEffect[],
): Promise<'claimed' | 'pending' | 'sent'> {
  const expiresAt = Math.floor(Date.parse(`${alert.expiresOn}T00:00:00Z`) / 1000) + MARK_KEPT_DAYS * 86_400;
  const claimed = await tryTransact([
    marks.tx.put(
      [orgId, alert],
      { ...alert, emailed: false, expiresAt },
      { ConditionExpression: 'attribute_not_exists(PK)' },
    ),
    ...outboxPuts(orgId, effects),
  ]);
  if (claimed) {
    outboxWritten();
    return 'claimed';
  }
  const mark = await marks.find([orgId, alert], { consistent: true });
  return mark?.emailed ? 'sent' : 'pending';
}

/** Records that the alert's e-mails went out. */
export async function markCertificateAlertSent(orgId: string, alert: CertificateAlert): Promise<void> {
  await marks.update([orgId, alert], {
    UpdateExpression: 'SET emailed = :true',
    ExpressionAttributeValues: { ':true': true },
  });
}
