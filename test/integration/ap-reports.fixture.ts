import type { Invoice } from '../../shared/schemas';

/**
 * The AP reports computed the slow way, from every invoice as `GET /api/invoices` lists it, written
 * apart from the product's code (core/reports) so ap-reports.test.ts compares two computations.
 */

export interface Property {
  id: string;
  units: number | null;
}

const DAY = 86_400_000;
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);
export const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
};

const cents = (amount: number) => Math.round(amount * 100);
const money = (c: number) => Math.round(c) / 100;

/** Where an invoice's money is booked: each share of its split, else all of it on its property. */
function shares(i: Invoice): { propertyId: string | null; categoryId: string | null; cents: number }[] {
  if (i.allocations.length > 0)
    return i.allocations.map((a) => ({
      propertyId: a.propertyId,
      categoryId: a.categoryId ?? i.categoryId,
      cents: cents(a.amount),
    }));
  return [{ propertyId: i.propertyId, categoryId: i.categoryId, cents: cents(i.totalAmount ?? 0) }];
}

const dueOn = (i: Invoice) => i.dueDate ?? i.invoiceDate ?? i.createdAt.slice(0, 10);
const isOpen = (i: Invoice) => i.status === 'APPROVED' && !i.paidOn && i.totalAmount !== null;

interface Aging {
  current: number;
  days1to30: number;
  days31to60: number;
  days61to90: number;
  over90: number;
  total: number;
  invoiceCount: number;
}
interface Cash {
  overdue: number;
  next7: number;
  next14: number;
  next30: number;
}

/**
 * Per currency, the aging buckets and cash windows on `asOf`, keyed `total`, `v:<vendorId|null>` and
 * `p:<propertyId|null>`.
 */
export function windowsExpected(invoices: readonly Invoice[], asOf: string) {
  const out = new Map<string, { aging: Map<string, Aging>; cash: Map<string, Cash> }>();
  const sums = new Map<string, { aging: Map<string, Aging>; cash: Map<string, Cash> }>();
  for (const i of invoices.filter(isOpen)) {
    const block = sums.get(i.currency) ?? { aging: new Map(), cash: new Map() };
    sums.set(i.currency, block);
    const past = Math.round((Date.parse(asOf) - Date.parse(dueOn(i))) / DAY);
    const byProperty = new Map<string, number>();
    for (const s of shares(i))
      byProperty.set(`p:${s.propertyId}`, (byProperty.get(`p:${s.propertyId}`) ?? 0) + s.cents);
    const targets: [string, number][] = [
      ['total', cents(i.totalAmount ?? 0)],
      [`v:${i.vendorId}`, cents(i.totalAmount ?? 0)],
      ...byProperty,
    ];
    for (const [key, c] of targets) {
      const a = block.aging.get(key) ?? {
        current: 0,
        days1to30: 0,
        days31to60: 0,
        days61to90: 0,
        over90: 0,
        total: 0,
        invoiceCount: 0,
      };
      if (past <= 0) a.current += c;
      else if (past <= 30) a.days1to30 += c;
      else if (past <= 60) a.days31to60 += c;
      else if (past <= 90) a.days61to90 += c;
      else a.over90 += c;
      a.total += c;
      a.invoiceCount += 1;
      block.aging.set(key, a);
      const w = block.cash.get(key) ?? { overdue: 0, next7: 0, next14: 0, next30: 0 };
      if (past > 0) w.overdue += c;
      if (past <= 0 && past > -7) w.next7 += c;
      if (past <= 0 && past > -14) w.next14 += c;
      if (past <= 0 && past > -30) w.next30 += c;
      block.cash.set(key, w);
    }
  }
  for (const [currency, block] of sums) {
    const aging = new Map(
      [...block.aging].map(([k, a]) => [
        k,
        {
          ...a,
          current: money(a.current),
          days1to30: money(a.days1to30),
          days31to60: money(a.days31to60),
          days61to90: money(a.days61to90),
          over90: money(a.over90),
          total: money(a.total),
        },
      ]),
    );
    const cash = new Map(
      [...block.cash].map(([k, w]) => [
        k,
        {
          overdue: money(w.overdue),
          next7: money(w.next7),
          next14: money(w.next14),
          next30: money(w.next30),
        },
      ]),
    );
    out.set(currency, { aging, cash });
  }
  return out;
}

const monthOf = (i: Invoice) => (i.invoiceDate ?? i.createdAt).slice(0, 7);

