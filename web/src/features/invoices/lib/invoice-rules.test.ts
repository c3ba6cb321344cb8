import { formatDate, formatMoney } from '@shared/format';
import type { Invoice } from '@shared/schemas/invoice';
import { describe, expect, it } from 'vitest';
import { makeInvoice } from '@/test/render';
import {
  activityText,
  amountDisplay,
  approvalRecordedText,
  approvalsWaiting,
  byDueDate,
  canDecide,
  dueUrgency,
  invoiceDisplayNumber,
  localToday,
  statusLabel,
  statusTone,
  vendorDisplay,
} from './invoice-rules';

const inv = (o: Record<string, unknown> = {}) => makeInvoice(o) as unknown as Invoice;

describe('recent activity texts', () => {
  it.each([
    ['PROCESSED', 'Invoice #V8W9XABC processed successfully'],
    ['PROCESSING', 'AI extracting data from acme.pdf'],
    ['REVIEW_REQUIRED', 'Invoice requires manual review'],
    ['REQUIRES_REVIEW', 'Invoice requires manual review'],
    ['APPROVED', 'Invoice #V8W9XABC approved and synced'],
    ['UPLOADED', 'Invoice uploaded: acme.pdf'],
    ['REJECTED', 'Invoice uploaded: acme.pdf'],
  ])('%s → %s', (status, text) => {
    expect(activityText(inv({ status }))).toBe(text);
  });

  it('says synced only once every integration has the bill', () => {
    const result = (status: string) => ({ integrationId: 'i1', status });
    expect(activityText(inv({ status: 'APPROVED', syncResults: [result('SYNCED'), result('FAILED')] }))).toBe(
      'Invoice #V8W9XABC approved; sync failed',
    );
    expect(activityText(inv({ status: 'APPROVED', syncResults: [result('RETRYING')] }))).toBe(
      'Invoice #V8W9XABC approved, syncing...',
    );
    expect(activityText(inv({ status: 'APPROVED', syncResults: [result('SYNCED')] }))).toBe(
      'Invoice #V8W9XABC approved and synced',
    );
  });

  it('falls back to fileName when filename is missing', () => {
    expect(activityText(inv({ status: 'PROCESSING', filename: '', fileName: 'scan.png' }))).toBe(
      'AI extracting data from scan.png',
    );
  });
});

