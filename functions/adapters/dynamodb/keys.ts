import { AGGREGATE_BUCKETS, monthOf } from '../../core/invoices/aggregate-buckets';
/** Key builders: the one place that knows how items are laid out in the table (see table-definition.ts). */
export const keys = {
  org: (orgId: string) => ({ PK: `ORG#${orgId}`, SK: 'ORG' }),
  slug: (slug: string) => ({ PK: `SLUG#${slug}`, SK: 'SLUG' }),
  user: (orgId: string, userId: string) => ({ PK: `ORG#${orgId}`, SK: `USER#${userId}` }),
  subLookup: (sub: string) => ({ PK: `SUB#${sub}`, SK: 'SUB' }),
  /** A person removed from an organization, until they join or create one: their token is refused meanwhile. */
  removedMember: (sub: string) => ({ PK: `REMOVED#${sub}`, SK: 'REMOVED' }),
  /** Sort-key prefix of the organization's user items (its members). */
  userPrefix: 'USER#',
  /** An invitation as its organization lists it. */
  invitation: (orgId: string, email: string) => ({ PK: `ORG#${orgId}`, SK: `INVITE#${email}` }),
  invitationPrefix: 'INVITE#',
  /** The same invitation keyed by e-mail, so a new user's first call finds every organization inviting them. */
  invitationByEmail: (email: string, orgId: string) => ({ PK: `INVITE#${email}`, SK: `ORG#${orgId}` }),
  invitationsOfEmailPk: (email: string) => `INVITE#${email}`,
  /** An invitation e-mail's link, by the SHA-256 of its token (the token itself is never stored). */
  invitationLink: (tokenHash: string) => ({ PK: `INVITE_LINK#${tokenHash}`, SK: 'LINK' }),
  /** An inbox address's local part → the organization receiving its mail (one address per organization). */
  inboxLookup: (localPart: string) => ({ PK: `INBOX#${localPart}`, SK: 'INBOX' }),
  apiKeyLookup: (hash: string) => ({ PK: `APIKEY#${hash}`, SK: 'APIKEY' }),
  /** A pending OAuth authorization (connect flow), keyed by the hash of its `state`. */
  oauthState: (hash: string) => ({ PK: `OAUTHSTATE#${hash}`, SK: 'OAUTHSTATE' }),
  invoice: (orgId: string, invoiceId: string) => ({ PK: `ORG#${orgId}`, SK: `INVOICE#${invoiceId}` }),
  /** Children of an invoice (line items, comments, audit events) share one partition per invoice. */
  invoiceChildren: (orgId: string, invoiceId: string) => `ORG#${orgId}#INVOICE#${invoiceId}`,
  entity: (orgId: string, type: string, id: string) => ({ PK: `ORG#${orgId}`, SK: `${type}#${id}` }),
  /** One delivery attempt in a webhook's delivery log (ULID ids: the sort key orders them by time). */
  webhookDelivery: (orgId: string, webhookId: string, deliveryId: string) => ({
    PK: `ORG#${orgId}#WEBHOOK#${webhookId}`,
    SK: `DELIVERY#${deliveryId}`,
  }),
  webhookDeliveriesPk: (orgId: string, webhookId: string) => `ORG#${orgId}#WEBHOOK#${webhookId}`,
  webhookDeliveryPrefix: 'DELIVERY#',
  usage: (orgId: string, month: string) => ({ PK: `ORG#${orgId}`, SK: `USAGE#${month}` }),
  /** An aggregate item (`STATS#<bucket>`): counters and sums kept up to date by every write they count. */
  stats: (orgId: string, bucket: string) => ({ PK: `ORG#${orgId}`, SK: `STATS#${bucket}` }),
  statsPrefix: 'STATS#',
  /** The aggregates' buckets (core/invoices/aggregate-buckets). */
  ...AGGREGATE_BUCKETS,
  /** One item per normalized vendor name and organization: the guard that keeps vendor names unique. */
  vendorNameGuard: (orgId: string, nameKey: string) => ({ PK: `ORG#${orgId}`, SK: `VENDORNAME#${nameKey}` }),
  invoicePrefix: 'INVOICE#',
  /** An invoice's sort key in the organization partition and in both indexes (ULID ids sort by time). */
  invoiceSk: (invoiceId: string) => `INVOICE#${invoiceId}`,
  /** Children of an invoice, in its children partition: line items in reading order, comments, events. */
  lineItemSk: (position: number) => `LINE#${String(position).padStart(4, '0')}`,
  lineItemPrefix: 'LINE#',
  commentSk: (commentId: string) => `COMMENT#${commentId}`,
  commentPrefix: 'COMMENT#',
  eventSk: (eventId: string) => `EVENT#${eventId}`,
  eventPrefix: 'EVENT#',
  /** A stored file's content hash → the invoices holding it (duplicate detection), in the organization partition. */
  fileHashSk: (hash: string, invoiceId: string) => `FILEHASH#${hash}#${invoiceId}`,
  fileHashPrefix: (hash: string) => `FILEHASH#${hash}#`,
  notificationPrefix: 'NOTIFICATION#',
  /** A processing run's working record, in the invoice's children partition. */
  run: (orgId: string, invoiceId: string, runId: string) => ({
    PK: `ORG#${orgId}#INVOICE#${invoiceId}`,
    SK: `RUN#${runId}`,
  }),
  /** An approved invoice whose bill waits for an integration's account mapping (in the organization partition). */
  mappingWait: (orgId: string, integrationId: string, invoiceId: string) => ({
    PK: `ORG#${orgId}`,
    SK: `MAPWAIT#${integrationId}#${invoiceId}`,
  }),
  mappingWaitPrefix: (integrationId: string) => `MAPWAIT#${integrationId}#`,
  /** The sort key of the mark that one invoice event was handed to one webhook (in the invoice's children). */
  deliveryMark: (webhookId: string, event: string, at: string) => `DELIVERY#${webhookId}#${event}#${at}`,
  /** What the organization's reviewers taught the classifier: vendor → category, and corrected examples. */
  classifierVendor: (orgId: string, vendorKey: string) => ({
    PK: `ORG#${orgId}`,
    SK: `CLASSIFIER#VENDOR#${vendorKey}`,
  }),
  classifierExample: (orgId: string, invoiceId: string) => ({
    PK: `ORG#${orgId}`,
    SK: `CLASSIFIER#EXAMPLE#${invoiceId}`,
  }),
  /**
   * What the organization learned of one vendor's layouts from its approved invoices (core/vendors/memory.ts):
   * one item per vendor, in the organization's partition, bounded by the layouts and fields it keeps.
   */
  vendorMemory: (orgId: string, vendorId: string) => ({ PK: `ORG#${orgId}`, SK: `VENDORMEMORY#${vendorId}` }),
  /**
   * One insurance certificate of a vendor, in the organization's partition: the vendor list reads every
   * certificate of the organization in one query (`VENDORCERT#`), one vendor's share `VENDORCERT#<vendor>#`.
   */
  vendorCertificate: (orgId: string, vendorId: string, certificateId: string) => ({
    PK: `ORG#${orgId}`,
    SK: `VENDORCERT#${vendorId}#${certificateId}`,
  }),
  vendorCertificatePrefix: (vendorId?: string) => (vendorId ? `VENDORCERT#${vendorId}#` : 'VENDORCERT#'),
  /**
   * Every organization's certificates by expiry date, one index item each (written in the certificate's
   * transaction): the daily expiry alerts read the dates that matter in one range query instead of every
   * organization's certificates.
   */
  certificateExpiry: (expiresOn: string, orgId: string, certificateId: string) => ({
    PK: 'CERT_EXPIRY',
    SK: `${expiresOn}#${orgId}#${certificateId}`,
  }),
  certificateExpiryPk: 'CERT_EXPIRY',
  /** The mark that a certificate's expiry alert of one threshold went out (the alert is sent once). */
  certificateAlert: (orgId: string, certificateId: string, threshold: string, expiresOn: string) => ({
    PK: `ORG#${orgId}`,
    SK: `CERTALERT#${certificateId}#${threshold}#${expiresOn}`,
  }),
  classifierPrefix: 'CLASSIFIER#',
  classifierVendorPrefix: 'CLASSIFIER#VENDOR#',
  classifierExamplePrefix: 'CLASSIFIER#EXAMPLE#',
  /**
   * API uploads whose file has yet to be stored, across organizations, oldest first: the one place a
   * sweep finds uploads a crash interrupted without reading every organization's invoices.
   */
  pendingUpload: (createdAt: string, orgId: string, invoiceId: string) => ({
    PK: 'PENDING_UPLOADS',
    SK: `${createdAt}#${orgId}#${invoiceId}`,
  }),
  pendingUploadsPk: 'PENDING_UPLOADS',
  /**
   * The outbox: side effects written in the transaction of the change that caused them, across
   * organizations, oldest first (ULID ids), until the relay handed them to their carrier (outbox.ts).
   */
  outboxItem: (id: string) => ({ PK: 'OUTBOX', SK: id }),
  outboxPk: 'OUTBOX',
  /** A client's Idempotency-Key for an upload, by the SHA-256 of the key (idempotency-keys.ts). */
  idempotencyKey: (orgId: string, keyHash: string) => ({ PK: `ORG#${orgId}`, SK: `IDEMPOTENCY#${keyHash}` }),
  /** The organization's processing slots: invoice id → lease end (processing-slots.ts). */
  processingSlots: (orgId: string) => ({ PK: `ORG#${orgId}`, SK: 'PROCESSING_SLOTS' }),
  /** One fixed window of a per-minute counter (`counter` names what is counted and for whom; rate-limits.ts). */
  rateWindow: (orgId: string, counter: string, windowStart: number) => ({
    PK: `ORG#${orgId}`,
    SK: `RATE#${counter}#${windowStart}`,
  }),
  orgPk: (orgId: string) => `ORG#${orgId}`,
  /** The local workflow runner's registry of organizations (workflow-registry.ts). */
  localWorkflowRegistry: { PK: 'LOCAL#WORKFLOW', SK: 'ORGS' },
  statusIndex: (orgId: string, status: string) => `ORG#${orgId}#STATUS#${status}`,
  vendorIndex: (orgId: string, vendorKey: string) => `ORG#${orgId}#VENDOR#${vendorKey}`,
};

