import type {
  ApprovalRule,
  Category,
  InsuranceCertificate,
  Integration,
  IntegrationOptions,
  Invitation,
  InvoiceEventBody,
  LineItem,
  Member,
  Notification,
  Property,
  Role,
  WebhookDelivery,
} from '../../shared/schemas';
import type { PageLine } from './extraction/layout';
import type { WindowCounter } from './fairness/window-counter';
import type {
  IntegrationItem,
  MappingWait,
  OAuthStateItem,
  QuickBooksApp,
  TokenFailure,
  TokenSet,
} from './integrations/integration';
import type { EventInput } from './invoices/audit';
import type { InvoiceItem } from './invoices/invoice';
import type { BatchMergeCommit, BatchSplitCommit, InvoiceCommit } from './invoices/invoice-commit';
import type { IdempotencyClaim, PendingUpload, UploadReservation } from './invoices/upload-records';
import type { OrganizationItem, Usage } from './organizations/organization';
import type { InvoiceEventType, OutboxEffect } from './outbox/effects';
import type { InvitationLink } from './team/invitation-link';
import type { CertificateAlert, CertificateExpiryEntry } from './vendors/certificate-alert';
import type { ApprovedInvoiceFact } from './vendors/history';
import type { LayoutMemory } from './vendors/memory';
import type { VendorCategoryMemory, VendorFields, VendorItem } from './vendors/vendor';
import type { WebhookAttemptMessage, WebhookItem } from './webhooks/webhook';

/**
 * What core needs from storage and other systems, declared here in core's own terms. Core never
 * imports an adapter: the composition root (`functions/adapters/ports.ts`) builds these from the
 * adapters and each entry point (a Lambda handler through `observed`, the local runtime, a test) injects
 * them with {@link providePorts} before calling a use-case. A test may inject fakes instead.
 */

/** The invoice item and what must change in the same transaction as it (see adapters/dynamodb/invoices). */
export interface InvoiceStore {
  findInvoice(orgId: string, id: string): Promise<InvoiceItem | undefined>;
  getInvoice(orgId: string, id: string): Promise<InvoiceItem>;
  /** Creates the invoice, counted against the month's limit (MonthlyLimitReached when it is full). */
  createInvoice(
    item: InvoiceItem,
    options: {
      monthlyLimit: number | null;
      event: EventInput;
      fileToFollow?: boolean;
      outbox?: readonly OutboxEffect[];
      idempotency?: IdempotencyClaim;
    },
  ): Promise<InvoiceItem>;
  /** Writes the commit in one transaction; a version someone else moved on is a 409 stale_version. */
  writeInvoice(commit: InvoiceCommit): Promise<void>;
  /** A batch split (parent's change, new invoices, usage) in one transaction; see {@link BatchSplitCommit}. */
  writeBatchSplit(split: BatchSplitCommit): Promise<void>;
  /** Two documents of a batch joined (kept changed, the other deleted) in one transaction; see {@link BatchMergeCommit}. */
  writeBatchMerge(merge: BatchMergeCommit): Promise<void>;
  /** The invoices whose id starts with `idPrefix`: with a ULID's time part, those of one batch file and its moment. */
  invoicesWithIdPrefix(orgId: string, idPrefix: string): Promise<InvoiceItem[]>;
  deleteInvoice(before: InvoiceItem, options?: { releaseUsage?: boolean }): Promise<void>;
  listLineItems(orgId: string, invoiceId: string): Promise<LineItem[]>;
  replaceLineItems(orgId: string, invoiceId: string, lines: Omit<LineItem, 'id'>[]): Promise<LineItem[]>;
  invoicesAwaitingDecision(orgId: string): Promise<InvoiceItem[]>;
  invoicesOfVendorRecord(
    orgId: string,
    vendor: { id: string; nameKey: string | null },
  ): Promise<InvoiceItem[]>;
  /** Every APPROVED invoice of the organization (the 1099 report). */
  approvedInvoices(orgId: string): Promise<InvoiceItem[]>;
  /** One page of the organization's invoices in id order, after `after` (the aggregates' backfill). */
  invoicePage(orgId: string, after: string | null): Promise<{ items: InvoiceItem[]; next: string | null }>;
  /** The aggregate scheme the organization's invoices were all brought to by a backfill (0: never). */
  aggregatesBackfilled(orgId: string): Promise<number>;
  markAggregatesBackfilled(orgId: string, scheme: number): Promise<void>;
}

