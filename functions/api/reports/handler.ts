import { getAggregates, listAggregates } from '../../adapters/dynamodb/aggregates';
import { listCategories } from '../../adapters/dynamodb/categories';
import { keys } from '../../adapters/dynamodb/keys';
import { defaultCurrencyOf } from '../../adapters/dynamodb/organizations';
import { listAllProperties } from '../../adapters/dynamodb/properties';
import { listAllVendors } from '../../adapters/dynamodb/vendors';
import { todayUtc } from '../../core/reports/fields';
import { agingBuckets, agingReport, cashBuckets, cashRequirementsReport } from '../../core/reports/payables';
import { recurringBillsReport, recurringMonths } from '../../core/reports/recurring';
import { spendMonths, spendPerDoorReport } from '../../core/reports/spend-per-door';
import { clearTinsOf, form1099Report } from '../../core/vendors/form-1099';
import { resourceHandler } from '../lib/http';
import { reportsContract } from './contract';
import { agingCsv, cashRequirementsCsv, form1099Csv, recurringCsv, spendPerDoorCsv } from './csv';

/**
 * Reports. The 1099 is computed from the organization's vendors and paid invoices (core/vendors/form-1099);
 * the AP desk's reports from aggregate items only (core/reports), so their cost does not grow with the
 * number of invoices.
 */

const namesOf = (items: readonly { id: string; name: string }[]) =>
  Object.fromEntries(items.map((item) => [item.id, item.name]));

/** What aging or cash requirements read on `asOf`: the buckets `plan` names, and every due-year bucket. */
async function payablesInput(orgId: string, plan: (asOf: string) => string[], asOf = todayUtc()) {
  const [items, years, defaultCurrency, vendors, properties] = await Promise.all([
    getAggregates(orgId, plan(asOf)),
    listAggregates(orgId, keys.dueYearBucketPrefix),
    defaultCurrencyOf(orgId),
    listAllVendors(orgId),
    listAllProperties(orgId),
  ]);
  return {
    asOf,
    items: [...items, ...years],
    defaultCurrency,
    vendorNames: namesOf(vendors),
    propertyNames: namesOf(properties),
  };
}

async function spendPerDoor(orgId: string, query: { from?: string; to?: string }) {
  const { from, to, buckets } = spendMonths(query, todayUtc().slice(0, 7));
  const [items, defaultCurrency, properties, categories] = await Promise.all([
    getAggregates(orgId, buckets),
    defaultCurrencyOf(orgId),
    listAllProperties(orgId),
    listCategories(orgId),
  ]);
  return spendPerDoorReport({
    from,
    to,
    items,
    defaultCurrency,
    properties,
    categoryNames: namesOf(categories),
  });
}

async function recurring(orgId: string, month = todayUtc().slice(0, 7)) {
  const [items, defaultCurrency, vendors] = await Promise.all([
    getAggregates(orgId, recurringMonths(month).buckets),
    defaultCurrencyOf(orgId),
    listAllVendors(orgId),
  ]);
  return recurringBillsReport({ month, items, defaultCurrency, vendorNames: namesOf(vendors) });
}

/** A CSV download named after the report and what it is of. */
const csvFile = (text: string, name: string) => ({
  binary: Buffer.from(text, 'utf8'),
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}.csv"`,
  },
});

export const handler = resourceHandler(reportsContract, {
  'GET /api/reports/1099': async (request) => form1099Report(request.principal().orgId, request.query.year),

  'GET /api/reports/1099.csv': async (request) => {
    const principal = request.principal();
    const { year } = request.query;
    const report = await form1099Report(principal.orgId, year);
    const filed = report.rows.filter((row) => row.reachesThreshold);
    // A filing service needs the full TIN: only an administrator (a person, never an API key) gets it.
    const isAdmin = principal.kind === 'user' && principal.role === 'ADMIN';
    const tins = isAdmin ? await clearTinsOf(principal.orgId, filed) : new Map<string, string>();
    const rows = filed.map((row) => ({ ...row, tin: tins.get(row.vendorId) ?? row.tinMasked }));
    return csvFile(form1099Csv(rows), `1099-${year}`);
  },

  'GET /api/reports/aging': async (request) =>
    agingReport(await payablesInput(request.principal().orgId, agingBuckets, request.query.asOf)),

  'GET /api/reports/aging.csv': async (request) => {
    const report = agingReport(
      await payablesInput(request.principal().orgId, agingBuckets, request.query.asOf),
    );
    return csvFile(agingCsv(report), `aging-${report.asOf}`);
  },

  'GET /api/reports/cash-requirements': async (request) =>
    cashRequirementsReport(await payablesInput(request.principal().orgId, cashBuckets, request.query.asOf)),

  'GET /api/reports/cash-requirements.csv': async (request) => {
    const input = await payablesInput(request.principal().orgId, cashBuckets, request.query.asOf);
    const report = cashRequirementsReport(input);
    return csvFile(cashRequirementsCsv(report), `cash-requirements-${report.asOf}`);
  },

  'GET /api/reports/spend-per-door': async (request) =>
    spendPerDoor(request.principal().orgId, request.query),

  'GET /api/reports/spend-per-door.csv': async (request) => {
    const report = await spendPerDoor(request.principal().orgId, request.query);
    return csvFile(spendPerDoorCsv(report), `spend-per-door-${report.from}-to-${report.to}`);
  },

  'GET /api/reports/recurring': async (request) => recurring(request.principal().orgId, request.query.month),

  'GET /api/reports/recurring.csv': async (request) => {
    const report = await recurring(request.principal().orgId, request.query.month);
    return csvFile(recurringCsv(report), `recurring-bills-${report.month}`);
  },
});
