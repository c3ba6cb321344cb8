import { ulid } from 'ulid';
import {
  approveBodySchema,
  commentBodySchema,
  idSchema,
  invoiceListQuerySchema,
  invoiceUpdateSchema,
  rejectBodySchema,
  syncRetrySchema,
  uploadUrlRequestSchema,
} from '../../../shared/schemas';
import {
  addComment,
  deleteInvoice,
  getInvoice,
  type InvoiceItem,
  listComments,
  listEvents,
  listInvoices,
  listLineItems,
  saveInvoice,
  toInvoice,
  withLineSplits,
} from '../../adapters/dynamodb/invoices';
import { defaultCurrencyOf } from '../../adapters/dynamodb/organizations';
import { logError } from '../../adapters/observability/logger';
import { deleteObject, getObjectBytes } from '../../adapters/s3/storage';
import { processingStarter } from '../../adapters/workflow/processing-starter';
import { changesApprovedFields } from '../../core/approvals/steps';
import { AppError } from '../../core/errors/app-error';
import { markEdits } from '../../core/invoices/fields';
import { assertTransition } from '../../core/invoices/transitions';
import { env } from '../../env';
import {
  approvalStepsFor,
  approve,
  approverRoleOf,
  invoicesWaitingFor,
  notifyApprovers,
} from '../../services/approvals';
import { learnFromCorrection } from '../../services/classifier-memory';
import { publishInvoiceEvent } from '../../services/invoice-events';
import { retryFailedSync } from '../../services/sync-retry';
import { actorNameOf } from '../lib/actor-name';
import { type ApiRequest, parseBody, parseParam, parseQuery, resourceHandler } from '../lib/http';
import { ownReferences } from '../lib/references';
import { invoicesCsv } from './csv';
import { readMultipartFile } from './multipart';
import { splitChanges } from './splits';
import { prepareBrowserUpload, uploadFile } from './upload';

const page = <T>(items: T[]) => ({ items, nextCursor: null, total: items.length });

async function load(request: ApiRequest) {
  const { orgId } = request.principal();
  return getInvoice(orgId, parseParam(request, 'id', idSchema));
}

const actorName = (request: ApiRequest) => actorNameOf(request.principal());

async function upload(request: ApiRequest) {
  const file = await readMultipartFile(request.headers['content-type'], request.rawBody);
  const item = await uploadFile(request.principal(), file);
  await publishInvoiceEvent(item.orgId, item.id, 'invoice.uploaded');
  return { status: 201, body: toInvoice(item) };
}

/** Sends a stored file back, inline for the preview or as an attachment for the download button. */
async function file(request: ApiRequest, disposition: 'inline' | 'attachment') {
  const item = await load(request);
  const bytes = await getObjectBytes(item.objectKey).catch((error) => {
    if ((error as Error).name === 'NoSuchKey')
      throw new AppError('not_found', 'file_missing', 'The file is not stored yet');
    throw error;
  });
  return {
    binary: Buffer.from(bytes),
    headers: {
      'content-type': item.contentType,
      'content-disposition': `${disposition}; filename="${item.filename.replace(/"/g, '')}"`,
      'x-content-type-options': 'nosniff',
    },
  };
}

