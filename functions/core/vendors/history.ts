import { formatMoney } from '../../../shared/format';
import type { ApprovedHistory } from '../../../shared/schemas/vendor-memory';
import { type PaymentAccount, sameAccount } from './payment-accounts';
import { type SplitShare, splitView } from './usual-split';

/**
 * What the organization knows of a vendor from the invoices its people approved: a short record of
 * each (number, total, currency, date), learned at approval beside the vendor's layout memory and
 * stored with it (one item per vendor, bounded, never shared across organizations). A new invoice
 * that departs from it is sent to review with the departure in words: the AP controls of a payables
 * desk (a vendor never paid before, an amount far outside its range, a number off its pattern, a bank
 * account its approved invoices never named).
 */
export interface ApprovedInvoiceFact {
  invoiceId: string;
  invoiceNumber: string | null;
  totalAmount: number | null;
  currency: string | null;
  invoiceDate: string | null;
  /** The property it was booked to, and the utility account it billed (absent on older records). */
  propertyId?: string | null;
  accountNumber?: string | null;
  /** The bank accounts it asked to be paid to (core/vendors/payment-accounts.ts; absent on older records). */
  paymentAccounts?: PaymentAccount[];
  /** The postcode of the vendor's address as approved (`postcodeOf`; absent on older records). */
  postcode?: string | null;
  /** The due date, subtotal and tax as approved: the vendor's payment terms and tax (absent on older records). */
  dueDate?: string | null;
  subtotal?: number | null;
  taxAmount?: number | null;
  /** How it was split over properties, as approved (core/vendors/usual-split.ts; absent on older records and unsplit ones). */
  split?: SplitShare[] | null;
  approvedAt: string;
}

/** Approved invoices remembered per vendor: a year of monthly bills, twice over. */
export const HISTORY_LIMIT = 24;

/** Approved invoices of the same currency needed before an amount can be called unusual. */
export const MIN_FOR_RANGE = 3;

/** How far beyond the vendor's smallest and largest approved totals an amount is "far outside". */
export const RANGE_FACTOR = 3;

/** Approved invoice numbers, all of one shape, needed before a number can break the pattern. */
export const MIN_FOR_PATTERN = 3;

export const FIRST_INVOICE_REASON =
  'First invoice from this vendor: none of its invoices has been approved yet.';

/** The history with this approval (a re-approval after a reopen replaces the earlier record), newest first. */
export function withApproval(
  history: ApprovedInvoiceFact[],
  fact: ApprovedInvoiceFact,
): ApprovedInvoiceFact[] {
  return [fact, ...history.filter((f) => f.invoiceId !== fact.invoiceId)].slice(0, HISTORY_LIMIT);
}

/** The history without an invoice that is no longer approved (reopened or voided). */
export function withoutInvoice(history: ApprovedInvoiceFact[], invoiceId: string): ApprovedInvoiceFact[] {
  return history.some((f) => f.invoiceId === invoiceId)
    ? history.filter((f) => f.invoiceId !== invoiceId)
    : history;
}

/** An invoice number's shape: digits as 9, letters as A, the rest kept ("INV-2041" → "AAA-9999"). */
export function numberShape(invoiceNumber: string): string {
  return invoiceNumber.trim().toUpperCase().replace(/[0-9]/g, '9').replace(/\p{L}/gu, 'A');
}

/** The number's last run of digits, as a number (null when it has none). */
function sequenceOf(invoiceNumber: string): number | null {
  const runs = invoiceNumber.match(/\d+/g);
  return runs ? Number(runs[runs.length - 1]) : null;
}

function amountDeparture(
  history: ApprovedInvoiceFact[],
  invoice: { totalAmount: number | null; currency: string | null },
): string | null {
  const { totalAmount, currency } = invoice;
  if (totalAmount === null || totalAmount <= 0) return null;
  const totals = history
    .filter((f) => f.currency === currency && f.totalAmount !== null && f.totalAmount > 0)
    .map((f) => f.totalAmount as number);
  if (totals.length < MIN_FOR_RANGE) return null;
  const low = Math.min(...totals);
  const high = Math.max(...totals);
  if (totalAmount <= high * RANGE_FACTOR && totalAmount >= low / RANGE_FACTOR) return null;
  const code = currency ?? 'USD';
  return `The total ${formatMoney(totalAmount, code)} is far outside this vendor's usual range (${formatMoney(low, code)} to ${formatMoney(high, code)} on ${totals.length} approved invoices).`;
}

