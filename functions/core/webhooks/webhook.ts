import type { Webhook } from '../../../shared/schemas';
import type { InvoiceEventType } from '../outbox/effects';

/**
 * A webhook as stored. The signing secret is sealed (`enc:v1:…`, see adapters/secrets): only the delivery
 * worker opens it. One written before secrets were sealed holds it in clear until the API first reads it.
 */
export interface WebhookItem {
  id: string;
  url: string;
  events: string[];
  secret: string | null;
  /**
   * `standard`: a `whsec_` + base64 secret used as Standard Webhooks prescribes. Unset (or `legacy`):
   * stored before, signed with its raw bytes (signing.ts).
   */
  secretFormat?: 'standard' | 'legacy';
  previousSecretFormat?: 'standard' | 'legacy';
  /** The secret before the last rotation (sealed), still signing until `previousSecretExpiresAt`. */
  previousSecret?: string | null;
  previousSecretExpiresAt?: string | null;
  status: Webhook['status'];
  /** Since when every delivery has failed (unset after a success); five days of it disable the endpoint. */
  failingSince?: string | null;
  disabledReason?: string | null;
  lastDeliveryAt: string | null;
  lastDeliveryStatus: number | null;
  consecutiveFailures: number;
  createdAt: string;
  updatedAt: string;
}

/** A message on the webhook-delivery queue: the worker fans it out to the organization's webhooks. */
export interface WebhookMessage {
  orgId: string;
  invoiceId: string;
  event: InvoiceEventType;
  at: string;
}

/**
 * A message on the same queue for one attempt to deliver an event to one webhook: a retry the worker
 * scheduled, or a person's Resend. `dueAt` lets a wait longer than SQS's 15-minute delay be re-queued in steps.
 */
export interface WebhookAttemptMessage extends WebhookMessage {
  kind: 'attempt';
  webhookId: string;
  attempt: number;
  firstAttemptAt: string;
  dueAt: string;
  resend: boolean;
}
