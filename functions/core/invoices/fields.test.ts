import { describe, expect, it } from 'vitest';
import { markEdits } from './fields';

describe('markEdits', () => {
  const edit = { by: 'u1', name: 'Ada Lovelace', at: '2026-11-25T10:00:00.000Z' };

  it('marks only the fields whose value changed, and keeps earlier marks', () => {
    const earlier = { vendorName: { by: 'u2', name: 'Bo', at: '2026-11-24T10:00:00.000Z' } };
    const marks = markEdits(
      { totalAmount: 10, invoiceNumber: 'A-1', notes: null },
      { totalAmount: 12, invoiceNumber: 'A-1', notes: 'checked' },
      earlier,
      edit,
    );
    expect(marks).toEqual({ ...earlier, totalAmount: edit });
  });

  it('marks the vendor name a re-link changed, not the link and match that follow it', () => {
    const marks = markEdits(
      { vendorName: 'P.U. HT', vendorId: 'V1', vendorMatch: null },
      { vendorName: 'Acme', vendorId: 'V2', vendorMatch: { vendorId: 'V2', score: 1, by: 'person' } },
      {},
      edit,
    );
    expect(Object.keys(marks)).toEqual(['vendorName']);
  });
});
