import { describe, expect, it } from 'vitest';
import { approvedHistorySchema } from '../../../shared/schemas/vendor-memory';
import {
  type ApprovedInvoiceFact,
  departuresFrom,
  FIRST_INVOICE_REASON,
  HISTORY_LIMIT,
  historyView,
  numberShape,
  postcodeOf,
  propertyFromHistory,
  usualTax,
  usualTerms,
  withApproval,
  withoutInvoice,
} from './history';
import { paymentAccountsIn } from './payment-accounts';

const fact = (n: number, overrides: Partial<ApprovedInvoiceFact> = {}): ApprovedInvoiceFact => ({
  invoiceId: `inv-${n}`,
  invoiceNumber: `INV-${1000 + n}`,
  totalAmount: 200 + n * 10,
  currency: 'USD',
  invoiceDate: `2026-${String(n).padStart(2, '0')}-05`,
  approvedAt: `2026-${String(n).padStart(2, '0')}-09T10:00:00.000Z`,
  ...overrides,
});

/** Newest first, as withApproval keeps it. */
const monthly = (months: number) =>
  Array.from({ length: months }, (_, i) => i + 1).reduce<ApprovedInvoiceFact[]>(
    (h, n) => withApproval(h, fact(n)),
    [],
  );

describe('the vendor history', () => {
  it('keeps the newest approvals first, at most HISTORY_LIMIT, and a re-approval replaces its record', () => {
    const long = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => fact(i + 1)).reduce<
      ApprovedInvoiceFact[]
    >((h, f) => withApproval(h, f), []);
    expect(long).toHaveLength(HISTORY_LIMIT);
    expect(long[0].invoiceId).toBe(`inv-${HISTORY_LIMIT + 5}`);
    const again = withApproval(monthly(3), fact(2, { totalAmount: 999 }));
    expect(again.map((f) => f.invoiceId)).toEqual(['inv-2', 'inv-3', 'inv-1']);
    expect(again[0].totalAmount).toBe(999);
    expect(withoutInvoice(again, 'inv-3').map((f) => f.invoiceId)).toEqual(['inv-2', 'inv-1']);
  });

  it('calls a vendor with no approved invoice a first, and a usual one nothing', () => {
    const invoice = { invoiceNumber: 'INV-1007', totalAmount: 260, currency: 'USD' };
    expect(departuresFrom([], invoice)).toEqual([FIRST_INVOICE_REASON]);
    expect(departuresFrom(monthly(6), invoice)).toEqual([]);
  });

  it('says when a total is far outside the range of the same currency, once there are enough to tell', () => {
    const history = monthly(4); // 210 to 240 USD
    expect(
      departuresFrom(history, { invoiceNumber: 'INV-1005', totalAmount: 2400, currency: 'USD' }),
    ).toEqual([
      "The total $2,400.00 is far outside this vendor's usual range ($210.00 to $240.00 on 4 approved invoices).",
    ]);
    expect(
      departuresFrom(history, { invoiceNumber: 'INV-1005', totalAmount: 50, currency: 'USD' }),
    ).toHaveLength(1);
    // Three times the largest is still within the range (a winter bill).
    expect(departuresFrom(history, { invoiceNumber: 'INV-1005', totalAmount: 700, currency: 'USD' })).toEqual(
      [],
    );
    // Euro totals are not weighed against dollar ones (the currency itself departs); two are too few.
    expect(
      departuresFrom(history, { invoiceNumber: 'INV-1005', totalAmount: 2400, currency: 'EUR' }),
    ).toEqual(["The currency EUR is not this vendor's usual one: its last 4 approved invoices were in USD."]);
    expect(
      departuresFrom(monthly(2), { invoiceNumber: 'INV-1005', totalAmount: 2400, currency: 'USD' }),
    ).toEqual([]);
  });

  it('says when a number leaves the vendor’s numbering or goes back before its sequence', () => {
    const history = monthly(4); // INV-1001 … INV-1004, rising with the dates
    const at = (invoiceNumber: string) =>
      departuresFrom(history, { invoiceNumber, totalAmount: 230, currency: 'USD' });
    expect(at('INV-1005')).toEqual([]);
    expect(at('88213')).toEqual([
      "Invoice number 88213 does not follow this vendor's numbering (its last approved was INV-1004).",
    ]);
    expect(at('INV-0997')).toEqual([
      "Invoice number INV-0997 comes before this vendor's earlier approved invoices (its last approved was INV-1004).",
    ]);
    // Between two earlier ones is a late invoice, not a break.
    expect(at('INV-1002')).toEqual([]);
  });

  it('finds no pattern in a vendor whose numbers already vary', () => {
    const varied = [fact(1, { invoiceNumber: 'A-1' }), fact(2, { invoiceNumber: '2026/77' }), fact(3)];
    expect(departuresFrom(varied, { invoiceNumber: 'ZZ', totalAmount: 220, currency: 'USD' })).toEqual([]);
  });

  it('gives a number its shape', () => {
    expect(numberShape(' inv-2041/b ')).toBe('AAA-9999/A');
  });

  it("points an invoice that names no property to its utility account's property, else to the vendor's usual one", () => {
    const billed = [
      fact(3, { propertyId: 'birch', accountNumber: '55-0192-7' }),
      fact(2, { propertyId: 'maple', accountNumber: '55-0100-1' }),
      fact(1, { propertyId: 'maple', accountNumber: '55-0100-1' }),
    ];
    // The account as printed another way is the same account.
    expect(propertyFromHistory(billed, '5501001')).toEqual({ propertyId: 'maple', by: 'account', count: 1 });
    // An unknown account, and no run of one property: nothing sure.
    expect(propertyFromHistory(billed, '99-1')).toBeNull();
    const usual = [1, 2, 3].map((n) => fact(n, { propertyId: 'oak' }));
    expect(propertyFromHistory(usual, null)).toEqual({ propertyId: 'oak', by: 'usual', count: 3 });
    expect(propertyFromHistory(usual.slice(0, 2), null)).toBeNull();
  });

  it('shows the history as the vendor page reads it: totals per currency, the last number, each account once', () => {
    const history = [
      fact(4, { accountNumber: '55-0100-1', propertyId: 'maple' }),
      fact(3, { currency: 'EUR', totalAmount: 90 }),
      fact(2, { accountNumber: '5501001', propertyId: 'birch' }),
      fact(1, { invoiceNumber: null }),
    ];
    const view = historyView(history, (id) => (id === 'maple' ? 'Maple Court' : null));
    expect(approvedHistorySchema.parse(view)).toEqual(view);
    expect(view).toEqual({
      approvedInvoices: 4,
      totals: [
        { currency: 'USD', lowest: 210, highest: 240, count: 3 },
        { currency: 'EUR', lowest: 90, highest: 90, count: 1 },
      ],
      lastInvoiceNumber: 'INV-1004',
      // The newest booking of the account wins.
      accounts: [{ accountNumber: '55-0100-1', propertyId: 'maple', propertyName: 'Maple Court' }],
      paymentAccounts: [],
      // Records without due dates or tax teach neither.
      paymentTerms: null,
      tax: null,
      // Nor do records of invoices never split (core/vendors/usual-split.test.ts).
      split: null,
    });
  });

  it('sends to a person an invoice asking for payment to a bank account its approved invoices never named', () => {
    const usual = paymentAccountsIn('org-1', ['IBAN: DE89 3704 0044 0532 0130 00']);
    const changed = paymentAccountsIn('org-1', ['IBAN: GB29 NWBK 6016 1331 9268 19']);
    const history = [1, 2, 3].map((n) => fact(n, { paymentAccounts: n === 2 ? [] : usual }));
    const invoice = { invoiceNumber: 'INV-1004', totalAmount: 230, currency: 'USD' };
    expect(departuresFrom(history, { ...invoice, paymentAccounts: usual })).toEqual([]);
    expect(departuresFrom(history, { ...invoice, paymentAccounts: changed })).toEqual([
      "Bank details changed: this invoice asks for payment to an account ending 6819, and this vendor's approved invoices named the account ending 3000. Confirm the change with the vendor at a phone number you already have before paying.",
    ]);
    // An invoice that prints no account asks for nothing new; a vendor never seen with one has none to change.
    expect(departuresFrom(history, { ...invoice, paymentAccounts: [] })).toEqual([]);
    expect(departuresFrom(monthly(3), { ...invoice, paymentAccounts: changed })).toEqual([]);
    expect(historyView(history, () => null).paymentAccounts).toEqual([{ kind: 'iban', last4: '3000' }]);
  });

  it('reads a postcode as the last group of 4 to 6 digits, and holds an invoice from another one', () => {
    expect(postcodeOf('742 Evergreen Terrace, Springfield, IL 62704-1234')).toBe('62704');
    expect(postcodeOf('Hauptstraße 5, 10115 Berlin')).toBe('10115');
    expect(postcodeOf('1 Canada Square, London E14 5AB')).toBeNull();
    const history = [1, 2, 3].map((n) => fact(n, { postcode: '62704' }));
    const invoice = { invoiceNumber: 'INV-1004', totalAmount: 230, currency: 'USD' };
    expect(
      departuresFrom(history, { ...invoice, vendorAddress: '9 Main St, Springfield, IL 62704' }),
    ).toEqual([]);
    expect(
      departuresFrom(history, { ...invoice, vendorAddress: '500 Harbor Blvd, Miami, FL 33132' }),
    ).toEqual([
      "The vendor's address is in postcode 33132, and all 3 of its approved invoices gave 62704. Confirm the vendor's address before paying.",
    ]);
    // No address read surely, or a history of several postcodes (a vendor with branches): nothing to weigh.
    expect(departuresFrom(history, { ...invoice, vendorAddress: null })).toEqual([]);
    const branches = [fact(1, { postcode: '62704' }), fact(2, { postcode: '62701' })];
    expect(departuresFrom(branches, { ...invoice, vendorAddress: 'Miami, FL 33132' })).toEqual([]);
  });

  it("learns the vendor's payment terms from approved invoices due the same days after their date", () => {
    const due = (n: number, dueDate: string | null) => fact(n, { dueDate });
    // fact(n) is dated the 5th of month n.
    const net30 = [due(3, '2026-04-04'), due(2, '2026-03-07'), due(1, '2026-02-04')];
    expect(usualTerms(net30)).toEqual({ days: 30, count: 3, exact: true });
    // A day either side (a weekend) is still the same terms, though no longer exact.
    const nearly = [due(3, '2026-04-05'), due(2, '2026-03-07'), due(1, '2026-02-04')];
    expect(usualTerms(nearly)).toEqual({ days: 30, count: 3, exact: false });
    // Terms that vary, too few invoices with both dates, or a due date before the invoice's: none.
    expect(usualTerms([due(3, '2026-04-20'), ...net30.slice(1)])).toBeNull();
    expect(usualTerms([due(3, null), ...net30.slice(1)])).toBeNull();
    expect(usualTerms([due(3, '2026-02-01'), ...net30.slice(1)])).toBeNull();
    const view = historyView(net30, () => null);
    expect(approvedHistorySchema.parse(view)).toEqual(view);
    expect(view.paymentTerms).toEqual({ days: 30, count: 3 });
  });

  it('learns whether the vendor charges tax, and at what rate, and holds an invoice taxed unlike it', () => {
    const taxed = (n: number, subtotal: number, taxAmount: number) =>
      fact(n, { subtotal, taxAmount, totalAmount: subtotal + taxAmount });
    const vat = [taxed(3, 200, 38), taxed(2, 100, 19), taxed(1, 50.5, 9.6)];
    expect(usualTax(vat)).toEqual({ taxed: true, rate: 0.19, count: 3 });
    // An untaxed invoice approved with its tax left empty: its subtotal is its total.
    const none = [1, 2, 3].map((n) => fact(n, { subtotal: 230, totalAmount: 230, taxAmount: null }));
    expect(usualTax(none)).toEqual({ taxed: false, rate: null, count: 3 });
    expect(usualTax([...vat.slice(0, 2), none[0]])).toBeNull();
    expect(usualTax(monthly(4))).toBeNull();
    const invoice = (subtotal: number, taxAmount: number) => ({
      invoiceNumber: 'INV-1004',
      totalAmount: subtotal + taxAmount,
      currency: 'USD',
      subtotal,
      taxAmount,
    });
    expect(departuresFrom(vat, invoice(100, 19))).toEqual([]);
    expect(departuresFrom(vat, invoice(100, 7))).toEqual([
      "The tax rate 7% is not this vendor's usual one: its last 3 approved invoices were taxed at 19%.",
    ]);
    expect(departuresFrom(vat, invoice(230, 0))).toEqual([
      "No tax is charged on this invoice, and this vendor's last 3 approved invoices all carried tax (19%).",
    ]);
    expect(departuresFrom(none, invoice(200, 16.5))).toEqual([
      "Tax is charged on this invoice (8.25%), and this vendor's last 3 approved invoices carried none.",
    ]);
    expect(historyView(vat, () => null).tax).toEqual({ taxed: true, rate: 0.19, count: 3 });
  });

  it('raises no tax alarm on a reading that does not add up, lacks its subtotal, or on a vendor of mixed rates', () => {
    const taxed = (n: number, subtotal: number, taxAmount: number) =>
      fact(n, { subtotal, taxAmount, totalAmount: subtotal + taxAmount });
    const vat = [taxed(3, 200, 38), taxed(2, 100, 19), taxed(1, 50, 9.5)];
    const base = { invoiceNumber: 'INV-1004', currency: 'USD' };
    // A "tax" that with the subtotal does not make the total is a misreading (a deposit, a balance).
    expect(departuresFrom(vat, { ...base, subtotal: 100, taxAmount: 50, totalAmount: 119 })).toEqual([]);
    // No subtotal or no tax read: nothing to weigh.
    expect(departuresFrom(vat, { ...base, subtotal: null, taxAmount: 7, totalAmount: 107 })).toEqual([]);
    expect(departuresFrom(vat, { ...base, totalAmount: 107 })).toEqual([]);
    // Rounding to the cent is no other rate.
    expect(departuresFrom(vat, { ...base, subtotal: 30.15, taxAmount: 5.73, totalAmount: 35.88 })).toEqual(
      [],
    );
    // A vendor billing at two rates has no usual rate to depart from, only its taxing.
    const mixed = [taxed(3, 100, 7), taxed(2, 100, 19), taxed(1, 100, 19)];
    expect(usualTax(mixed)).toEqual({ taxed: true, rate: null, count: 3 });
    expect(departuresFrom(mixed, { ...base, subtotal: 100, taxAmount: 7, totalAmount: 107 })).toEqual([]);
  });
});
