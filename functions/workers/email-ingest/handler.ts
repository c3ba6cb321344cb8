import type { SESEvent, SESReceipt } from 'aws-lambda';
import { observed } from '../../adapters/observability/middleware';
import { getObjectBytes } from '../../adapters/s3/storage';
import { env } from '../../env';
import { INBOUND_MAIL_PREFIX } from './inbound-mail';
import { ingestEmail } from './ingest';

/** Whether SES vouched for the sender: SPF, DKIM or DMARC passed. */
const authenticated = (receipt: SESReceipt) =>
  [receipt.spfVerdict, receipt.dkimVerdict, receipt.dmarcVerdict].some((v) => v?.status === 'PASS');

/**
 * Cloud e-mail ingestion: the SES receipt rule stores the raw message in the inbound mail bucket, then
 * invokes this function with the envelope recipients and verdicts; the message itself is read from S3 (SES
 * events carry headers only) and ingested exactly as the local SMTP server does.
 */
export const handler = observed(async function emailIngest(event: SESEvent): Promise<void> {
  const bucket = env().INBOUND_MAIL_BUCKET;
  if (!bucket) throw new Error('INBOUND_MAIL_BUCKET is not set');
  for (const record of event.Records) {
    const { mail, receipt } = record.ses;
    const raw = await getObjectBytes(`${INBOUND_MAIL_PREFIX}${mail.messageId}`, bucket);
    await ingestEmail({
      raw: Buffer.from(raw),
      recipients: receipt.recipients,
      authenticated: authenticated(receipt),
    });
  }
});
