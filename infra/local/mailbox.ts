import type { ConfirmationMessage } from './emulators';

/**
 * Where the local stack keeps the messages Cognito would have e-mailed (sign-up confirmation codes), so a
 * person can read them on the console and a browser test at `GET /api/dev/mailbox?email=`.
 */
export class Mailbox {
  private readonly messages: ConfirmationMessage[] = [];

  add(message: ConfirmationMessage): void {
    this.messages.push(message);
    if (this.messages.length > 200) this.messages.shift();
  }

  for(email: string): ConfirmationMessage[] {
    const wanted = email.trim().toLowerCase();
    return this.messages.filter((m) => m.to.toLowerCase() === wanted);
  }
}
