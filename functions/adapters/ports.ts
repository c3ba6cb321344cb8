import { type Ports, providePorts } from '../core/ports';
import { env } from '../env';
import { listApprovalRules } from './dynamodb/approval-rules';
import { listCategories } from './dynamodb/categories';
import { learnFromCorrection } from './dynamodb/classifier-memory';
import { findIdempotencyClaim, releaseIdempotencyKey } from './dynamodb/idempotency-keys';
import {
  createIntegration,
  findIntegration,
  listIntegrations,
  replaceIntegrationConfig,
} from './dynamodb/integrations';
import { listLineItems, replaceLineItems } from './dynamodb/invoice-children';
import { invoicesAwaitingDecision, invoicesOfVendorRecord } from './dynamodb/invoice-listing';
import { createInvoice, deleteInvoice, findInvoice, getInvoice, writeInvoice } from './dynamodb/invoices';
import { mappingWaits } from './dynamodb/mapping-waits';
import { putOAuthState, takeOAuthState } from './dynamodb/oauth-states';
import { getOrganization } from './dynamodb/organizations';
import { deletePendingUpload, listPendingUploads } from './dynamodb/pending-uploads';
import { findProperty } from './dynamodb/properties';
import { countInWindow } from './dynamodb/rate-limits';
import { listMembers } from './dynamodb/team';
import { deleteReservation, findReservation, putReservation } from './dynamodb/upload-reservations';
import { getUsage } from './dynamodb/usage';
import {
  forgetVendorMemory,
  loadVendorMemory,
  runLayout,
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
import { sendEmail } from './email/mail-sender';
import { logError, logger } from './observability/logger';
import { quickBooksApp } from './quickbooks/integration-tokens';
import { authorizationUrl, exchangeCode } from './quickbooks/oauth';
import {
  deleteObject,
  objectExists,
  objectKeyFor,
  presignDownload,
  presignUpload,
  putObject,
} from './s3/storage';
import { sealFields } from './secrets';
import { publishInvoiceEvent } from './sqs/invoice-events';

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
  deleteInvoice,
  listLineItems,
  replaceLineItems,
  invoicesAwaitingDecision,
  invoicesOfVendorRecord,

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
  runLayout,
  learnFromCorrection,

  getOrganization,
  getUsage: (orgId) => getUsage(orgId),
  listMembers,
  listApprovalRules,
  listCategories,
  findProperty,

  findIntegration,
  listIntegrations,
  createIntegration,
  replaceIntegrationConfig,
  putOAuthState,
  takeOAuthState,
  mappingWaits,
  quickBooksApp,
  quickBooksAuthorizationUrl: authorizationUrl,
  exchangeQuickBooksCode: exchangeCode,
  sealFields,

  objectKeyFor,
  putObject,
  deleteObject,
  objectExists,
  presignUpload,
  presignDownload,

  publishInvoiceEvent,
  sendEmail,

  logError,
  logWarning: (message, attributes = {}) => logger.warn({ message, ...attributes }),

  publicUrl: () => env().PUBLIC_URL,
};

/** Injects the adapters as core's ports (idempotent: the same object each time). */
export function provideAdapterPorts(): void {
  providePorts(adapterPorts);
}
