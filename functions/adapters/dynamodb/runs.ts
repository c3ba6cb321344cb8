import type { Allocation, DuplicateOf, VendorMatch } from '../../../shared/schemas';
import type { DocumentEvidence } from '../../core/classification/seller';
import type { PageLine } from '../../core/extraction/layout';
import type { ExtractedInvoice } from '../../core/extraction/types';
import { nowIso } from './client';
import { itemKind } from './entity';
import { keys } from './keys';

/** What Classify found. */
export interface RunClassification {
  categoryId: string | null;
  categoryName: string | null;
  categoryCode: string | null;
  categoryConfidence: number;
  categorySource: 'org-memory' | 'model' | 'none';
  vendorId: string | null;
  /** How the vendor was linked (or that it was made as a suggestion), with the score. */
  vendorMatch?: VendorMatch | null;
  propertyId: string | null;
  /** The vendor's usual split over properties, shared out over this total (absent on older runs). */
  allocations?: Allocation[];
  /** ISO 4217: extracted, else the vendor's, else the organization's default. */
  currency?: string;
  /** How the vendor and the property were found, for the reviewer. */
  notes?: string[];
}

/** What Validate concluded. */
export interface RunValidation {
  reasons: string[];
  aiConfidence: number;
  decision: 'PROCESSED' | 'REVIEW_REQUIRED';
  /** The earlier invoice this one probably duplicates. */
  duplicateOf?: DuplicateOf | null;
  /** Set when nothing that makes an invoice was read. */
  readFailure?: string | null;
}

/**
 * The working record of one processing run, kept in the invoice's children partition
 * (`ORG#<org>#INVOICE#<id>` / `RUN#<runId>`): Normalize writes the extracted invoice, Classify and
 * Validate add their findings, Decide applies them to the invoice. This is how large answers stay out
 * of the Step Functions payload (256 KB); a normalized invoice is a few KB, far below DynamoDB's
 * 400 KB item limit. It is deleted with the invoice and expires after 30 days.
 */
export interface RunRecord {
  runId: string;
  extracted: ExtractedInvoice;
  /** Address text on the invoice other than the vendor's (bill-to, ship-to, service address), for the property match. */
  addressText: string | null;
  /** The seller names and text the organization's evidence is weighed against (absent on older runs). */
  evidence?: DocumentEvidence;
  /**
   * The document's lines as positioned text (bounded, see layoutOf): what the vendor's layout memory
   * reads with in Classify and learns from when a person approves the invoice (absent on older runs).
   */
  layout?: PageLine[];
  pageCount: number | null;
  classification?: RunClassification;
  validation?: RunValidation;
  createdAt: string;
}

const KEEP_SECONDS = 30 * 86_400;

/** Read as stored: the record with its keys and expiry, as the workflow states have always read it. */
const runs = itemKind<RunRecord>()({ key: keys.run, entity: 'ProcessingRun' });

export async function putRun(orgId: string, invoiceId: string, record: RunRecord): Promise<void> {
  await runs.put([orgId, invoiceId, record.runId], {
    ...record,
    expiresAt: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
  });
}

export async function getRun(
  orgId: string,
  invoiceId: string,
  runId: string,
): Promise<RunRecord | undefined> {
  return (await runs.read([orgId, invoiceId, runId], { consistent: true })) as RunRecord | undefined;
}

/** Adds one state's findings to the run record. */
export async function updateRun(
  orgId: string,
  invoiceId: string,
  runId: string,
  field: 'classification' | 'validation' | 'extracted',
  value: RunClassification | RunValidation | ExtractedInvoice,
): Promise<void> {
  await runs.update([orgId, invoiceId, runId], {
    UpdateExpression: 'SET #f = :v, updatedAt = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#f': field },
    ExpressionAttributeValues: { ':v': value, ':now': nowIso() },
  });
}