/** What an upload leaves behind before its invoice exists or its file is stored. */
export interface UploadStore {
  findReservation(orgId: string, invoiceId: string): Promise<UploadReservation | undefined>;
  putReservation(reservation: UploadReservation, idempotency?: IdempotencyClaim): Promise<void>;
  deleteReservation(orgId: string, invoiceId: string): Promise<void>;
  deletePendingUpload(upload: PendingUpload): Promise<void>;
  listPendingUploads(before: Date): Promise<PendingUpload[]>;
  findIdempotencyClaim(orgId: string, key: string): Promise<Omit<IdempotencyClaim, 'key'> | undefined>;
  releaseIdempotencyKey(orgId: string, key: string, invoiceId: string): Promise<void>;
  /** Counts one event in each counter's window unless one is full; answers the full one (none counted). */
  countInWindow(
    counters: WindowCounter[],
    windowStart: number,
    windowEnd: number,
  ): Promise<WindowCounter | undefined>;
}

export interface VendorStore {
  findVendor(orgId: string, id: string): Promise<VendorItem | undefined>;
  getVendor(orgId: string, id: string): Promise<VendorItem>;
  listAllVendors(orgId: string): Promise<VendorItem[]>;
  suggestVendor(orgId: string, input: VendorFields): Promise<VendorItem>;
  activateSuggestedVendor(orgId: string, id: string): Promise<void>;
  removeUnusedSuggestedVendor(orgId: string, id: string): Promise<boolean>;
  addVendorAliases(orgId: string, before: VendorItem, names: string[]): Promise<VendorItem>;
  deleteVendor(orgId: string, id: string): Promise<void>;
  /** The vendor's remembered layouts (none when nothing was learned of it). */
  loadVendorMemory(orgId: string, vendorId: string): Promise<LayoutMemory[]>;
  /** Forgets everything learned of the vendor: its layouts and its approved invoices. */
  forgetVendorMemory(orgId: string, vendorId: string): Promise<void>;
  /** The vendor's remembered layouts, changed by `change` against the stored version. */
  updateVendorMemory(
    orgId: string,
    vendorId: string,
    change: (layouts: LayoutMemory[]) => LayoutMemory[],
  ): Promise<LayoutMemory[]>;
  /** The vendor's approved invoices, newest first (core/vendors/history.ts). */
  loadVendorHistory(orgId: string, vendorId: string): Promise<ApprovedInvoiceFact[]>;
  /** The vendor's approved-invoice record, changed by `change` against the stored version. */
  updateVendorHistory(
    orgId: string,
    vendorId: string,
    change: (history: ApprovedInvoiceFact[]) => ApprovedInvoiceFact[],
  ): Promise<ApprovedInvoiceFact[]>;
  /** The page lines a processing run kept for layout learning (absent once the run expired). */
  runLayout(orgId: string, invoiceId: string, runId: string): Promise<PageLine[] | undefined>;
  learnFromCorrection(before: InvoiceItem, after: InvoiceItem): Promise<VendorCategoryMemory | null>;
  /** The vendor's insurance certificates (core/vendors/insurance.ts). */
  listVendorCertificates(orgId: string, vendorId: string): Promise<InsuranceCertificate[]>;
}

/** The expiry index of every organization's certificates and the marks of alerts sent (vendors/insurance-alerts.ts). */
export interface CertificateAlertStore {
  /** The certificates expiring from `from` to `to` (ISO dates, both included), across organizations. */
  certificatesExpiringBetween(from: string, to: string): Promise<CertificateExpiryEntry[]>;
  /** Writes the alert's mark with its effects once: `claimed`, else `pending` (e-mails not sent) or `sent`. */
  claimCertificateAlert(
    orgId: string,
    alert: CertificateAlert,
    effects: readonly OutboxEffect[],
  ): Promise<'claimed' | 'pending' | 'sent'>;
  markCertificateAlertSent(orgId: string, alert: CertificateAlert): Promise<void>;
}

export interface OrganizationStore {
  getOrganization(orgId: string): Promise<OrganizationItem>;
  getUsage(orgId: string): Promise<Usage>;
  listMembers(orgId: string): Promise<Member[]>;
  listApprovalRules(orgId: string): Promise<ApprovalRule[]>;
  listCategories(orgId: string): Promise<Category[]>;
  findProperty(orgId: string, id: string): Promise<Property | undefined>;
}

