import { AppError } from '../errors/app-error';

/** What an Idempotency-Key stands for: one organization's one upload of one kind, and its invoice. */
export interface IdempotencyClaim {
  orgId: string;
  key: string;
  /** `upload`: POST /api/invoices/upload; `upload_url`: the presigned upload's announcement. */
  operation: 'upload' | 'upload_url';
  invoiceId: string;
}

/** Thrown by the write that carried the key's Put when the key was taken (by an earlier or a concurrent request). */
export class IdempotencyKeyTaken extends Error {
  override readonly name = 'IdempotencyKeyTaken';
}

/**
 * A browser upload is announced before its bytes arrive: the reservation remembers who uploads what,
 * and the invoice itself is only created once the object exists (by the workflow's Register state), so
 * an abandoned upload leaves nothing behind. Reservations expire after a day (TTL).
 */
export interface UploadReservation {
  orgId: string;
  invoiceId: string;
  objectKey: string;
  filename: string;
  contentType: string;
  size: number;
  uploadedBy: string;
  /** The uploader's display name when the upload was announced (absent on older reservations). */
  uploadedByName?: string | null;
  createdAt: string;
}

/**
 * An API upload between its invoice's creation and its file's storage. The marker is written in the
 * invoice's own create transaction and deleted once the file is stored, so what is left of it after a
 * while is an upload a crash interrupted. Markers expire after two days (TTL) in case a sweep misses one.
 */
export interface PendingUpload {
  orgId: string;
  invoiceId: string;
  createdAt: string;
}

export class MonthlyLimitReached extends AppError {}
