import {
  agingReportSchema,
  asOfQuerySchema,
  cashRequirementsReportSchema,
  form1099ReportQuerySchema,
  recurringBillsReportSchema,
  recurringQuerySchema,
  spendPerDoorQuerySchema,
  spendPerDoorReportSchema,
} from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { read } from '../lib/rights';

const yearQuery = form1099ReportQuerySchema.pick({ year: true });
const csv = { contentType: 'text/csv', description: 'CSV file, the same columns as the report table' };

/** The routes of reports: what each reads and answers (functions/api/lib/contract.ts). */
export const reportsContract = defineContract({
  'GET /api/reports/1099': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary:
      'Per vendor flagged for a 1099: the approved invoices paid in the calendar year (by paid date, credit notes subtracting), with the TIN masked, and whether they reach $600',
    query: yearQuery,
    success: 200,
    response: named.Form1099Report,
  },
  'GET /api/reports/1099.csv': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary:
      'The vendors of the 1099 report that reach $600, as a 1099 filing service imports them (Recipient name, Recipient TIN type, Recipient TIN, Address, Box, Amount); the TIN is in full for administrators only, masked for everyone else',
    query: yearQuery,
    success: 200,
    rawResponse: { contentType: 'text/csv', description: 'CSV file' },
  },
  'GET /api/reports/aging': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary:
      'Payables aging on `asOf` (today, UTC, by default): open payables (approved, not paid) by days past due (current, 1-30, 31-60, 61-90, over 90), per currency, in total, by vendor and by property (a split counts its share on each)',
    query: asOfQuerySchema,
    success: 200,
    response: agingReportSchema,
  },
  'GET /api/reports/aging.csv': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary: 'The aging report as CSV: per currency, the totals, each vendor and each property',
    query: asOfQuerySchema,
    success: 200,
    rawResponse: csv,
  },
  'GET /api/reports/cash-requirements': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary:
      'Cash requirements on `asOf` (today, UTC, by default): open payables overdue and falling due in the next 7, 14 and 30 days (cumulative), per currency, in total and by property',
    query: asOfQuerySchema,
    success: 200,
    response: cashRequirementsReportSchema,
  },
  'GET /api/reports/cash-requirements.csv': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary: 'The cash requirements report as CSV: per currency, the totals and each property',
    query: asOfQuerySchema,
    success: 200,
    rawResponse: csv,
  },
  'GET /api/reports/spend-per-door': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary:
      "Spend per door: approved invoices by invoice month from `from` to `to` (the last 12 months by default; at most 10 years), per currency and property, by category, divided by the property's units",
    query: spendPerDoorQuerySchema,
    success: 200,
    response: spendPerDoorReportSchema,
  },
  'GET /api/reports/spend-per-door.csv': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary: 'The spend per door report as CSV: per property, all categories, then each category',
    query: spendPerDoorQuerySchema,
    success: 200,
    rawResponse: csv,
  },
  'GET /api/reports/recurring': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary:
      'Recurring bills in `month` (this month by default): vendors and utility accounts billed in at least 3 of the 6 months before whose bill has not come, and bills at least 1.5 times their usual (median) monthly amount',
    query: recurringQuerySchema,
    success: 200,
    response: recurringBillsReportSchema,
  },
  'GET /api/reports/recurring.csv': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary: 'The recurring bills report as CSV: the bills not arrived, then the unusually high ones',
    query: recurringQuerySchema,
    success: 200,
    rawResponse: csv,
  },
});
