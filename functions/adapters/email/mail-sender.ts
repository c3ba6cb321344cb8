import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutgoingEmail } from '../../core/ports';
import { env } from '../../env';
import { traced } from '../observability/tracer';

export type { OutgoingEmail } from '../../core/ports';

let transporter: Transporter | undefined;

/**
 * The one way out for the product's e-mail. Locally it goes over SMTP to the server `npm start` runs
 * (SMTP_HOST/SMTP_PORT), which keeps it in the dev mailbox (`/api/dev/mailbox?email=`); in the cloud SES
 * sends it. Both compose the message with nodemailer, so what a test reads locally is what SES would send.
 */
function transport(): Transporter {
  if (!transporter) {
    const { SMTP_HOST, SMTP_PORT, AWS_REGION } = env();
    transporter =
      SMTP_HOST && SMTP_PORT
        ? // Loopback only, so neither TLS nor authentication.
          nodemailer.createTransport({ host: SMTP_HOST, port: SMTP_PORT, secure: false, ignoreTLS: true })
        : nodemailer.createTransport({
            SES: { sesClient: traced(new SESv2Client({ region: AWS_REGION })), SendEmailCommand },
          });
  }
  return transporter;
}

/** Sends an e-mail from MAIL_FROM; resolves with its Message-ID once the server accepted it. */
export async function sendEmail(message: OutgoingEmail): Promise<{ messageId: string }> {
  const info = await transport().sendMail({ from: env().MAIL_FROM, ...message });
  return { messageId: info.messageId };
}

/** Tests and the local runtime change the SMTP settings between stacks; this forgets the transport. */
export function resetMailSender(): void {
  transporter?.close();
  transporter = undefined;
}
