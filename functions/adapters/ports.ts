import { type Ports, providePorts } from '../core/ports';
import { env } from '../env';
import { aggregatesBackfilled, invoicePage, markAggregatesBackfilled } from './dynamodb/aggregate-backfill';
import { listApprovalRules } from './dynamodb/approval-rules';
import { listCategories } from './dynamodb/categories';
import { claimCertificateAlert, markCertificateAlertSent } from './dynamodb/certificate-alerts';
import { learnFromCorrection } from './dynamodb/classifier-memory';
import { findIdempotencyClaim, releaseIdempotencyKey } from './dynamodb/idempotency-keys';
import {
  createIntegration,
  deleteIntegration,
  findIntegration,
  getIntegration,
  listIntegrations,
  recordIntegrationResult,
  replaceIntegrationConfig,
  updateIntegration,
} from './dynamodb/integrations';
import { listLineItems, replaceLineItems } from './dynamodb/invoice-children';
import {
  approvedInvoices,
  invoicesAwaitingDecision,
  invoicesOfVendorRecord,
} from './dynamodb/invoice-listing';
import {
  createInvoice,
  deleteInvoice,
  findInvoice,
  getInvoice,
  invoicesWithIdPrefix,
  writeBatchMerge,
  writeBatchSplit,
  writeInvoice,
} from './dynamodb/invoices';
import { mappingWaits } from './dynamodb/mapping-waits';
import { addNotification } from './dynamodb/notifications';
import { putOAuthState, takeOAuthState } from './dynamodb/oauth-states';
import { getOrganization } from './dynamodb/organizations';
import { deletePendingUpload, listPendingUploads } from './dynamodb/pending-uploads';
import { findProperty } from './dynamodb/properties';
import { countInWindow } from './dynamodb/rate-limits';
import {
  deleteInvitation,
  deleteMember,
  findMember,
  listInvitations,
  listMembers,
  putInvitation,
  renewInvitation,
  writeMemberRole,
} from './dynamodb/team';
import { deleteReservation, findReservation, putReservation } from './dynamodb/upload-reservations';
import { getUsage } from './dynamodb/usage';
import { getUser } from './dynamodb/users';
import { certificatesExpiringBetween, listVendorCertificates } from './dynamodb/vendor-certificates';
import {
  forgetVendorMemory,
  loadVendorHistory,
  loadVendorMemory,
  runLayout,
  updateVendorHistory,
  updateVendorMemory,
} from './dynamodb/vendor-memory';
import {
  activateSuggestedVendor,
  addVendorAliases,
  deleteVendor,
  findVendor,
  getVendor,
  listAllVendors,
  removeUnusedSuggestedVendor,
  suggestVendor,
} from './dynamodb/vendors';
import {
  createWebhook,
  deleteWebhook,
  getDelivery,
  getWebhook,
  listDeliveries,
  listWebhooks,
  replaceWebhookSecret,
  rotateWebhookSecret,
} from './dynamodb/webhooks';
import { sendEmail } from './email/mail-sender';
import { callOutbound, refuseUncallableUrl } from './http';
import { makeWebhookRequest } from './make/webhook';
import { logError, logger } from './observability/logger';
import { recordSyncOutcome } from './observability/metrics';
import { listPropertywareOptions, propertywareVendorsRequest } from './propertyware/client';
import { quickBooksApp, quickBooksOptions } from './quickbooks/integration-tokens';
import { authorizationUrl, exchangeCode } from './quickbooks/oauth';
import {
  deleteObject,
  objectExists,
  objectKeyFor,
  presignDownload,
  presignUpload,
  putObject,
} from './s3/storage';
import { isSealed, openFields, sealFields, sealSecret } from './secrets';
import { publishInvoiceEvent, queueWebhookAttempt } from './sqs/invoice-events';

/**
 * The composition root: core's ports (functions/core/ports.ts) built from the adapters. Typed as
 * `Ports`, so an adapter that drifts from what core declares fails the build here. Every function's
 * handler gets them through `observed` (observability/middleware.ts); the local runtime and the tests
 * call {@link provideAdapterPorts} themselves.
 */
export const adapterPorts: Ports = {
  findInvoice,
  getInvoice,
  createInvoice,
  writeInvoice,
  writeBatchSplit,
  writeBatchMerge,
  invoicesWithIdPrefix,
  deleteInvoice,
  listLineItems,
  replaceLineItems,
  invoicesAwaitingDecision,
  invoicesOfVendorRecord,
  approvedInvoices,
  invoicePage,
  aggregatesBackfilled,
  markAggregatesBackfilled,

  findReservation,
  putReservation,
  deleteReservation,
  deletePendingUpload,
  listPendingUploads,
  findIdempotencyClaim,
  releaseIdempotencyKey,
  countInWindow,

  findVendor,
  getVendor,
  listAllVendors,
  suggestVendor,
  activateSuggestedVendor,
  removeUnusedSuggestedVendor,
  addVendorAliases,
  deleteVendor,
  loadVendorMemory,
  forgetVendorMemory,
  updateVendorMemory,
  loadVendorHistory,
  updateVendorHistory,
  runLayout,
  learnFromCorrection,
  listVendorCertificates,
  certificatesExpiringBetween,
  claimCertificateAlert,
  markCertificateAlertSent,

  getOrganization,
  getUsage: (orgId) => getUsage(orgId),
  listMembers,
  listApprovalRules,
  listCategories,
  findProperty,

  findMember,
  getUser,
  writeMemberRole,
  deleteMember,
  listInvitations,
  putInvitation,
  renewInvitation,
  deleteInvitation,

  findIntegration,
  getIntegration,
  listIntegrations,
  createIntegration,
  replaceIntegrationConfig,
  updateIntegration,
  deleteIntegration,
  recordIntegrationResult,
  listAccountOptions: (orgId, integration) =>
    integration.type === 'QUICKBOOKS'
      ? quickBooksOptions(orgId, integration)
      : listPropertywareOptions(integration.config),
  connectionTestRequest: (type, config, sample, timeoutMs) =>
    type === 'MAKE_COM'
      ? makeWebhookRequest(config, sample, timeoutMs)
      : propertywareVendorsRequest(config, timeoutMs),
  putOAuthState,
  takeOAuthState,
  mappingWaits,
  quickBooksApp,
  quickBooksAuthorizationUrl: authorizationUrl,
  exchangeQuickBooksCode: exchangeCode,
  sealFields,

  listWebhooks,
  getWebhook,
  createWebhook,
  deleteWebhook,
  replaceWebhookSecret,
  rotateWebhookSecret,
  listDeliveries,
  getDelivery,

  isSealed,
  sealSecret,
  openFields,

  callOutbound,
  refuseUncallableUrl,

  objectKeyFor,
  putObject,
  deleteObject,
  objectExists,
  presignUpload,
  presignDownload,

  publishInvoiceEvent,
  sendEmail,
  queueWebhookAttempt,
  addNotification,

  logError,
  logWarning: (message, attributes = {}) => logger.warn({ message, ...attributes }),
  recordSyncOutcome,

  publicUrl: () => env().PUBLIC_URL,
  webhookSecretOverlapSeconds: () => env().WEBHOOK_SECRET_OVERLAP_SECONDS,
};

/** Injects the adapters as core's ports (idempotent: the same object each time). */
export function provideAdapterPorts(): void {
  providePorts(adapterPorts);
}
