import { type ParsedMail, simpleParser } from 'mailparser';
import { findInboxOrganization } from '../../adapters/dynamodb/inboxes';
import { addNotification } from '../../adapters/dynamodb/notifications';
import { logError, logger } from '../../adapters/observability/logger';
import { selectAttachments } from '../../core/email/attachments';
import { assertBoundedMime, UnacceptableMessage } from '../../core/email/mime-bounds';
import { isSenderAllowed, localPartAt } from '../../core/email/senders';
import { AppError } from '../../core/errors/app-error';
import type { InvoiceItem } from '../../core/invoices/invoice';
import { registerUpload } from '../../core/invoices/upload';
import { env } from '../../env';

/** What became of one inbound e-mail for one inbox it was addressed to. */
export type IngestOutcome =
  | {
      orgId: string;
      status: 'ingested';
      invoiceIds: string[];
      refused: { filename: string; reason: string }[];
    }
  | { orgId: string; status: 'dropped'; reason: 'sender_not_allowed' | 'unauthenticated' }
  | { orgId?: undefined; status: 'unknown_inbox'; recipient: string };

export interface InboundEmail {
  /** The message as received (RFC 5322), as SES stores it in S3 and the local SMTP server receives it. */
  raw: Buffer;
  /** The envelope recipients; only those at the inbox domain are looked at. */
  recipients: string[];
  /**
   * Whether the receiving server vouched for the sender (SES: SPF, DKIM or DMARC passed). Undefined when
   * it cannot tell (the local SMTP server). A sender on an allowlist must not be trusted on its From alone.
   */
  authenticated?: boolean;
}

/**
 * Parses a raw message, within bounds (core/email/mime-bounds): a message past them, or one the parser
 * cannot read, is UnacceptableMessage, a permanent refusal (SMTP 5xx; the cloud drops it with a notice).
 */
export async function parseInbound(raw: Buffer): Promise<ParsedMail> {
  assertBoundedMime(raw);
  try {
    return await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  } catch {
    throw new UnacceptableMessage('The message could not be parsed as an e-mail');
  }
}

/** Why the inbox drops mail from this sender unseen, or undefined when it takes it. */
function dropReason(
  org: { inboxAllowedSenders?: string[] },
  from: string,
  authenticated: boolean | undefined,
): 'sender_not_allowed' | 'unauthenticated' | undefined {
  const allowlist = org.inboxAllowedSenders ?? [];
  if (!from || !isSenderAllowed(from, allowlist)) return 'sender_not_allowed';
  // Anyone can write any From: an allowlisted sender must also be vouched for, where the server can tell.
  return allowlist.length > 0 && authenticated === false ? 'unauthenticated' : undefined;
}

/**
 * Tells the organizations a message was addressed to that it was refused unread (the cloud has accepted
 * it from the sender already, so nobody else would know), and drops it. A sender their inbox would not
 * admit is only logged, as its readable mail would be.
 */
export async function reportUnacceptableEmail(
  mail: Omit<InboundEmail, 'raw'> & { from: string },
  refusal: UnacceptableMessage,
): Promise<void> {
  const from = mail.from.toLowerCase();
  for (const localPart of new Set(mail.recipients.map((r) => localPartAt(r, env().INBOX_DOMAIN)))) {
    const org = localPart ? await findInboxOrganization(localPart) : undefined;
    if (!org) continue;
    const dropped = dropReason(org, from, mail.authenticated);
    logger.warn('Inbound e-mail refused unread', { orgId: org.id, from, reason: refusal.message, dropped });
    if (dropped) continue;
    await addNotification(org.id, {
      kind: 'email',
      invoiceId: null,
      message: `E-mail from ${from || 'an unknown sender'} could not be read, so no invoice was created: ${refusal.message}. Ask the sender to send the invoices again as ordinary attachments.`,
    });
  }
}

/**
 * What an envelope recipient is: an organization's inbox, an address at the inbox domain that is no
 * inbox (never was, or was regenerated away; mail to it is refused), or an address elsewhere.
 */
