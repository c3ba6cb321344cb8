import type { ApprovalRule, Category, Integration, LineItem, Member, Property } from '../../shared/schemas';
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
import type { InvoiceCommit } from './invoices/invoice-commit';
import type { IdempotencyClaim, PendingUpload, UploadReservation } from './invoices/upload-records';
import type { OrganizationItem, Usage } from './organizations/organization';
import type { InvoiceEventType, OutboxEffect } from './outbox/effects';
import type { LayoutMemory } from './vendors/memory';
import type { VendorCategoryMemory, VendorFields, VendorItem } from './vendors/vendor';

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
  deleteInvoice(before: InvoiceItem, options?: { releaseUsage?: boolean }): Promise<void>;
  listLineItems(orgId: string, invoiceId: string): Promise<LineItem[]>;
  replaceLineItems(orgId: string, invoiceId: string, lines: Omit<LineItem, 'id'>[]): Promise<LineItem[]>;
  invoicesAwaitingDecision(orgId: string): Promise<InvoiceItem[]>;
  invoicesOfVendorRecord(
    orgId: string,
    vendor: { id: string; nameKey: string | null },
  ): Promise<InvoiceItem[]>;
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
  /** Forgets everything learned of the vendor's layouts. */
  forgetVendorMemory(orgId: string, vendorId: string): Promise<void>;
  /** The vendor's remembered layouts, changed by `change` against the stored version. */
  updateVendorMemory(
    orgId: string,
    vendorId: string,
    change: (layouts: LayoutMemory[]) => LayoutMemory[],
  ): Promise<LayoutMemory[]>;
  /** The page lines a processing run kept for layout learning (absent once the run expired). */
  runLayout(orgId: string, invoiceId: string, runId: string): Promise<PageLine[] | undefined>;
  learnFromCorrection(before: InvoiceItem, after: InvoiceItem): Promise<VendorCategoryMemory | null>;
}

export interface OrganizationStore {
  getOrganization(orgId: string): Promise<OrganizationItem>;
  getUsage(orgId: string): Promise<Usage>;
  listMembers(orgId: string): Promise<Member[]>;
  listApprovalRules(orgId: string): Promise<ApprovalRule[]>;
  listCategories(orgId: string): Promise<Category[]>;
  findProperty(orgId: string, id: string): Promise<Property | undefined>;
}

export interface IntegrationStore {
  findIntegration(orgId: string, id: string): Promise<IntegrationItem | undefined>;
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
}

/** Logs of failures a use-case survives (what it must not fail for, such as learning). */
export interface Log {
  logError(message: string, error: unknown, attributes?: Record<string, unknown>): void;
  logWarning(message: string, attributes?: Record<string, unknown>): void;
}

/** The deployment's settings core needs, read when asked. */
export interface Settings {
  /** The site's public origin, undefined when the deployment sets none. */
  publicUrl(): string | undefined;
}

export interface Ports
  extends InvoiceStore,
    UploadStore,
    VendorStore,
    OrganizationStore,
    IntegrationStore,
    FileStore,
    Messaging,
    Log,
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