describe('status colours', () => {
  it.each([
    ['PROCESSED', 'green'],
    ['APPROVED', 'green'],
    ['PROCESSING', 'blue'],
    ['UPLOADED', 'blue'],
    ['REVIEW_REQUIRED', 'red'],
    ['REQUIRES_REVIEW', 'red'],
    ['REJECTED', 'gray'],
    ['SOMETHING_NEW', 'blue'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('treats an unknown status as uploaded and REQUIRES_REVIEW as review required', () => {
    expect(statusLabel('WHATEVER')).toBe('Uploaded');
    expect(statusLabel('REQUIRES_REVIEW')).toBe('Review Required');
  });
});

describe('invoice display rules', () => {
  it('shows the last 8 characters of the id when there is no invoice number', () => {
    expect(invoiceDisplayNumber(inv({ invoiceNumber: null }))).toBe('V8W9XABC');
    expect(invoiceDisplayNumber(inv())).toBe('INV-1001');
  });

  it("shows 'Unknown Vendor' and 'Processing...' for missing values", () => {
    expect(vendorDisplay(inv({ vendorName: null }))).toBe('Unknown Vendor');
    expect(amountDisplay(inv({ totalAmount: null }))).toBe('Processing...');
    expect(amountDisplay(inv({ totalAmount: 1234.5 }))).toBe('$1,234.50');
  });

  it("reads 'Not read' for a file that could not be read, whatever total it holds", () => {
    expect(amountDisplay(inv({ totalAmount: null, readFailure: 'No text could be read' }))).toBe('Not read');
    expect(amountDisplay(inv({ totalAmount: 12, readFailure: 'Not an invoice' }))).toBe('Not read');
  });

  it('offers approve/reject in review, and while processing only in the dashboard dialog', () => {
    expect(canDecide(inv({ status: 'REVIEW_REQUIRED' }), false)).toBe(true);
    expect(canDecide(inv({ status: 'PROCESSED', reviewStatus: 'REQUIRES_REVIEW' }), false)).toBe(true);
    expect(canDecide(inv({ status: 'PROCESSING' }), true)).toBe(true);
    expect(canDecide(inv({ status: 'PROCESSING' }), false)).toBe(false);
    expect(canDecide(inv({ status: 'APPROVED' }), true)).toBe(false);
  });
});

describe('money and date formats', () => {
  it('formats US dollars with two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
  });

  it('formats dates as US short dates, N/A when missing, without shifting a calendar day', () => {
    expect(formatDate('2025-01-05')).toBe('Jan 5, 2025');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });
});

describe('due dates of invoices waiting for a decision', () => {
  const waiting = (dueDate: string | null) => ({ dueDate, status: 'REVIEW_REQUIRED' as const });

  it('says how late or how near the due date is, in whole days', () => {
    const today = '2026-03-10';
    expect(dueUrgency(waiting('2026-03-07'), today)).toEqual({
      tone: 'red',
      days: -3,
      label: 'Overdue by 3 days',
    });
    expect(dueUrgency(waiting('2026-03-09'), today)?.label).toBe('Overdue by 1 day');
    expect(dueUrgency(waiting('2026-03-10'), today)).toEqual({ tone: 'amber', days: 0, label: 'Due today' });
    expect(dueUrgency(waiting('2026-03-11'), today)?.label).toBe('Due tomorrow');
    expect(dueUrgency(waiting('2026-03-17'), today)?.label).toBe('Due in 7 days');
    // Across a month end and a daylight-saving change alike.
    expect(dueUrgency(waiting('2026-04-01'), '2026-03-28')?.label).toBe('Due in 4 days');
  });

  it('is quiet for a far due date, no due date, or an invoice already decided', () => {
    expect(dueUrgency(waiting('2026-03-18'), '2026-03-10')).toBeNull();
    expect(dueUrgency(waiting(null), '2026-03-10')).toBeNull();
    expect(dueUrgency({ dueDate: '2026-03-01', status: 'APPROVED' }, '2026-03-10')).toBeNull();
    expect(dueUrgency({ dueDate: '2026-03-01', status: 'REJECTED' }, '2026-03-10')).toBeNull();
  });

  it('orders the earliest due first and those without a due date last, in their order', () => {
    const list = [
      { id: 'a', dueDate: null },
      { id: 'b', dueDate: '2026-05-01' },
      { id: 'c', dueDate: null },
      { id: 'd', dueDate: '2026-04-01' },
    ];
    expect(byDueDate(list).map((i) => i.id)).toEqual(['d', 'b', 'a', 'c']);
  });

  it("takes today's date where the reviewer is", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('approvalsWaiting', () => {
  const steps = {
    ruleId: 'R',
    ruleName: 'Over $10,000',
    required: 2,
    approverRole: 'APPROVER' as const,
    approverIds: [],
    separationOfDuties: true,
    approvals: [{ userId: 'u1', name: 'Ann', at: '2026-01-01T00:00:00.000Z', comment: null }],
  };

  it('counts the approvals still missing, none once approved or without steps', () => {
    expect(approvalsWaiting({ status: 'PROCESSED', approvalSteps: steps })).toBe(1);
    expect(approvalRecordedText(1)).toBe('Approval recorded. Waiting for 1 more approval.');
    expect(approvalRecordedText(2)).toBe('Approval recorded. Waiting for 2 more approvals.');
    expect(approvalsWaiting({ status: 'APPROVED', approvalSteps: steps })).toBe(0);
    expect(approvalsWaiting({ status: 'PROCESSED', approvalSteps: null })).toBe(0);
  });
});
