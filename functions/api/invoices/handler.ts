import {
  addComment,
  listComments,
  listEvents,
  listLineItems,
} from '../../adapters/dynamodb/invoice-children';
import { listInvoices } from '../../adapters/dynamodb/invoice-listing';
import { findInvoice, getInvoice } from '../../adapters/dynamodb/invoices';
import { defaultCurrencyOf } from '../../adapters/dynamodb/organizations';
import { listAllProperties } from '../../adapters/dynamodb/properties';
import { getObjectBytes } from '../../adapters/s3/storage';
import { approverRoleOf, invoicesWaitingFor } from '../../core/approvals/routing';
import { AppError } from '../../core/errors/app-error';
import {
  mergeWithPrevious,
  type OriginalPdf,
  originalKeyOf,
  splitInvoiceAt,
} from '../../core/invoices/batch-boundaries';
import { approve, reject } from '../../core/invoices/decisions';
import { removeInvoice } from '../../core/invoices/delete';
import { editInvoice } from '../../core/invoices/edit';
import { prepareBrowserUploadOnce, uploadOnce } from '../../core/invoices/idempotent-upload';
import { type InvoiceItem, toInvoice, withLineSplits } from '../../core/invoices/invoice';
import { markPaid, removePayment } from '../../core/invoices/payment';
import { reprocess } from '../../core/invoices/processing';
import { reopenInvoice, voidInvoice } from '../../core/invoices/reopen';
import { retryFailedSync } from '../../core/invoices/sync-retry';
import { openPdf } from '../../extraction/pdf/pdf-pages';
import { actorNameOf } from '../lib/actor-name';
import { type ApiRequest, type IdRequest, resourceHandler } from '../lib/http';
import { bulkRoutes } from './bulk';
import { invoicesContract } from './contract';
import { invoicesCsv } from './csv';
import { readMultipartFile } from './multipart';

const page = <T>(items: T[]) => ({ items, nextCursor: null, total: items.length });

async function load(request: IdRequest) {
  const { orgId } = request.principal();
  return getInvoice(orgId, request.params.id);
}

const actorName = (request: ApiRequest) => actorNameOf(request.principal());

/** The caller as History records them: their id and their name. */
async function actor(request: ApiRequest) {
  return { actor: request.principal().actorId, actorName: await actorName(request) };
}

/** The caller as an uploader: their organization, id and name, and the API key calling, if one is. */
async function uploader(request: ApiRequest) {
  const { orgId, actorId, kind } = request.principal();
  return {
    orgId,
    actorId,
    name: await actorName(request),
    ...(kind === 'apikey' ? { apiKeyId: actorId } : {}),
  };
}

type UploadRequest = ApiRequest<(typeof invoicesContract)['POST /api/invoices/upload']>;

/** 201 with the new invoice; 200 with the first one for a repeated Idempotency-Key. */
async function upload(request: UploadRequest) {
  const key = request.declaredHeaders['idempotency-key'];
  const file = await readMultipartFile(request.headers['content-type'], request.rawBody);
  const { value, replayed } = await uploadOnce(await uploader(request), file, key);
  return { status: replayed ? 200 : 201, body: toInvoice(value) };
}

/**
 * The file `item`'s pages are cut from (its batch file's upload, or its own) with its pages' object
 * references, which pdfjs reads from the cross-reference table and page tree only.
 */
async function originalPdf(item: InvoiceItem): Promise<OriginalPdf> {
  const bytes = await getObjectBytes(originalKeyOf(item));
  const pdf = await openPdf(bytes).catch(() => {
    throw new AppError('conflict', 'not_cuttable', 'This file cannot be read as a PDF, so it cannot be cut');
  });
  try {
    const refs = [];
    for (let page = 1; page <= pdf.pageCount; page++) refs.push(await pdf.pageRef(page));
    return { bytes, refs };
  } finally {
    await pdf.close();
  }
}

