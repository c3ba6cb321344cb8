import type { SESEvent, SESMail, SESReceipt } from 'aws-lambda';
import { coreHandler } from '../../adapters/handler';
import { getObjectBytes } from '../../adapters/s3/storage';
import { UnacceptableMessage } from '../../core/email/mime-bounds';
import { env } from '../../env';
import { INBOUND_MAIL_PREFIX } from './inbound-mail';
import { ingestEmail, reportUnacceptableEmail } from './ingest';

/** Whether SES vouched for the sender: SPF, DKIM or DMARC passed. */
const authenticated = (receipt: SESReceipt) =>
  [receipt.spfVerdict, receipt.dkimVerdict, receipt.dmarcVerdict].some((v) => v?.status === 'PASS');

/** The From address SES read from the headers (`Name <a@b>` → `a@b`), or the envelope sender. */
function senderOf(mail: SESMail): string {
  const from = mail.commonHeaders?.from?.[0] ?? mail.source ?? '';
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/**
 * Cloud e-mail ingestion: the SES receipt rule stores the raw message in the inbound mail bucket, then
 * invokes this function (asynchronously) with the envelope recipients and verdicts; the message itself
 * is read from S3 (SES events carry headers only) and ingested exactly as the local SMTP server does.
 * SES has accepted the message from the sender already, so a permanent refusal (past the parse bounds,
 * unparseable) cannot bounce: the organizations are told in a notification, the message is dropped (it
 * stays in the bucket until its expiry) and the invocation succeeds, so Lambda does not retry it. Any
 * other failure (the table or bucket unreachable) throws, and Lambda's asynchronous retries run.
 */
export const handler = coreHandler(async function emailIngest(event: SESEvent): Promise<void> {
  const bucket = env().INBOUND_MAIL_BUCKET;
  if (!bucket) throw new Error('INBOUND_MAIL_BUCKET is not set');
  for (const record of event.Records) {
    const { mail, receipt } = record.ses;
    const raw = await getObjectBytes(`${INBOUND_MAIL_PREFIX}${mail.messageId}`, bucket);
    const envelope = { recipients: receipt.recipients, authenticated: authenticated(receipt) };
    try {
      await ingestEmail({ raw: Buffer.from(raw), ...envelope });
    } catch (error) {
      if (!(error instanceof UnacceptableMessage)) throw error;
      await reportUnacceptableEmail({ ...envelope, from: senderOf(mail) }, error);
    }
  }
});