function numberDeparture(history: ApprovedInvoiceFact[], invoiceNumber: string | null): string | null {
  if (!invoiceNumber) return null;
  const numbered = history.filter(
    (f): f is ApprovedInvoiceFact & { invoiceNumber: string } => !!f.invoiceNumber,
  );
  if (numbered.length < MIN_FOR_PATTERN) return null;
  const shapes = new Set(numbered.map((f) => numberShape(f.invoiceNumber)));
  // A vendor whose numbers already vary has no pattern to break.
  if (shapes.size !== 1) return null;
  const latest = numbered[0].invoiceNumber;
  if (!shapes.has(numberShape(invoiceNumber)))
    return `Invoice number ${invoiceNumber} does not follow this vendor's numbering (its last approved was ${latest}).`;
  // Numbers that rose with the invoice dates make a sequence; a new one below all of them breaks it.
  const byDate = numbered
    .filter((f) => f.invoiceDate)
    .sort((a, b) => (a.invoiceDate as string).localeCompare(b.invoiceDate as string))
    .map((f) => sequenceOf(f.invoiceNumber));
  const rising =
    byDate.length >= MIN_FOR_PATTERN &&
    byDate.every((n, i) => n !== null && (i === 0 || n > (byDate[i - 1] as number)));
  const sequence = sequenceOf(invoiceNumber);
  if (rising && sequence !== null && sequence < (byDate[0] as number))
    return `Invoice number ${invoiceNumber} comes before this vendor's earlier approved invoices (its last approved was ${latest}).`;
  return null;
}

/**
 * An invoice that asks for payment to a bank account none of the vendor's approved invoices named. Only
 * weighed once an approved invoice printed an account: many vendors never print one, and an invoice that
 * prints none asks for nothing new.
 */
function paymentDeparture(
  history: ApprovedInvoiceFact[],
  accounts: readonly PaymentAccount[] | undefined,
): string | null {
  const known = history.flatMap((f) => f.paymentAccounts ?? []);
  if (!accounts?.length || !known.length) return null;
  if (accounts.some((a) => known.some((k) => sameAccount(a, k)))) return null;
  const before = [...new Set(known.map((k) => k.last4))].slice(0, 3).join(', ');
  return `Bank details changed: this invoice asks for payment to an account ending ${accounts[0].last4}, and this vendor's approved invoices named the account ending ${before}. Confirm the change with the vendor at a phone number you already have before paying.`;
}

/** Approved invoices, newest first, all in one currency, that make it the vendor's usual currency. */
export const USUAL_CURRENCY_RUN = 2;
/** How far back the usual currency is looked for: a vendor that moved currency a year ago has a new usual. */
const CURRENCY_LOOKBACK = 6;

/**
 * The currency the vendor's newest approved invoices were all in (at least USUAL_CURRENCY_RUN of them,
 * of the last CURRENCY_LOOKBACK that state one), or null when they differ or are too few. A person who
 * corrects a currency away from it ends the run, so the fact unlearns itself.
 */
export function usualCurrency(history: ApprovedInvoiceFact[]): { currency: string; count: number } | null {
  const stated = history
    .map((f) => f.currency)
    .filter((c): c is string => !!c)
    .slice(0, CURRENCY_LOOKBACK);
  if (stated.length < USUAL_CURRENCY_RUN || new Set(stated).size !== 1) return null;
  return { currency: stated[0], count: stated.length };
}

/**
 * The postcode of an address: its last group of 4 to 6 digits (US ZIP, German, French, Dutch and
 * Malaysian codes, ZIP+4 taken by its first five), which a street number rarely is. Null when it has
 * none (a UK postcode, an address without one).
 */
export function postcodeOf(address: string | null | undefined): string | null {
  const groups = (address ?? '').replace(/\b(\d{5})-\d{4}\b/g, '$1').match(/(?<![\d.,])\d{4,6}(?![\d.,])/g);
  return groups ? groups[groups.length - 1] : null;
}

/** Approved invoices, all from one postcode, before a new one is called a move. */
export const MIN_FOR_ADDRESS = 2;

/**
 * A vendor address in another postcode than all the vendor's approved invoices: with a new bank account,
 * the other sign that someone else is asking to be paid (or that the vendor moved, which a person
 * confirms once).
 */
