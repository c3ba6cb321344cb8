import { describe, expect, it } from 'vitest';
import { sampleEventInvoice } from '../webhooks/event-body';
import { invoiceAppUrl, invoiceSummaryEmail } from './invoice-summary';

describe('the approved-invoice e-mail', () => {
  it('summarizes vendor, number, dates, amounts in the invoice currency and line items, with a link', () => {
    const invoice = {
      ...sampleEventInvoice(new Date('2026-11-01T10:00:00.000Z')),
      id: 'INV123',
      currency: 'EUR',
      invoiceDate: '2026-10-05',
      dueDate: '2026-11-04',
    };
    const { subject, text } = invoiceSummaryEmail(invoice, 'https://app.example/');
    expect(subject).toBe('Approved invoice SAMPLE-1001 from Sample Plumbing LLC: €270.00');
    expect(text).toContain('Vendor:         Sample Plumbing LLC');
    expect(text).toContain('Invoice date:   Oct 5, 2026');
    expect(text).toContain('Due date:       Nov 4, 2026');
    expect(text).toContain('Tax:            €20.00');
    expect(text).toContain('Total:          €270.00 (EUR)');
    expect(text).toContain('  - Replace kitchen faucet: 1 × €180.00 = €180.00');
    expect(text).toContain('  - Labor (hours): 2 × €35.00 = €70.00');
    expect(text).toContain('Open it in Invoice Pilot: https://app.example/invoices?invoice=INV123');
    expect(text).toContain('The invoice file (sample-invoice.pdf) is attached.');
  });

  it('falls back to the short id and Unknown Vendor, and leaves out an empty line item list', () => {
    const invoice = {
      ...sampleEventInvoice(new Date()),
      id: '01ABCDEFGHJKMNPQ',
      invoiceNumber: null,
      vendorName: null,
      totalAmount: null,
      lineItems: [],
    };
    const { subject, text } = invoiceSummaryEmail(invoice, 'http://127.0.0.1:3000');
    expect(subject).toBe('Approved invoice GHJKMNPQ from Unknown Vendor: N/A');
    expect(text).not.toContain('Line items:');
    expect(invoiceAppUrl('http://127.0.0.1:3000', 'a b')).toBe(
      'http://127.0.0.1:3000/invoices?invoice=a%20b',
    );
  });

  it('says so when the line items as read do not make up the approved amount', () => {
    const invoice = { ...sampleEventInvoice(new Date()), totalAmount: 500, taxAmount: 0 };
    const { text } = invoiceSummaryEmail(invoice, 'https://app.example');
    expect(text).toContain(
      'The line items as read add up to $250.00, not the approved $500.00 before tax: the approved amounts above are what is booked.',
    );
    const agreeing = invoiceSummaryEmail(sampleEventInvoice(new Date()), 'https://app.example').text;
    expect(agreeing).not.toContain('The line items as read');
  });
});
