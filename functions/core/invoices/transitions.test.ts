import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/schemas';
import { AppError } from '../errors/app-error';
import { assertApprovable, assertTransition, canTransition } from './transitions';

describe('invoice transitions', () => {
  it('lets a reviewer approve or reject only invoices that have been or are being processed', () => {
    const approvable = INVOICE_STATUSES.filter((s) => canTransition('approve', s));
    expect(approvable).toEqual(['PROCESSING', 'PROCESSED', 'REVIEW_REQUIRED']);
    expect(INVOICE_STATUSES.filter((s) => canTransition('reject', s))).toEqual(approvable);
  });

  it('reprocesses anything but an approved invoice', () => {
    expect(INVOICE_STATUSES.filter((s) => !canTransition('reprocess', s))).toEqual(['APPROVED']);
  });

  it('reopens and voids only approved invoices, which are never edited as they stand', () => {
    expect(INVOICE_STATUSES.filter((s) => canTransition('reopen', s))).toEqual(['APPROVED']);
    expect(INVOICE_STATUSES.filter((s) => canTransition('void', s))).toEqual(['APPROVED']);
    expect(canTransition('edit', 'APPROVED')).toBe(false);
    expect(() => assertTransition('void', 'REJECTED')).toThrowError(
      'Cannot void an invoice that is rejected',
    );
    expect(() => assertTransition('reopen', 'REVIEW_REQUIRED')).toThrowError(
      'Cannot reopen an invoice that is review required',
    );
  });

  it('claims only uploaded invoices, so a duplicate event does not process twice', () => {
    expect(INVOICE_STATUSES.filter((s) => canTransition('claim', s))).toEqual(['UPLOADED']);
  });

  it('answers a 409 with a readable message for an invalid transition', () => {
    const attempt = (status: InvoiceStatus) => () => assertTransition('approve', status);
    expect(attempt('APPROVED')).toThrowError(AppError);
    expect(attempt('REJECTED')).toThrowError('Cannot approve an invoice that is rejected');
    expect(attempt('APPROVED')).toThrowError(
      expect.objectContaining({ kind: 'conflict', code: 'invalid_transition' }),
    );
  });

  it('refuses to approve a file that could not be read, whatever its status', () => {
    expect(() => assertApprovable({ status: 'PROCESSED', readFailure: null })).not.toThrow();
    expect(() =>
      assertApprovable({ status: 'REVIEW_REQUIRED', readFailure: 'The PDF has no pages' }),
    ).toThrowError(expect.objectContaining({ kind: 'conflict', code: 'unreadable' }));
  });
});
