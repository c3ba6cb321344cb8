import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Signing to the Standard Webhooks specification (https://www.standardwebhooks.com): every delivery
 * carries `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`), signed by the `standardwebhooks` package so receivers can verify with any
 * Standard Webhooks library.
 */

/** A new `whsec_` + base64 of 32 random bytes (the specification asks for 24 to 64). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * A clear signing secret. `legacy` marks one stored before Standard Webhooks (any string the caller chose,
 * often `whsec_<hex>`): its UTF-8 bytes are the HMAC key, which a receiver verifies with
 * `new Webhook(secret, { format: 'raw' })` (docs/webhooks.md). Hex is also valid base64, so the stored
 * format, not the text, tells the two apart.
 */
export interface SigningSecret {
  secret: string;
  legacy: boolean;
}

const signerOf = ({ secret, legacy }: SigningSecret) =>
  legacy ? new Webhook(secret, { format: 'raw' }) : new Webhook(secret);

/**
 * The `webhook-id` of one event's delivery to one endpoint: derived from both, so it is the same on
 * every retry and on a resend, and a receiver can drop duplicates by it.
 */
export function webhookMessageId(webhookId: string, invoiceId: string, event: string, at: string): string {
  const digest = createHash('sha256')
    .update(`${webhookId}\n${invoiceId}\n${event}\n${at}`)
    .digest('base64url');
  return `msg_${digest.slice(0, 27)}`;
}

/**
 * The headers of one delivery. `secrets` are the endpoint's valid secrets, newest first: during a
 * rotation's overlap both sign, as space-separated `v1,…` entries (the specification's way to rotate).
 * A legacy secret also gets the old `x-signature: sha256=<hex>` header, so receivers built for it still work.
 */
export function signedHeaders(
  id: string,
  timestamp: Date,
  body: string,
  secrets: readonly SigningSecret[],
): Record<string, string> {
  const headers: Record<string, string> = {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
  };
  if (secrets.length === 0) return headers;
  headers['webhook-signature'] = secrets.map((s) => signerOf(s).sign(id, timestamp, body)).join(' ');
  const legacy = secrets.find((s) => s.legacy);
  if (legacy)
    headers['x-signature'] = `sha256=${createHmac('sha256', legacy.secret).update(body).digest('hex')}`;
  return headers;
}
