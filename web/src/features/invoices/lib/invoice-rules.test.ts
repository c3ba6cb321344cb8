import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../../../shared/format';
import type { Invoice } from '../../../../../shared/schemas/invoice';
import { makeInvoice } from '../../../test/render';
import {
  activityText,
  amountDisplay,
  canDecide,
  invoiceDisplayNumber,
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
