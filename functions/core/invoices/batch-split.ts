import { createHash } from 'node:crypto';
import { documentBoundaries, type PageReading } from '../files/document-boundaries';
import { cutPdfPages, type PageRef, PdfCutFailed } from '../files/pdf-cut';
import { invoiceEventEffect } from '../outbox/effects';
import { ports } from '../ports';
import { invoiceCommit } from './commit';
import { type BatchOrigin, type InvoiceItem, newInvoiceItem } from './invoice';
import { StaleRun } from './processing';
import { MonthlyLimitReached } from './upload-records';

export type { BatchOrigin } from './invoice';

/**
 * A batch scan (one file holding several invoices, core/files/document-boundaries.ts) becomes one
 * invoice per document: the invoice the file was uploaded as keeps the first document, and each other
 * document gets a new invoice with its own file (its pages cut from the upload, core/files/pdf-cut.ts),
 * processed from the start like any upload. The uploaded file itself is kept where it was stored.
 */

/** Documents split from one file at most; a file with more stays one invoice, sent to review with why. */
export const MAX_BATCH_DOCUMENTS = 20;

/** One document of the batch, its pages already stored as a file of its own. */
export interface BatchDocument {
  firstPage: number;
  lastPage: number;
  objectKey: string;
  fileSize: number;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The id of the batch's `index`-th document's invoice: a ULID with the upload's time and a random part
 * drawn from the run and the index, so a retried split names (and stores) the same invoices again
 * instead of creating more.
 */
export function batchDocumentId(parentId: string, runId: string, index: number): string {
  const digest = createHash('sha256').update(`${runId}:${index}`).digest();
  const random = Array.from(digest.subarray(0, 16), (byte) => CROCKFORD[byte % 32]).join('');
  return `${parentId.slice(0, 10)}${random}`;
}

/** Where the pages `firstPage`–`lastPage` of the upload are stored for the invoice `invoiceId`. */
export function batchDocumentKey(
  invoice: Pick<InvoiceItem, 'orgId' | 'filename'>,
  invoiceId: string,
  pages: { firstPage: number; lastPage: number },
): string {
  return ports().objectKeyFor(
    invoice.orgId,
    invoiceId,
    `pages-${pages.firstPage}-${pages.lastPage}_${invoice.filename}`,
  );
}

/**
 * Splits `parent` (the invoice the batch was uploaded as, claimed by `runId`) into `documents`, whose
 * first is the parent's own. One transaction changes the parent and creates the others, each counted
 * once against the month's limit (MonthlyLimitReached, and nothing written, when they do not fit).
 * A retry after a written split changes nothing and answers the same invoices.
 */
export async function splitBatch(input: {
  parent: InvoiceItem;
  runId: string;
  documents: readonly BatchDocument[];
  monthlyLimit: number | null;
}): Promise<{ parent: InvoiceItem; children: InvoiceItem[] }> {
  const { parent, runId, documents } = input;
  if (documents.length < 2) throw new Error(`Invoice ${parent.id}: a batch needs two documents or more`);
  if (parent.processingRunId !== runId || parent.status !== 'PROCESSING')
    throw new StaleRun(`Invoice ${parent.id} has a newer run`);
  const origin = (d: BatchDocument, i: number): BatchOrigin => ({
    filename: parent.batch?.filename ?? parent.filename,
    objectKey: parent.batch?.objectKey ?? parent.objectKey,
    firstPage: d.firstPage,
    lastPage: d.lastPage,
    index: i + 1,
    documents: documents.length,
  });
  const now = new Date().toISOString();
  const children = documents.slice(1).map((d, i) => ({
    ...newInvoiceItem({
      orgId: parent.orgId,
      invoiceId: batchDocumentId(parent.id, runId, i + 2),
      objectKey: d.objectKey,
      filename: parent.filename,
      contentType: 'application/pdf',
      size: d.fileSize,
      uploadedBy: parent.uploadedBy,
      uploadedByName: parent.uploadedByName ?? null,
      ...(parent.source === 'email' && parent.emailFrom
        ? {
            origin: {
              source: 'email' as const,
              emailFrom: parent.emailFrom,
              emailSubject: parent.emailSubject ?? null,
            },
          }
        : {}),
      ...(parent.currency ? { currency: parent.currency } : {}),
      createdAt: now,
    }),
    batch: origin(d, i + 1),
  }));
  // Already split by this run (a retried state): the invoices exist, and only their files may be missing.
  if (parent.batch && parent.batch.documents === documents.length) return { parent, children };
  const first = documents[0];
  const commit = invoiceCommit(
    parent,
    {
      objectKey: first.objectKey,
      fileSize: first.fileSize,
      pageCount: first.lastPage - first.firstPage + 1,
      batch: origin(first, 0),
    },
    null,
    { condition: { expression: 'processingRunId = :run', values: { ':run': runId } } },
    now,
  );
  try {
    await ports().writeBatchSplit({
      parent: commit,
      children,
      monthlyLimit: input.monthlyLimit,
      event: {
        type: 'uploaded',
        actor: parent.uploadedBy ?? 'system',
        actorName: parent.uploadedByName ?? null,
        note: `Split from ${children[0].batch.filename}`,
      },
      outbox: Object.fromEntries(
        children.map((c) => [c.id, [invoiceEventEffect(c.id, 'invoice.uploaded', now)]]),
      ),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'stale_version')
      throw new StaleRun(`Invoice ${parent.id} changed meanwhile`);
    throw error;
  }
  return { parent: commit.after, children };
}

/** What splitting a file came to: one document, split (the parent now holds the first), or kept whole. */
export type BatchOutcome =
  | { kind: 'single' }
  | { kind: 'split'; first: BatchDocument & { bytes: Uint8Array }; children: InvoiceItem[] }
  | { kind: 'kept'; documents: number; reason: string };

/**
 * Splits the file of `parent` (claimed by `runId`) at its documents' boundaries: the pages of each are
 * cut into a file of their own, the first document's file is stored for the parent, the split is
 * written (splitBatch), then the other documents' files are stored, which starts their processing as
 * uploads do. A file of one document, or of pages without a text layer, is left as it is; a file over
 * {@link MAX_BATCH_DOCUMENTS}, one that cannot be cut, or one whose documents do not fit the month's
 * limit stays one invoice, and `reason` says why for its review.
 */
export async function splitBatchFile(input: {
  parent: InvoiceItem;
  runId: string;
  bytes: Uint8Array;
  /** The file's pages as read (null: a page without a text layer), and their object references. */
  pages: ReadonlyArray<PageReading | null>;
  refs: ReadonlyArray<PageRef>;
  monthlyLimit: number | null;
}): Promise<BatchOutcome> {
  const { parent, runId, bytes } = input;
  if (input.pages.length < 2 || input.pages.some((p) => p === null)) return { kind: 'single' };
  const ranges = documentBoundaries(input.pages as PageReading[]);
  if (ranges.length < 2) return { kind: 'single' };
  const count = ranges.length;
  if (count > MAX_BATCH_DOCUMENTS) {
    return {
      kind: 'kept',
      documents: count,
      reason: `This file seems to hold ${count} invoices; at most ${MAX_BATCH_DOCUMENTS} are split from one file, so it was kept as one invoice. Upload it in parts of ${MAX_BATCH_DOCUMENTS} invoices or fewer.`,
    };
  }
  let files: Uint8Array[];
  try {
    files = ranges.map((r) => cutPdfPages(bytes, input.refs.slice(r.firstPage - 1, r.lastPage)));
  } catch (error) {
    if (!(error instanceof PdfCutFailed)) throw error;
    return {
      kind: 'kept',
      documents: count,
      reason: `This file seems to hold ${count} invoices but could not be split (${error.message}); check it, or upload the invoices one by one.`,
    };
  }
  const documents = ranges.map((r, i) => ({
    firstPage: r.firstPage,
    lastPage: r.lastPage,
    fileSize: files[i].length,
    objectKey: batchDocumentKey(parent, i === 0 ? parent.id : batchDocumentId(parent.id, runId, i + 1), r),
  }));
  // The parent's file first: its object event finds the parent claimed already and starts nothing.
  await ports().putObject(documents[0].objectKey, files[0], 'application/pdf');
  let children: InvoiceItem[];
  try {
    ({ children } = await splitBatch({ parent, runId, documents, monthlyLimit: input.monthlyLimit }));
  } catch (error) {
    if (!(error instanceof MonthlyLimitReached)) throw error;
    return {
      kind: 'kept',
      documents: count,
      reason: `This file seems to hold ${count} invoices, more than your plan's monthly limit has room for, so it was kept as one invoice.`,
    };
  }
  // Stored after the split is written, so each file's object event finds its invoice and processes it.
  for (const [i, child] of children.entries()) {
    await ports().putObject(child.objectKey, files[i + 1], 'application/pdf');
    await ports()
      .deletePendingUpload({ orgId: child.orgId, invoiceId: child.id, createdAt: child.createdAt })
      .catch(() => undefined);
  }
  return { kind: 'split', first: { ...documents[0], bytes: files[0] }, children };
}