/** Sends a stored file back, inline for the preview or as an attachment for the download button. */
async function file(request: IdRequest, disposition: 'inline' | 'attachment') {
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

type ExportRequest = ApiRequest<(typeof invoicesContract)['GET /api/invoices/export.csv']>;

/** The invoices an export names (`ids`, of this organization only), else every one matching the filters. */
async function exported(request: ExportRequest): Promise<InvoiceItem[]> {
  const { orgId } = request.principal();
  const { ids, ...query } = request.query;
  if (ids) {
    const found = await Promise.all([...new Set(ids)].map((id) => findInvoice(orgId, id)));
    return found.filter((item) => item !== undefined);
  }
  const items: InvoiceItem[] = [];
  let cursor: string | undefined;
  do {
    const result = await listInvoices(orgId, { ...query, limit: 100, cursor }, { count: false });
    items.push(...result.items);
    cursor = result.nextCursor ?? undefined;
  } while (cursor && items.length < 50_000);
  return items;
}

export const handler = resourceHandler(invoicesContract, {
  ...bulkRoutes,
  'GET /api/invoices': async (request) => {
    const principal = request.principal();
    const { orgId } = principal;
    const query = request.query;
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
    const [items, currency, properties] = await Promise.all([
      exported(request),
      defaultCurrencyOf(orgId),
      listAllProperties(orgId),
    ]);
    const propertyName = new Map(properties.map((p) => [p.id, p.name]));
    const rows = items.map((item) => ({
      ...toInvoice(item, currency),
      propertyName: (item.propertyId && propertyName.get(item.propertyId)) || null,
    }));
    const date = new Date().toISOString().slice(0, 10);
    return {
      binary: Buffer.from(invoicesCsv(rows), 'utf8'),
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="invoices-${date}.csv"`,
      },
    };
  },

  'POST /api/invoices/upload': upload,
  'POST /api/upload': upload,

  'POST /api/invoices/upload-url': async (request) => {
    const input = request.body;
    const key = request.declaredHeaders['idempotency-key'];
    const { value, replayed } = await prepareBrowserUploadOnce(await uploader(request), input, key);
    return { status: replayed ? 200 : 201, body: value };
  },

  'GET /api/invoices/{id}': async (request) => {
    const item = await load(request);
    return toInvoice(item, item.currency ?? (await defaultCurrencyOf(item.orgId)));
  },

  'PUT /api/invoices/{id}': async (request) => {
    const before = await load(request);
    const input = request.body;
    return toInvoice(await editInvoice(before, input, await actor(request)));
  },

  'DELETE /api/invoices/{id}': async (request) => {
    await removeInvoice(await load(request));
    return { status: 204 };
  },

  'POST /api/invoices/{id}/approve': async (request) => {
    const before = await load(request);
    const { comment } = request.body;
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
    const { reason } = request.body;
    return toInvoice(await reject(before, reason, await actor(request)));
  },

  'POST /api/invoices/{id}/reopen': async (request) => {
    const before = await load(request);
    return toInvoice(await reopenInvoice(before, request.body.reason, await actor(request)));
  },

  'POST /api/invoices/{id}/void': async (request) => {
    const before = await load(request);
    return toInvoice(await voidInvoice(before, request.body.reason, await actor(request)));
  },

  'POST /api/invoices/{id}/payment': async (request) => {
    const before = await load(request);
    return toInvoice(await markPaid(before, request.body, await actor(request)));
  },

  'DELETE /api/invoices/{id}/payment': async (request) => {
    const before = await load(request);
    return toInvoice(await removePayment(before, request.query.version, await actor(request)));
  },

  'POST /api/invoices/{id}/sync/retry': async (request) => {
    const { integrationId } = request.body;
    return { status: 200, body: toInvoice(await retryFailedSync(await load(request), integrationId)) };
  },

  'POST /api/invoices/{id}/reprocess': async (request) => {
    const after = await reprocess(await load(request), await actor(request));
    return { status: 202, body: toInvoice(after) };
  },

  'POST /api/invoices/{id}/split': async (request) => {
    const before = await load(request);
    const { version, atPage } = request.body;
    const { kept } = await splitInvoiceAt({
      before,
      version,
      atPage,
      original: await originalPdf(before),
      actor: await actor(request),
    });
    return { status: 202, body: toInvoice(kept) };
  },

  'POST /api/invoices/{id}/merge-previous': async (request) => {
    const before = await load(request);
    const merged = await mergeWithPrevious({
      before,
      version: request.body.version,
      original: await originalPdf(before),
      actor: await actor(request),
    });
    return { status: 202, body: toInvoice(merged) };
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
    const input = request.body;
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