export const handler = resourceHandler({
  'GET /api/invoices': async (request) => {
    const principal = request.principal();
    const { orgId } = principal;
    const query = parseQuery(request, invoiceListQuerySchema);
    const [result, currency] = await Promise.all([
      query.waitingFor === 'me'
        ? invoicesWaitingFor(orgId, { id: principal.actorId, role: approverRoleOf(principal) }).then(
            (items) => ({
              items: items.slice(0, query.limit ?? 25),
              nextCursor: null,
              total: items.length,
            }),
          )
        : listInvoices(orgId, query),
      defaultCurrencyOf(orgId),
    ]);
    return { ...result, items: result.items.map((item) => toInvoice(item, currency)) };
  },

  'GET /api/invoices/export.csv': async (request) => {
    const { orgId } = request.principal();
    const query = parseQuery(request, invoiceListQuerySchema);
    const currency = await defaultCurrencyOf(orgId);
    const items = [];
    let cursor: string | undefined;
    do {
      const result = await listInvoices(orgId, { ...query, limit: 100, cursor }, { count: false });
      items.push(...result.items.map((item) => toInvoice(item, currency)));
      cursor = result.nextCursor ?? undefined;
    } while (cursor && items.length < 50_000);
    const date = new Date().toISOString().slice(0, 10);
    return {
      binary: Buffer.from(invoicesCsv(items), 'utf8'),
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="invoices-${date}.csv"`,
      },
    };
  },

  'POST /api/invoices/upload': upload,
  'POST /api/upload': upload,

  'POST /api/invoices/upload-url': async (request) => {
    const input = parseBody(request, uploadUrlRequestSchema);
    return prepareBrowserUpload(request.principal(), input);
  },

  'GET /api/invoices/{id}': async (request) => {
    const item = await load(request);
    return toInvoice(item, item.currency ?? (await defaultCurrencyOf(item.orgId)));
  },

  'PUT /api/invoices/{id}': async (request) => {
    const before = await load(request);
    const input = parseBody(request, invoiceUpdateSchema);
    assertTransition('edit', before.status);
    if (input.version !== before.version) {
      throw new AppError(
        'conflict',
        'stale_version',
        'This invoice was changed by someone else; reload it and try again',
      );
    }
    const { version: _version, allocations, lineItems, ...fields } = input;
    const changes: Partial<InvoiceItem> = Object.fromEntries(
      Object.entries(fields)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, v === '' ? null : v]),
    );
    // Only changed references are checked: an invoice keeps the id of a property deleted since.
    const changed = (field: 'propertyId' | 'categoryId') =>
      changes[field] !== before[field] ? changes[field] : undefined;
    const { category } = await ownReferences(before.orgId, {
      propertyId: changed('propertyId'),
      categoryId: changed('categoryId'),
    });
    // The category's name is kept on the invoice for lists and exports.
    if (changed('categoryId') !== undefined) changes.categoryName = category?.name ?? null;
    Object.assign(changes, await splitChanges(before, { ...before, ...changes }, allocations, lineItems));
    const editor = { actor: request.principal().actorId, actorName: await actorName(request) };
    changes.fieldEdits = markEdits(before, changes, before.fieldEdits, {
      by: editor.actor,
      name: editor.actorName,
      at: new Date().toISOString(),
    });
    // Approvals were given to the invoice as it was: a change to what they approved takes them back, and
    // the invoice meets the rules again as it now is.
    if (before.approvalSteps && changesApprovedFields(before, changes))
      changes.approvalSteps = await approvalStepsFor({ ...before, ...changes });
    const after = await saveInvoice(before, changes, { type: 'edited', ...editor });
    if (changes.approvalSteps) await notifyApprovers(after);
    // A changed category teaches the organization's classifier; learning never fails the edit.
    await learnFromCorrection(before, after).catch((error) =>
      logError('Learning from a correction failed', error, { invoiceId: after.id }),
    );
    return toInvoice(after);
  },

  'DELETE /api/invoices/{id}': async (request) => {
    const item = await load(request);
    await deleteInvoice(item);
    await deleteObject(item.objectKey).catch(() => undefined);
    return { status: 204 };
  },

  'POST /api/invoices/{id}/approve': async (request) => {
    const before = await load(request);
    const { comment } = parseBody(request, approveBodySchema);
    const principal = request.principal();
    const approver = {
      id: principal.actorId,
      role: approverRoleOf(principal),
      name: await actorName(request),
    };
    return toInvoice(await approve(before, approver, comment || null));
  },

  'POST /api/invoices/{id}/reject': async (request) => {
    const before = await load(request);
    const { reason } = parseBody(request, rejectBodySchema);
    assertTransition('reject', before.status);
    const after = await saveInvoice(
      before,
      { status: 'REJECTED', rejectionReason: reason },
      {
        type: 'rejected',
        actor: request.principal().actorId,
        actorName: await actorName(request),
        note: reason,
      },
    );
    await publishInvoiceEvent(after.orgId, after.id, 'invoice.rejected');
    return toInvoice(after);
  },

  'POST /api/invoices/{id}/sync/retry': async (request) => {
    const { integrationId } = parseBody(request, syncRetrySchema);
    return { status: 200, body: toInvoice(await retryFailedSync(await load(request), integrationId)) };
  },

  'POST /api/invoices/{id}/reprocess': async (request) => {
    const before = await load(request);
    assertTransition('reprocess', before.status);
    // A new run id makes any still-running earlier run's late result land nowhere.
    const after = await saveInvoice(
      before,
      {
        status: 'UPLOADED',
        processingStage: 'QUEUED',
        processingRunId: ulid(),
        reviewReasons: [],
        rejectionReason: null,
        // The next decision evaluates the approval rules afresh.
        approvalSteps: null,
      },
      {
        type: 'reprocess_requested',
        actor: request.principal().actorId,
        actorName: await actorName(request),
      },
    );
    await processingStarter().start({
      orgId: after.orgId,
      invoiceId: after.id,
      objectKey: after.objectKey,
      bucket: env().BUCKET_NAME,
      reason: 'reprocess',
    });
    return { status: 202, body: toInvoice(after) };
  },

  'GET /api/invoices/{id}/line-items': async (request) => {
    const item = await load(request);
    return page(withLineSplits(await listLineItems(item.orgId, item.id), item));
  },

  'GET /api/invoices/{id}/comments': async (request) => {
    const item = await load(request);
    return page(await listComments(item.orgId, item.id));
  },

  'POST /api/invoices/{id}/comments': async (request) => {
    const item = await load(request);
    const input = parseBody(request, commentBodySchema);
    const comment = await addComment(item.orgId, item.id, {
      userId: request.principal().actorId,
      userName: await actorName(request),
      comment: input.comment,
      isInternal: input.isInternal,
    });
    return { status: 201, body: comment };
  },

  'GET /api/invoices/{id}/events': async (request) => {
    const item = await load(request);
    return page(await listEvents(item.orgId, item.id));
  },

  'GET /api/invoices/{id}/pdf': (request) => file(request, 'inline'),
  'GET /api/invoices/{id}/file': (request) => file(request, 'attachment'),
});