/** The organization's people and its pending invitations (core/team decides every change). */
export interface TeamStore {
  /** A member as stored now (a consistent read, its role as it reads today: team/roles), or undefined. */
  findMember(orgId: string, userId: string): Promise<Member | undefined>;
  /** A member's user item; 404 when there is none. */
  getUser(orgId: string, userId: string): Promise<Member>;
  /**
   * Gives `member` the role if their role is still `member.role` and `administratorWhoStays` (when named)
   * is still an administrator, in one transaction; false when a concurrent change came first.
   */
  writeMemberRole(
    orgId: string,
    member: Member,
    role: Role,
    administratorWhoStays: string | undefined,
  ): Promise<boolean>;
  /** Removes `member` and the API keys they created, on the same conditions as writeMemberRole. */
  deleteMember(orgId: string, member: Member, administratorWhoStays: string | undefined): Promise<boolean>;
  listInvitations(orgId: string): Promise<Invitation[]>;
  /** Stores an invitation with its e-mail's link; 409 invitation_exists when the address is invited. */
  putInvitation(
    orgId: string,
    input: { email: string; role: Role; invitedBy: string },
    link: InvitationLink,
  ): Promise<Invitation>;
  /** Gives a pending invitation a new link (the old one then reads as replaced); 404 when there is none. */
  renewInvitation(orgId: string, email: string, link: InvitationLink): Promise<Invitation>;
  /** Revokes an invitation (its link then reads as revoked); 404 when there is none. */
  deleteInvitation(orgId: string, email: string): Promise<void>;
}

export interface IntegrationStore {
  findIntegration(orgId: string, id: string): Promise<IntegrationItem | undefined>;
  /** The integration of this organization, or 404 (also for another organization's id). */
  getIntegration(orgId: string, id: string): Promise<IntegrationItem>;
  listIntegrations(orgId: string): Promise<IntegrationItem[]>;
  createIntegration(
    orgId: string,
    input: { name: string; type: Integration['type']; config: Record<string, string | undefined> },
  ): Promise<IntegrationItem>;
  replaceIntegrationConfig(
    orgId: string,
    before: IntegrationItem,
    config: Record<string, string>,
  ): Promise<IntegrationItem>;
  /** Changes name, status or config unless someone changed it since `before` (or `expectedVersion`): 409. */
  updateIntegration(
    orgId: string,
    before: IntegrationItem,
    changes: { name?: string; status?: 'ACTIVE' | 'INACTIVE'; config?: Record<string, string> },
    expectedVersion?: number,
  ): Promise<IntegrationItem>;
  deleteIntegration(orgId: string, id: string): Promise<void>;
  /** Records a sync's or test's outcome on the integration; undefined when it is gone. */
  recordIntegrationResult(
    orgId: string,
    id: string,
    result: { ok: boolean; error?: string },
  ): Promise<IntegrationItem | undefined>;
  /** What a QuickBooks or Propertyware integration (its config opened) offers to map accounts to. */
  listAccountOptions(
    orgId: string,
    integration: IntegrationItem,
  ): Promise<{ ok: true; options: IntegrationOptions } | { ok: false; error: string }>;
  /**
   * The call Test connection makes to a Make.com (the sample event) or Propertyware (its vendor list)
   * integration, its config opened, the way a sync would reach it; or why none can be made.
   */
  connectionTestRequest(
    type: 'MAKE_COM' | 'PROPERTYWARE',
    config: Record<string, string>,
    sample: InvoiceEventBody,
    timeoutMs: number,
  ): OutboundCall | { error: string };
  putOAuthState(state: string, item: OAuthStateItem): Promise<void>;
  takeOAuthState(state: string): Promise<OAuthStateItem | undefined>;
  mappingWaits: {
    add(orgId: string, integrationId: string, wait: MappingWait): Promise<void>;
    list(orgId: string, integrationId: string): Promise<MappingWait[]>;
    remove(orgId: string, integrationId: string, invoiceId: string): Promise<void>;
  };
  /** The QuickBooks app's credentials, or undefined when the deployment has none. */
  quickBooksApp(): QuickBooksApp | undefined;
  quickBooksAuthorizationUrl(app: QuickBooksApp, state: string, redirectUri: string): string;
  exchangeQuickBooksCode(
    app: QuickBooksApp,
    code: string,
    redirectUri: string,
    now?: Date,
  ): Promise<TokenSet | TokenFailure>;
  /** `record` with `fields` sealed under the organization's key (never stored in clear). */
  sealFields(
    orgId: string,
    record: Record<string, string>,
    fields: readonly string[],
  ): Promise<Record<string, string>>;
}

