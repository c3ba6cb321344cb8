import { ulid } from 'ulid';
import { PLAN_MONTHLY_INVOICE_LIMIT } from '../../../shared/constants';
import { AppError, badInput, conflict } from '../errors/app-error';
import { cutPdfPages, type PageRef, PdfCutFailed } from '../files/pdf-cut';
import { invoiceEventEffect, type OutboxEffect } from '../outbox/effects';
import { ports } from '../ports';
import type { Actor } from './audit';
import { batchDocumentId, batchDocumentKey } from './batch-split';
import { invoiceCommit } from './commit';
import { type BatchOrigin, type InvoiceItem, newInvoiceItem } from './invoice';
import { rereadChanges } from './processing';
import { assertTransition } from './transitions';

/**
 * A reviewer corrects where a batch file's documents begin and end (issue 35): "Split here" makes a new
 * invoice of an invoice's pages from a chosen page on, and "Merge with previous" joins an invoice's
 * pages to the document before it in the same file. Either way the files are cut again from the file
 * as uploaded (core/files/pdf-cut.ts), the invoice kept is read again as a reprocess reads it, and the
 * change is one transaction: the new invoice counted once against the month, the merged-away one
 * deleted and its count given back.
 */

/** The file as uploaded, which an invoice's pages are cut from: its bytes and its pages' references. */
export interface OriginalPdf {
  bytes: Uint8Array;
  refs: readonly PageRef[];
}

const STALE = 'This invoice was changed by someone else; reload it and try again';

function assertVersion(before: InvoiceItem, version: number): void {
  if (version !== before.version) throw new AppError('conflict', 'stale_version', STALE);
}

/** Where an invoice's pages are cut from: the batch file it was split from, or its own file. */
export function originalKeyOf(invoice: Pick<InvoiceItem, 'batch' | 'objectKey'>): string {
  return invoice.batch?.objectKey ?? invoice.objectKey;
}

type Pages = { firstPage: number; lastPage: number };

const pagesNote = ({ firstPage, lastPage }: Pages) =>
  firstPage === lastPage ? `page ${firstPage}` : `pages ${firstPage}–${lastPage}`;

function cut(original: OriginalPdf, { firstPage, lastPage }: Pages): Uint8Array {
  if (lastPage > original.refs.length)
    throw conflict('pages_missing', 'The uploaded file no longer holds these pages; reprocess the invoice');
  try {
    return cutPdfPages(original.bytes, original.refs.slice(firstPage - 1, lastPage));
  } catch (error) {
    if (!(error instanceof PdfCutFailed)) throw error;
    throw conflict('not_cuttable', `This file cannot be cut into pages (${error.message})`);
  }
}

const startRun = (invoiceId: string, objectKey: string): OutboxEffect => ({
  kind: 'processing_start',
  invoiceId,
  objectKey,
  reason: 'reprocess',
});

/** A cut file the invoice no longer names; never the file as uploaded, which the others are cut from. */
async function dropCutFile(invoice: InvoiceItem, replacedKey: string): Promise<void> {
  if (replacedKey === originalKeyOf(invoice) || replacedKey === invoice.objectKey) return;
  await ports()
    .deleteObject(replacedKey)
    .catch(() => undefined);
}

/** A change not written (a 409, the month's limit) leaves no file behind that no invoice names. */
async function dropAndThrow(key: string, error: unknown): Promise<never> {
  await ports()
    .deleteObject(key)
    .catch(() => undefined);
  throw error;
}

/**
 * Splits `before` (a PDF invoice of two pages or more) at its page `atPage`: pages `atPage`..last
 * become a new invoice with its own file, processed as an upload and counted once against the month's
 * limit, and `before` keeps the pages before and is read again.
 */