export { monthOf };

/** Strips the table's key attributes from an item before it leaves the adapter. */
type KeyAttribute = 'PK' | 'SK' | 'GSI1PK' | 'GSI1SK' | 'GSI2PK' | 'GSI2SK' | 'entity';

export function withoutKeys<T extends Record<string, unknown>>(item: T): Omit<T, KeyAttribute> {
  const {
    PK: _pk,
    SK: _sk,
    GSI1PK: _g1,
    GSI1SK: _g1s,
    GSI2PK: _g2,
    GSI2SK: _g2s,
    entity: _e,
    ...rest
  } = item;
  return rest;
}

/**
 * The key condition "items of partition `pk` whose sort key starts with `prefix`", written as a range:
 * DynamoDB serves begins_with from its index, but DynamoDB Local evaluates it row by row over the whole
 * partition (53 ms against 15 ms for a range at 20k items), so every list in a large organization's
 * partition slowed down locally as invoices grew. Keys are ASCII, so U+FFFF bounds every key with the prefix.
 * Callers add their own values beside `:pk`, `:skFrom` and `:skTo`.
 */
export function sortKeyStartsWith(pk: string, prefix: string) {
  return {
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :skFrom AND :skTo',
    ExpressionAttributeValues: {
      ':pk': pk,
      ':skFrom': prefix,
      ':skTo': `${prefix}${AFTER_EVERY_KEY_CHARACTER}`,
    } as Record<string, unknown>,
  };
}

export const AFTER_EVERY_KEY_CHARACTER = '\uffff';
