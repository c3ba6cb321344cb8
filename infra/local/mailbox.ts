/**
 * One message the local stack kept instead of delivering it: a confirmation code Cognito would have
 * e-mailed (with `code`), or an e-mail the product sent through the local SMTP server.
 */
export interface MailboxMessage {
  to: string;
  subject: string;
  at: string;
  /** Sign-up confirmation code (cognito-local's messages only). */
  code?: string;
  from?: string;
  text?: string;
  messageId?: string | null;
  /** What was attached (not the bytes: their SHA-256 lets a test compare them). */
  attachments?: { filename: string | null; contentType: string; size: number; sha256: string }[];
}

/**
 * Where the local stack keeps the e-mail it would have sent, so a person can read it on the console and
 * a browser test at `GET /api/dev/mailbox?email=`.
 */
export class Mailbox {
  private readonly messages: MailboxMessage[] = [];

  add(message: MailboxMessage): void {
    this.messages.push(message);
    if (this.messages.length > 200) this.messages.shift();
  }

  for(email: string): MailboxMessage[] {
    const wanted = email.trim().toLowerCase();
    return this.messages.filter((m) => m.to.toLowerCase() === wanted);
  }
}