export async function splitInvoiceAt(input: {
  before: InvoiceItem;
  version: number;
  atPage: number;
  original: OriginalPdf;
  actor: Actor;
}): Promise<{ kept: InvoiceItem; created: InvoiceItem }> {
  const { before, atPage, original, actor } = input;
  assertVersion(before, input.version);
  if (before.contentType !== 'application/pdf')
    throw conflict('not_a_pdf', 'Only a PDF invoice can be split into two invoices');
  if (before.status === 'APPROVED')
    throw conflict('approved', 'An approved invoice cannot be split: reopen it first');
  assertTransition('reprocess', before.status);
  const firstPage = before.batch?.firstPage ?? 1;
  const lastPage = before.batch?.lastPage ?? original.refs.length;
  const count = lastPage - firstPage + 1;
  if (count < 2) throw conflict('one_page', 'This invoice has one page, so there is nothing to split');
  if (atPage < 2 || atPage > count) {
    const message = `Choose a page from 2 to ${count}`;
    throw badInput(message, [{ path: 'atPage', message }]);
  }
  // In the uploaded file's page numbers: the new invoice starts at `splitAt`.
  const splitAt = firstPage + atPage - 1;
  const keptPages = { firstPage, lastPage: splitAt - 1 };
  const newPages = { firstPage: splitAt, lastPage };
  const keptBytes = cut(original, keptPages);
  const newBytes = cut(original, newPages);

  const runId = ulid();
  // Beside its batch's invoices (they share the time part of their ids), so a merge finds it.
  const createdId = batchDocumentId(before.id, runId, splitAt);
  const filename = before.batch?.filename ?? before.filename;
  const documents = (before.batch?.documents ?? 1) + 1;
  const index = before.batch?.index ?? 1;
  const origin = (pages: Pages, i: number): BatchOrigin => ({
    filename,
    objectKey: originalKeyOf(before),
    ...pages,
    index: i,
    documents,
  });
  const keptKey = batchDocumentKey(before, before.id, keptPages);
  const createdKey = batchDocumentKey(before, createdId, newPages);
  const now = new Date().toISOString();
  const created: InvoiceItem = {
    ...newInvoiceItem({
      orgId: before.orgId,
      invoiceId: createdId,
      objectKey: createdKey,
      filename: before.filename,
      contentType: 'application/pdf',
      size: newBytes.length,
      uploadedBy: before.uploadedBy,
      uploadedByName: before.uploadedByName ?? null,
      ...(before.source === 'email' && before.emailFrom
        ? {
            origin: {
              source: 'email' as const,
              emailFrom: before.emailFrom,
              emailSubject: before.emailSubject ?? null,
            },
          }
        : {}),
      ...(before.currency ? { currency: before.currency } : {}),
      createdAt: now,
    }),
    batch: origin(newPages, index + 1),
  };
  const commit = invoiceCommit(
    before,
    {
      ...rereadChanges(runId),
      objectKey: keptKey,
      fileSize: keptBytes.length,
      pageCount: keptPages.lastPage - keptPages.firstPage + 1,
      batch: origin(keptPages, index),
    },
    {
      type: 'reprocess_requested',
      ...actor,
      note: `Split at page ${atPage}: ${pagesNote(newPages)} of ${filename} are a new invoice`,
    },
    { outbox: [startRun(before.id, keptKey)] },
    now,
  );
  // The kept pages' file first: the run the transaction starts reads it.
  await ports().putObject(keptKey, keptBytes, 'application/pdf');
  const org = await ports().getOrganization(before.orgId);
  await ports()
    .writeBatchSplit({
      parent: commit,
      children: [created],
      monthlyLimit: PLAN_MONTHLY_INVOICE_LIMIT[org.plan],
      event: { type: 'uploaded', ...actor, note: `Split from ${filename}` },
      outbox: { [created.id]: [invoiceEventEffect(created.id, 'invoice.uploaded', now)] },
    })
    .catch((error) => dropAndThrow(keptKey, error));
  // Stored after the write, so its object event finds the new invoice and processes it as an upload.
  await ports().putObject(createdKey, newBytes, 'application/pdf');
  await ports()
    .deletePendingUpload({ orgId: created.orgId, invoiceId: created.id, createdAt: created.createdAt })
    .catch(() => undefined);
  await dropCutFile(commit.after, before.objectKey);
  return { kept: commit.after, created };
}

/**
 * The document just before `invoice` in its batch file: the invoice of the same file whose pages end
 * right before this one's begin (the batch's invoices share the time part of their ids).
 */
async function previousDocument(invoice: InvoiceItem & { batch: BatchOrigin }): Promise<InvoiceItem> {
  const batch = await ports().invoicesWithIdPrefix(invoice.orgId, invoice.id.slice(0, 10));
  const previous = batch.find(
    (other) =>
      other.id !== invoice.id &&
      other.batch?.objectKey === invoice.batch.objectKey &&
      other.batch.lastPage === invoice.batch.firstPage - 1,
  );
  if (!previous)
    throw conflict(
      'no_previous',
      'No invoice before this one is left of its file, so there is nothing to merge it with',
    );
  return previous;
}

/**
 * Joins `before` (split from a batch file) to the document before it: that invoice's file is cut again
 * with both documents' pages and it is read again, and `before` is deleted, its month's count given
 * back. Neither may be approved. Answers the merged invoice.
 */
export async function mergeWithPrevious(input: {
  before: InvoiceItem;
  version: number;
  original: OriginalPdf;
  actor: Actor;
}): Promise<InvoiceItem> {
  const { before, original, actor } = input;
  assertVersion(before, input.version);
  const { batch } = before;
  if (!batch)
    throw conflict(
      'not_split',
      'This invoice was not split from a file of several invoices, so it has no previous invoice',
    );
  const previous = await previousDocument({ ...before, batch });
  if (before.status === 'APPROVED' || previous.status === 'APPROVED')
    throw conflict('approved', 'An approved invoice cannot be merged: reopen it first');
  assertTransition('reprocess', previous.status);
  const pages = { firstPage: previous.batch?.firstPage ?? 1, lastPage: batch.lastPage };
  const bytes = cut(original, pages);
  const key = batchDocumentKey(previous, previous.id, pages);
  const commit = invoiceCommit(
    previous,
    {
      ...rereadChanges(ulid()),
      objectKey: key,
      fileSize: bytes.length,
      pageCount: pages.lastPage - pages.firstPage + 1,
      // `documents` stays what the file was split into: the count the batch note and History told.
      batch: { ...batch, ...pages, index: previous.batch?.index ?? 1 },
    },
    {
      type: 'reprocess_requested',
      ...actor,
      note: `Merged with the next invoice: now ${pagesNote(pages)} of ${batch.filename}`,
    },
    { outbox: [startRun(previous.id, key)] },
  );
  await ports().putObject(key, bytes, 'application/pdf');
  await ports()
    .writeBatchMerge({ kept: commit, removed: before })
    .catch((error) => dropAndThrow(key, error));
  await dropCutFile(commit.after, previous.objectKey);
  await dropCutFile(commit.after, before.objectKey);
  return commit.after;
}
