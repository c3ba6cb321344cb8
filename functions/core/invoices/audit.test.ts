import { describe, expect, it } from 'vitest';
import { invoiceEvent } from './audit';
import { newInvoiceItem } from './invoice';

const uploaded = newInvoiceItem({
  orgId: 'org-1',
  invoiceId: '01JAUDIT0000000000000000000',
  objectKey: 'uploads/org-1/01JAUDIT0000000000000000000/bill.pdf',
  filename: 'bill.pdf',
  contentType: 'application/pdf',
  size: 1234,
  uploadedBy: 'user-1',
  currency: 'EUR',
});

describe('invoiceEvent', () => {
  it('lists the changed fields people know, labelled and formatted in the invoice currency', () => {
    const before = { ...uploaded, status: 'REVIEW_REQUIRED' as const, totalAmount: 10 };
    const after = { ...before, status: 'REJECTED' as const, totalAmount: 20.5, categoryId: 'cat-9' };
    const event = invoiceEvent(before, after, { type: 'rejected', actor: 'user-2', note: 'Not ours' });
    expect(event).toMatchObject({
      type: 'rejected',
      actor: 'user-2',
      actorName: null,
      from: 'REVIEW_REQUIRED',
      to: 'REJECTED',
      note: 'Not ours',
    });
    // The category id is no field people know (its name is): only the total and the status are listed.
    expect(event.changes).toEqual([
      {
        field: 'totalAmount',
        before: 10,
        after: 20.5,
        label: 'Total Amount',
        beforeText: '€10.00',
        afterText: '€20.50',
      },
      {
        field: 'status',
        before: 'REVIEW_REQUIRED',
        after: 'REJECTED',
        label: 'Status',
        beforeText: 'Review Required',
        afterText: 'Rejected',
      },
    ]);
  });

  it('records a creation with no changes and no status before it', () => {
    const event = invoiceEvent(undefined, uploaded, { type: 'uploaded', actor: 'user-1', actorName: 'Ada' });
    expect(event).toMatchObject({ from: null, to: 'UPLOADED', actorName: 'Ada', changes: [] });
  });
});
