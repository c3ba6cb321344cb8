import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from '../../../shared/schemas';
import { isAbandonedUpload, type UploadFacts } from './abandoned-upload';

const serverStart = new Date('2026-11-25T10:00:00.000Z');
const fresh: UploadFacts = {
  status: 'UPLOADED',
  createdAt: '2026-11-25T09:59:59.000Z',
  processingExecutionId: undefined,
  pageCount: null,
};

describe('an upload whose file never arrived', () => {
  it('is abandoned only while UPLOADED, untouched by any run, without its file and begun before the cut-off', () => {
    expect(isAbandonedUpload(fresh, false, serverStart)).toBe(true);
    expect(isAbandonedUpload(fresh, true, serverStart)).toBe(false);
    expect(isAbandonedUpload({ ...fresh, createdAt: serverStart.toISOString() }, false, serverStart)).toBe(
      false,
    );
    expect(isAbandonedUpload({ ...fresh, processingExecutionId: 'arn:run' }, false, serverStart)).toBe(false);
    expect(isAbandonedUpload({ ...fresh, pageCount: 1 }, false, serverStart)).toBe(false);
  });

  it('is never an invoice past UPLOADED, whatever became of its file', () => {
    const abandoned = INVOICE_STATUSES.filter((status) =>
      isAbandonedUpload({ ...fresh, status }, false, serverStart),
    );
    expect(abandoned).toEqual(['UPLOADED']);
  });
});