/** The organization's webhooks and their delivery log. */
export interface WebhookStore {
  listWebhooks(orgId: string): Promise<WebhookItem[]>;
  /** The webhook of this organization, or 404 (also for another organization's id). */
  getWebhook(orgId: string, id: string): Promise<WebhookItem>;
  createWebhook(
    orgId: string,
    input: { url: string; events: string[]; secret: string | null },
  ): Promise<WebhookItem>;
  deleteWebhook(orgId: string, id: string): Promise<void>;
  /** Replaces the secret if it is still `before`; otherwise leaves it. */
  replaceWebhookSecret(orgId: string, id: string, before: string, after: string): Promise<void>;
  /** The (sealed) secret signs from now on; the old one beside it until `overlapUntil`. 404 when gone. */
  rotateWebhookSecret(orgId: string, id: string, sealed: string, overlapUntil: string): Promise<WebhookItem>;
  listDeliveries(
    orgId: string,
    webhookId: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }>;
  getDelivery(orgId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery>;
}

/** Secrets at rest: sealed under the organization's key, opened only to be sent. */
export interface Secrets {
  /** Whether a stored value is sealed (one stored before secrets were sealed is in clear). */
  isSealed(value: string): boolean;
  /** A secret sealed for storage (a sealed one is answered as it is). */
  sealSecret(orgId: string, value: string): Promise<string>;
  /** `record` with `fields` opened, for this call only. */
  openFields(
    orgId: string,
    record: Record<string, string>,
    fields: readonly string[],
  ): Promise<Record<string, string>>;
}

/** A call to a user-given URL (see Outbound). */
export interface OutboundCall {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs: number;
}

/** What a call to a user-given URL came to; it names neither the host nor the address. */
export interface OutboundAnswer {
  ok: boolean;
  /** Null when nothing answered (or the call was refused before connecting). */
  status: number | null;
  body: string;
  /** Why it failed: `refused` when the outbound policy refused the URL. */
  failure?: string;
  error?: string;
}

/** User-given URLs are called only through the guarded outbound client (https, public addresses). */
export interface Outbound {
  /** Never throws: a failure is an answer. */
  callOutbound(call: OutboundCall): Promise<OutboundAnswer>;
  /** 400 with the field's path when the URL could not be called under this runtime's policy. */
  refuseUncallableUrl(url: string, path: string): Promise<void>;
}

/** The uploads bucket. */
export interface FileStore {
  objectKeyFor(orgId: string, invoiceId: string, filename: string): string;
  putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  deleteObject(key: string): Promise<void>;
  objectExists(key: string): Promise<boolean>;
  presignUpload(
    key: string,
    contentType: string,
    maxBytes: number,
  ): Promise<{ url: string; fields: Record<string, string> }>;
  presignDownload(key: string, filename: string, seconds: number): Promise<string>;
}

/** An e-mail the product sends. */
export interface OutgoingEmail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** A Message-ID of our choosing (`<…@…>`): a stable one lets receivers drop a duplicate. */
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** Messages sent outside the table's outbox: the invoice events queue, e-mail. */
export interface Messaging {
  publishInvoiceEvent(orgId: string, invoiceId: string, event: InvoiceEventType): Promise<void>;
  sendEmail(message: OutgoingEmail): Promise<{ messageId: string }>;
  /** Queues one webhook delivery attempt, invisible for `delaySeconds`. */
  queueWebhookAttempt(message: WebhookAttemptMessage, delaySeconds: number): Promise<void>;
  /** An in-app notification for the organization (or its `recipients`). */
  addNotification(
    orgId: string,
    input: { kind: Notification['kind']; invoiceId: string | null; message: string },
  ): Promise<unknown>;
}

/** Logs of failures a use-case survives (what it must not fail for, such as learning). */
export interface Log {
  logError(message: string, error: unknown, attributes?: Record<string, unknown>): void;
  logWarning(message: string, attributes?: Record<string, unknown>): void;
}

/** What the product counts for its dashboards and alarms. */
export interface Metrics {
  /** The outcome a sync recorded on an invoice for one integration. */
  recordSyncOutcome(status: 'SYNCED' | 'RETRYING' | 'FAILED'): void;
}

/** The deployment's settings core needs, read when asked. */
export interface Settings {
  /** The site's public origin, undefined when the deployment sets none. */
  publicUrl(): string | undefined;
  /** How long a rotated webhook secret keeps signing beside the new one. */
  webhookSecretOverlapSeconds(): number;
}

export interface Ports
  extends InvoiceStore,
    UploadStore,
    VendorStore,
    CertificateAlertStore,
    OrganizationStore,
    TeamStore,
    IntegrationStore,
    WebhookStore,
    Secrets,
    Outbound,
    FileStore,
    Messaging,
    Log,
    Metrics,
    Settings {}

let provided: Ports | undefined;

/** Injects the ports every use-case reaches the outside through (see the module comment). */
export function providePorts(ports: Ports): void {
  provided = ports;
}

/** The injected ports. Throws when no entry point injected them: a wiring fault, never a user's. */
export function ports(): Ports {
  if (!provided) throw new Error('No ports provided: the entry point must call providePorts first');
  return provided;
}
