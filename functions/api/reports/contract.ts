import { form1099ReportQuerySchema } from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { read } from '../lib/rights';

const yearQuery = form1099ReportQuerySchema.pick({ year: true });

/** The routes of reports: what each reads and answers (functions/api/lib/contract.ts). */
export const reportsContract = defineContract({
  'GET /api/reports/1099': {
    rule: read('analytics:read'),
    tag: 'Reports',
    summary:
      "Per vendor flagged for a 1099: the calendar year's approved invoices (by invoice date, credit notes subtracting), with the TIN masked, and whether they reach $600",
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
});