export async function recipientKind(address: string): Promise<'inbox' | 'unknown_inbox' | 'elsewhere'> {
  const localPart = localPartAt(address, env().INBOX_DOMAIN);
  if (localPart === undefined) return 'elsewhere';
  return (await findInboxOrganization(localPart)) ? 'inbox' : 'unknown_inbox';
}

/**
 * Turns an e-mail to organizations' inboxes into invoices: each PDF/JPEG/PNG/TIFF attachment (and each
 * such file in an attached zip) becomes one invoice through the same upload path as the API (bytes
 * checked, plan limit counted, the same workflow), with source `email` and the sender and subject kept.
 * Refused attachments, and a mail with nothing usable, are reported in a notification. A message past the
 * parsing bounds throws UnacceptableMessage before anything is stored. A sender the inbox's allowlist does not admit is dropped and
 * logged, without notifying anyone (that would let anybody write into the organization's notifications).
 */
export async function ingestEmail(mail: InboundEmail): Promise<IngestOutcome[]> {
  const parsed = await parseInbound(mail.raw);
  const from = parsed.from?.value[0]?.address?.toLowerCase() ?? '';
  const subject = parsed.subject?.trim().slice(0, 300) || null;
  const selection = selectAttachments(parsed.attachments, typeof parsed.html === 'string' ? parsed.html : '');
  const outcomes: IngestOutcome[] = [];
  const inboxes = new Set(
    mail.recipients.map((r) => localPartAt(r, env().INBOX_DOMAIN)).filter((l): l is string => !!l),
  );
  for (const localPart of inboxes) {
    const org = await findInboxOrganization(localPart);
    if (!org) {
      logger.warn('Inbound e-mail to an unknown inbox dropped', { recipient: localPart, from });
      outcomes.push({ status: 'unknown_inbox', recipient: localPart });
      continue;
    }
    const reason = dropReason(org, from, mail.authenticated);
    if (reason) {
      logger.warn('Inbound e-mail dropped: sender not allowed', { orgId: org.id, from, reason, subject });
      outcomes.push({ orgId: org.id, status: 'dropped', reason });
      continue;
    }
    const created: InvoiceItem[] = [];
    const refused = [...selection.refused];
    for (const file of selection.invoices) {
      try {
        const item = await registerUpload({ orgId: org.id, actorId: 'email', name: from }, file, {
          origin: { source: 'email', emailFrom: from, emailSubject: subject },
        });
        created.push(item);
      } catch (error) {
        // The plan limit (or any other refusal) is reported per file; the other files still count.
        if (!(error instanceof AppError))
          logError('Storing an e-mailed invoice failed', error, { orgId: org.id });
        const reason = error instanceof AppError ? error.message : 'it could not be stored; send it again';
        refused.push({ filename: file.filename, reason });
      }
    }
    if (refused.length > 0 || created.length === 0) {
      await addNotification(org.id, {
        kind: 'email',
        invoiceId: created[0]?.id ?? null,
        message: notificationText(from, subject, created.length, refused),
      });
    }
    logger.info('Inbound e-mail ingested', { orgId: org.id, from, invoices: created.length, refused });
    outcomes.push({ orgId: org.id, status: 'ingested', invoiceIds: created.map((i) => i.id), refused });
  }
  return outcomes;
}

/** What the organization's people read about an e-mail whose attachments were not all imported. */
export function notificationText(
  from: string,
  subject: string | null,
  created: number,
  refused: { filename: string; reason: string }[],
): string {
  const mail = `E-mail from ${from || 'an unknown sender'}${subject ? ` ("${subject}")` : ''}`;
  const listed = refused.map((r) => `${r.filename} (${r.reason})`).join('; ');
  if (created === 0 && refused.length === 0)
    return `${mail} had no attachment, so no invoice was created: attach invoices as PDF, JPEG, PNG or TIFF files.`;
  if (created === 0)
    return `${mail} had no usable attachment, so no invoice was created. Not imported: ${listed}.`;
  return `${mail}: ${created} invoice${created === 1 ? '' : 's'} created. Not imported: ${listed}.`;
}