function addressDeparture(
  history: ApprovedInvoiceFact[],
  postcode: string | null | undefined,
): string | null {
  const known = history.map((f) => f.postcode).filter((p): p is string => !!p);
  if (!postcode || known.length < MIN_FOR_ADDRESS || new Set(known).size !== 1 || known[0] === postcode)
    return null;
  return `The vendor's address is in postcode ${postcode}, and all ${known.length} of its approved invoices gave ${known[0]}. Confirm the vendor's address before paying.`;
}

/** A currency other than the one the vendor's newest approved invoices were all in (read surely: Classify takes the usual one over an unsure reading). */
function currencyDeparture(history: ApprovedInvoiceFact[], currency: string | null): string | null {
  const usual = usualCurrency(history);
  if (!usual || !currency || currency === usual.currency) return null;
  return `The currency ${currency} is not this vendor's usual one: its last ${usual.count} approved invoices were in ${usual.currency}.`;
}

/** Approved invoices in a row, all for one property, that make it the vendor's usual property. */
export const USUAL_PROPERTY_RUN = 3;

const accountKey = (account: string | null | undefined) =>
  (account ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * The property the vendor's history points a new invoice to, when nothing on the page named one: the
 * property its utility account was booked to on an approved invoice, else the one its last
 * USUAL_PROPERTY_RUN approved invoices were all for. Null when the history says nothing sure.
 */
export function propertyFromHistory(
  history: ApprovedInvoiceFact[],
  accountNumber: string | null,
): { propertyId: string; by: 'account' | 'usual'; count: number } | null {
  const account = accountKey(accountNumber);
  if (account) {
    const billed = history.find((f) => f.propertyId && accountKey(f.accountNumber) === account);
    if (billed?.propertyId) return { propertyId: billed.propertyId, by: 'account', count: 1 };
  }
  const recent = history.slice(0, USUAL_PROPERTY_RUN);
  const [first] = recent;
  if (
    recent.length === USUAL_PROPERTY_RUN &&
    first.propertyId &&
    recent.every((f) => f.propertyId === first.propertyId)
  )
    return { propertyId: first.propertyId, by: 'usual', count: recent.length };
  return null;
}

/** Approved invoices, newest first, due the same number of days after their date, that make it the vendor's terms. */
export const USUAL_TERMS_RUN = 3;
/**
 * How far apart those invoices' days may be and still be one term: a vendor's "net 30" printed on a
 * date counted one day either side (a weekend, an end-of-day cut) is still net 30. A vendor due "on the
 * 1st of next month" varies by 2 to 3 days and learns no terms: the guess would often be a day wrong.
 */
const TERMS_TOLERANCE_DAYS = 1;
/** Terms beyond this many days are a misread year or a standing order, not payment terms. */
const MAX_TERMS_DAYS = 365;
/** How far back the terms are looked for, as the currency is: a vendor that changed terms has new ones. */
const TERMS_LOOKBACK = 6;

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

/** The days from `from` to `to` (YYYY-MM-DD), or null when either is not a date. */
export function daysBetween(from: string, to: string): number | null {
  const [a, b] = [dayOf(from), dayOf(to)];
  return Number.isNaN(a) || Number.isNaN(b) ? null : Math.round((b - a) / DAY_MS);
}

/** The date `days` after `date` (YYYY-MM-DD), or null when it is not a date. */
export function addDays(date: string, days: number): string | null {
  const day = dayOf(date);
  return Number.isNaN(day) ? null : new Date(day + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The vendor's payment terms: the days from invoice date to due date its newest approved invoices with
 * both dates (USUAL_TERMS_RUN of them, of its last TERMS_LOOKBACK) agree on within TERMS_TOLERANCE_DAYS,
 * or null when they differ or are too few. `days` is their middle one; `exact` when all were the same.
 */
export function usualTerms(
  history: ApprovedInvoiceFact[],
): { days: number; count: number; exact: boolean } | null {
  const days = history
    .slice(0, TERMS_LOOKBACK)
    .map((f) => (f.invoiceDate && f.dueDate ? daysBetween(f.invoiceDate, f.dueDate) : null))
    .filter((d): d is number => d !== null && d >= 0 && d <= MAX_TERMS_DAYS)
    .slice(0, USUAL_TERMS_RUN);
  if (days.length < USUAL_TERMS_RUN) return null;
  const sorted = [...days].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (sorted.some((d) => Math.abs(d - middle) > TERMS_TOLERANCE_DAYS)) return null;
  return { days: middle, count: days.length, exact: sorted[0] === sorted[sorted.length - 1] };
}

/** Approved invoices, newest first, all taxed or all untaxed, before a new one can depart from them. */
export const USUAL_TAX_RUN = 3;
/** How far back the tax is looked for: a vendor that registered for tax a year ago charges it now. */
const TAX_LOOKBACK = 6;
/**
 * How far apart the approved invoices' rates may be and still be one rate: tax rounded to the cent on
 * a small subtotal moves the rate by a few hundredths of a point, a second rate on some lines by more.
 */
const RATE_SPREAD = 0.005;
/**
 * How far from the usual rate a new invoice's rate is "far": two points, beyond any rounding and any
 * local surcharge change, while a reduced or another country's rate (19% → 7%, 8.25% → 20%) is more.
 */
const RATE_DEPARTURE = 0.02;
/** Amounts within a cent are the same: tax of 0.004 is none, subtotal + tax within a cent is the total. */
const CENT = 0.01;

/**
 * The tax an approved invoice carried: as approved, else none when its subtotal is its total (a clerk
 * who approves an untaxed invoice often leaves the tax empty), else unknown.
 */
function taxOf(f: ApprovedInvoiceFact): number | null {
  if (f.taxAmount !== undefined && f.taxAmount !== null) return f.taxAmount;
  const { subtotal, totalAmount } = f;
  if (subtotal === undefined || subtotal === null || totalAmount === null) return null;
  return Math.abs(subtotal - totalAmount) < CENT ? 0 : null;
}

/** Tax over subtotal, or null when there is no subtotal to weigh it against (or they disagree in sign). */
function rateOf(tax: number, subtotal: number | null | undefined): number | null {
  if (subtotal === undefined || subtotal === null || Math.abs(subtotal) < CENT) return null;
  const rate = tax / subtotal;
  return rate >= 0 ? rate : null;
}

/**
 * The vendor's tax behaviour: whether its newest approved invoices whose tax is known (USUAL_TAX_RUN or
 * more of its last TAX_LOOKBACK) all carried tax or all carried none, and, when taxed, the rate they
 * all charged within RATE_SPREAD (null when it varies or no subtotal was approved). Null when they mix.
 */
export function usualTax(
  history: ApprovedInvoiceFact[],
): { taxed: boolean; rate: number | null; count: number } | null {
  const known = history
    .slice(0, TAX_LOOKBACK)
    .map((f) => ({ tax: taxOf(f), subtotal: f.subtotal }))
    .filter((k): k is { tax: number; subtotal: number | null | undefined } => k.tax !== null);
  if (known.length < USUAL_TAX_RUN) return null;
  const taxed = known.filter((k) => Math.abs(k.tax) >= CENT).length;
  if (taxed === 0) return { taxed: false, rate: null, count: known.length };
  if (taxed !== known.length) return null;
  const rates = known.map((k) => rateOf(k.tax, k.subtotal));
  const sure = rates.every((r) => r !== null) ? (rates as number[]).sort((a, b) => a - b) : [];
  const rate =
    sure.length && sure[sure.length - 1] - sure[0] <= RATE_SPREAD ? sure[Math.floor(sure.length / 2)] : null;
  return { taxed: true, rate, count: known.length };
}

/** A rate as a person reads it: 0.19 → "19%", 0.0825 → "8.25%". */
export const percentOf = (rate: number) => `${Math.round(rate * 10_000) / 100}%`;

/**
 * Tax charged unlike the vendor's approved invoices: where they carried none, none where they all
 * carried some, or a rate RATE_DEPARTURE from theirs. Weighed only on a reading whose subtotal and tax
 * add up to its total: a tax misread (a deposit, a balance read as tax) is then not called a departure.
 */
function taxDeparture(
  history: ApprovedInvoiceFact[],
  invoice: { subtotal?: number | null; taxAmount?: number | null; totalAmount: number | null },
): string | null {
  const { subtotal, taxAmount, totalAmount } = invoice;
  if (subtotal === undefined || subtotal === null || taxAmount === undefined || taxAmount === null)
    return null;
  if (totalAmount === null || Math.abs(subtotal + taxAmount - totalAmount) >= CENT) return null;
  const usual = usualTax(history);
  if (!usual) return null;
  const charged = Math.abs(taxAmount) >= CENT;
  const rate = charged ? rateOf(taxAmount, subtotal) : null;
  if (!usual.taxed && charged)
    return `Tax is charged on this invoice${rate === null ? '' : ` (${percentOf(rate)})`}, and this vendor's last ${usual.count} approved invoices carried none.`;
  if (usual.taxed && !charged)
    return `No tax is charged on this invoice, and this vendor's last ${usual.count} approved invoices all carried tax${usual.rate === null ? '' : ` (${percentOf(usual.rate)})`}.`;
  if (usual.rate !== null && rate !== null && Math.abs(rate - usual.rate) > RATE_DEPARTURE)
    return `The tax rate ${percentOf(rate)} is not this vendor's usual one: its last ${usual.count} approved invoices were taxed at ${percentOf(usual.rate)}.`;
  return null;
}

/**
 * Why a new invoice of this vendor departs from its approved history, in words (none when it does
 * not). A vendor with no approved invoice is itself the departure: its first invoice never passes
 * without a person.
 */
export function departuresFrom(
  history: ApprovedInvoiceFact[],
  invoice: {
    invoiceNumber: string | null;
    totalAmount: number | null;
    currency: string | null;
    paymentAccounts?: readonly PaymentAccount[];
    /** The vendor's address as read, when read surely (an unsure reading is no evidence of a move). */
    vendorAddress?: string | null;
    /** The subtotal and tax as read, when read surely (an unsure reading is no evidence of a change). */
    subtotal?: number | null;
    taxAmount?: number | null;
  },
): string[] {
  if (history.length === 0) return [FIRST_INVOICE_REASON];
  return [
    paymentDeparture(history, invoice.paymentAccounts),
    currencyDeparture(history, invoice.currency),
    addressDeparture(history, postcodeOf(invoice.vendorAddress)),
    taxDeparture(history, invoice),
    amountDeparture(history, invoice),
    numberDeparture(history, invoice.invoiceNumber),
  ].filter((r): r is string => r !== null);
}

/**
 * What the vendor's page shows of its history (GET /api/vendors/{id}/memory); `propertyName` names a
 * property of the organization (null once it is gone).
 */
export function historyView(
  history: ApprovedInvoiceFact[],
  propertyName: (propertyId: string) => string | null,
): ApprovedHistory {
  const totals = new Map<string, { currency: string; lowest: number; highest: number; count: number }>();
  for (const f of history) {
    if (f.totalAmount === null) continue;
    const currency = f.currency ?? 'USD';
    const range = totals.get(currency) ?? {
      currency,
      lowest: f.totalAmount,
      highest: f.totalAmount,
      count: 0,
    };
    range.lowest = Math.min(range.lowest, f.totalAmount);
    range.highest = Math.max(range.highest, f.totalAmount);
    range.count++;
    totals.set(currency, range);
  }
  // The newest booking of each account (the history is newest first).
  const accounts = new Map<string, ApprovedHistory['accounts'][number]>();
  for (const f of history)
    if (f.accountNumber && f.propertyId && !accounts.has(accountKey(f.accountNumber)))
      accounts.set(accountKey(f.accountNumber), {
        accountNumber: f.accountNumber,
        propertyId: f.propertyId,
        propertyName: propertyName(f.propertyId),
      });
  const paidTo = new Map<string, { kind: PaymentAccount['kind']; last4: string }>();
  for (const a of history.flatMap((f) => f.paymentAccounts ?? []))
    paidTo.set(`${a.kind}|${a.last4}`, { kind: a.kind, last4: a.last4 });
  const terms = usualTerms(history);
  const tax = usualTax(history);
  return {
    approvedInvoices: history.length,
    paymentAccounts: [...paidTo.values()],
    paymentTerms: terms && { days: terms.days, count: terms.count },
    tax: tax && {
      taxed: tax.taxed,
      // Four decimals: a rate of two-decimal percent (8.25%) without the division's float tail.
      rate: tax.rate === null ? null : Math.round(tax.rate * 10_000) / 10_000,
      count: tax.count,
    },
    totals: [...totals.values()],
    lastInvoiceNumber: history.find((f) => f.invoiceNumber)?.invoiceNumber ?? null,
    accounts: [...accounts.values()],
    split: splitView(history, propertyName),
  };
}