/** Per currency, per property: approved spend from `from` to `to` by invoice month, by category, per door. */
export function spendExpected(
  invoices: readonly Invoice[],
  properties: readonly Property[],
  from: string,
  to: string,
) {
  const sums = new Map<string, Map<string | null, Map<string | null, number>>>();
  for (const i of invoices) {
    if (i.status !== 'APPROVED' || i.totalAmount === null || monthOf(i) < from || monthOf(i) > to) continue;
    const byProperty = sums.get(i.currency) ?? new Map();
    sums.set(i.currency, byProperty);
    for (const s of shares(i)) {
      const byCategory = byProperty.get(s.propertyId) ?? new Map();
      byProperty.set(s.propertyId, byCategory);
      byCategory.set(s.categoryId, (byCategory.get(s.categoryId) ?? 0) + s.cents);
    }
  }
  const out = new Map<
    string,
    {
      propertyId: string | null;
      units: number | null;
      total: number;
      perDoor: number | null;
      byCategory: { categoryId: string | null; amount: number; perDoor: number | null }[];
    }[]
  >();
  for (const [currency, byProperty] of sums) {
    const rows = [...byProperty]
      .map(([propertyId, byCategory]) => {
        const units = properties.find((p) => p.id === propertyId)?.units ?? null;
        const perDoor = (c: number) => (units ? Math.round(c / units) / 100 : null);
        const categories = [...byCategory].filter(([, c]) => c !== 0);
        const total = categories.reduce((a, [, c]) => a + c, 0);
        return {
          propertyId,
          units,
          total: money(total),
          perDoor: perDoor(total),
          byCategory: categories
            .map(([categoryId, c]) => ({ categoryId, amount: money(c), perDoor: perDoor(c) }))
            .sort((a, b) => String(a.categoryId).localeCompare(String(b.categoryId))),
        };
      })
      .filter((row) => row.byCategory.length > 0);
    if (rows.length) out.set(currency, rows);
  }
  return out;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
};

/**
 * Recurring bills in `month`: bills (linked to a vendor, read, not rejected) by invoice month over it and
 * the 6 months before; per vendor, or per account for a vendor whose bills there carry accounts.
 */
export function recurringExpected(invoices: readonly Invoice[], month: string) {
  const first = addMonths(month, -6);
  const bills = invoices.filter(
    (i) =>
      i.vendorId &&
      i.totalAmount !== null &&
      !i.readFailure &&
      i.status !== 'REJECTED' &&
      monthOf(i) >= first &&
      monthOf(i) <= month,
  );
  const withAccounts = new Set(bills.filter((i) => i.accountNumber?.trim()).map((i) => i.vendorId));
  const series = new Map<
    string,
    { vendorId: string; accountNumber: string | null; currency: string; months: Map<string, number> }
  >();
  for (const i of bills) {
    const account = withAccounts.has(i.vendorId) ? i.accountNumber?.trim() || null : null;
    if (withAccounts.has(i.vendorId) && !account) continue;
    const key = `${i.currency}|${i.vendorId}|${account}`;
    const s = series.get(key) ?? {
      vendorId: i.vendorId as string,
      accountNumber: account,
      currency: i.currency,
      months: new Map(),
    };
    s.months.set(monthOf(i), (s.months.get(monthOf(i)) ?? 0) + cents(i.totalAmount ?? 0));
    series.set(key, s);
  }
  const missing: {
    vendorId: string;
    accountNumber: string | null;
    currency: string;
    usualAmount: number;
    monthsBilled: number;
    lastBilledMonth: string;
  }[] = [];
  const unusuallyHigh: {
    vendorId: string;
    accountNumber: string | null;
    currency: string;
    amount: number;
    usualAmount: number;
    ratio: number;
  }[] = [];
  for (const s of series.values()) {
    const before = [...s.months].filter(([m]) => m < month).sort(([a], [b]) => a.localeCompare(b));
    if (before.length < 3) continue;
    const usual = median(before.map(([, c]) => c));
    const row = { vendorId: s.vendorId, accountNumber: s.accountNumber, currency: s.currency };
    const now = s.months.get(month);
    if (now === undefined)
      missing.push({
        ...row,
        usualAmount: money(usual),
        monthsBilled: before.length,
        lastBilledMonth: before[before.length - 1][0],
      });
    else if (usual > 0 && now >= 1.5 * usual)
      unusuallyHigh.push({
        ...row,
        amount: money(now),
        usualAmount: money(usual),
        ratio: Math.round((now / usual) * 100) / 100,
      });
  }
  return {
    missing: missing.map((r) => ({ ...r, vendorName: '' })),
    unusuallyHigh: unusuallyHigh.map((r) => ({ ...r, vendorName: '' })),
  };
}
