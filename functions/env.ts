import * as z from 'zod';

/**
 * Configuration of every function, parsed once at cold start so a missing setting fails fast with a
 * clear message. The `*_ENDPOINT` settings point the same adapters at the local emulators; in the cloud
 * they are unset and the SDK uses AWS.
 */
const envSchema = z.object({
  AWS_REGION: z.string().default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  BUCKET_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  SQS_ENDPOINT: z.string().url().optional(),
  COGNITO_ENDPOINT: z.string().url().optional(),
  /** Local only: where the JWKS of the local user pool is served (cognito-local serves plain http). */
  COGNITO_JWKS_URL: z.string().url().optional(),
  /** Public origin of the site, for presigned POST targets and redirects. */
  PUBLIC_URL: z.string().url().optional(),
  SYNC_QUEUE_URL: z.string().optional(),
  /** Seconds before the sync queue redelivers a failed message (its visibility timeout), shown as nextAttemptAt. */
  SYNC_RETRY_SECONDS: z.coerce.number().int().positive().default(180),
  WEBHOOK_QUEUE_URL: z.string().optional(),
  STATE_MACHINE_ARN: z.string().optional(),
  /** Local only: secret that signs the gateway's own presigned POST policies. */
  UPLOAD_SIGNING_SECRET: z.string().optional(),
  /** HMAC key of page cursors (functions/adapters/dynamodb/cursor.ts); at least 32 characters. */
  CURSOR_SIGNING_KEY: z.string().min(32).optional(),
  STAGE: z.string().default('local'),
  /**
   * Local only: lets outbound calls to user-given URLs (webhooks, integrations) reach loopback addresses,
   * so `npm start` and the tests can use fakes on 127.0.0.1. Off unless set to exactly `true`; the cloud
   * never sets it. Private, link-local and metadata addresses stay refused either way.
   */
  OUTBOUND_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Cloud: the customer-managed KMS key (ARN) that wraps the data keys of stored secrets. */
  SECRETS_KMS_KEY_ID: z.string().min(1).optional(),
  /** Local: the master key file (32 random bytes, mode 0600) in DATA_DIR that wraps the data keys instead. */
  SECRETS_KEY_FILE: z.string().min(1).optional(),
  /** First retry delay of a failed webhook delivery (doubling after); tests make it short. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  /** Failed deliveries are retried until this long after the first attempt (3 days). */
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce
    .number()
    .positive()
    .default(3 * 86_400),
  /** An endpoint whose every delivery failed for this long is disabled (5 days). */
  WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce
    .number()
    .positive()
    .default(5 * 86_400),
  /** After a secret rotation the old secret signs beside the new one this long (24 h). */
  WEBHOOK_SECRET_OVERLAP_SECONDS: z.coerce.number().positive().default(86_400),
  /** The domain of the organizations' invoice inboxes (`<slug>-<random>@INBOX_DOMAIN`). */
  INBOX_DOMAIN: z.string().min(1).default('inbox.invoicepilot.local'),
  /** Cloud: the bucket the SES receipt rule stores inbound mail in (under `inbound/<messageId>`). */
  INBOUND_MAIL_BUCKET: z.string().optional(),
  /** The QuickBooks OAuth app (Intuit developer portal); locally the QuickBooks fake's. */
  QUICKBOOKS_CLIENT_ID: z.string().optional(),
  QUICKBOOKS_CLIENT_SECRET: z.string().optional(),
  /** Intuit's token endpoint; locally the QuickBooks fake's. */
  QUICKBOOKS_TOKEN_URL: z.string().url().default('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer'),
  /** Intuit's authorization (consent) page of the connect flow; locally the QuickBooks fake's. */
  QUICKBOOKS_AUTHORIZE_URL: z.string().url().default('https://appcenter.intuit.com/connect/oauth2'),
  /** The Accounting API base a connected company is called at (a sandbox's, or locally the fake's). */
  QUICKBOOKS_API_URL: z.string().url().default('https://quickbooks.api.intuit.com'),
  /** The From of the product's own e-mail. */
  MAIL_FROM: z.string().min(1).default('Invoice Pilot <no-reply@invoicepilot.local>'),
  /** Local only: the SMTP server outbound mail goes to; unset in the cloud, where SES sends it. */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const missing = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid function configuration: ${missing}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests and the local runtime change the environment between stacks; this forgets the parsed copy. */
export function resetEnv(): void {
  cached = undefined;
}
