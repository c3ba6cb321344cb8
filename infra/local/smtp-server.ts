import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { UnacceptableMessage } from '../../functions/core/email/mime-bounds';
import { ingestEmail, parseInbound, recipientKind } from '../../functions/workers/email-ingest/ingest';
import type { Mailbox } from './mailbox';

/** SES accepts inbound messages up to 40 MB; the local server refuses larger ones alike. */
const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

export interface LocalSmtpServer {
  host: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The local stand-in for both directions of SES: mail to an organization's inbox is ingested by the same
 * function the cloud's receipt rule invokes; mail to anyone else (the product's own outbound e-mail) is
 * kept in the dev mailbox. A retired or unknown inbox address is refused at RCPT TO, as the cloud drops it.
 * A message the parse bounds refuse, or that cannot be parsed, is answered 554 (552 for a size), which
 * the sender does not retry; only a failure of the parts behind (the table, the bucket) is 451.
 * Loopback only, so no TLS and no authentication.
 */
export async function startSmtpServer(options: {
  mailbox: Mailbox;
  log: (line: string) => void;
}): Promise<LocalSmtpServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'Invoice Pilot local mail',
    // Stopping waits this long for open sessions (then drops them), not smtp-server's default 30 s.
    closeTimeout: 1_000,
    onRcptTo(address, _session, callback) {
      recipientKind(address.address).then(
        (kind) => callback(kind === 'unknown_inbox' ? smtpError(550, 'No such inbox') : undefined),
        (error) => callback(smtpError(451, `Try again later: ${String(error)}`)),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(smtpError(552, 'Message too large: the limit is 40 MB'));
        deliver(
          Buffer.concat(chunks),
          session.envelope.rcptTo.map((r) => r.address),
        ).then(
          () => callback(),
          (error) => {
            // The message itself is at fault: a permanent answer, so the sender does not retry it for days.
            if (error instanceof UnacceptableMessage) {
              options.log(`Local mail refused: ${error.message}`);
              return callback(smtpError(error.smtpCode, `Message refused: ${error.message}`));
            }
            options.log(`Local mail delivery failed: ${String(error)}`);
            callback(smtpError(451, 'Delivery failed; try again later'));
          },
        );
      });
    },
  });

  async function deliver(raw: Buffer, recipients: string[]) {
    const kinds = await Promise.all(recipients.map(recipientKind));
    const inboxes = recipients.filter((_, i) => kinds[i] === 'inbox');
    const others = recipients.filter((_, i) => kinds[i] === 'elsewhere');
    if (inboxes.length > 0) await ingestEmail({ raw, recipients: inboxes });
    if (others.length === 0) return;
    const parsed = await parseInbound(raw);
    for (const to of others) {
      options.mailbox.add({
        to,
        from: parsed.from?.text ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        messageId: parsed.messageId ?? null,
        attachments: parsed.attachments.map((a) => ({
          filename: a.filename ?? null,
          contentType: a.contentType,
          size: a.size,
          sha256: createHash('sha256').update(a.content).digest('hex'),
        })),
        at: new Date().toISOString(),
      });
      options.log(`E-mail to ${to}: ${parsed.subject ?? '(no subject)'} (in the dev mailbox)`);
    }
  }

  const host = '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  server.on('error', (error) => options.log(`Local SMTP server: ${String(error)}`));
  const { port } = server.server.address() as AddressInfo;
  return { host, port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
