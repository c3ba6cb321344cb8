import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { read } from '../lib/rights';

/** The routes of analytics: what each reads and answers (functions/api/lib/contract.ts). */
export const analyticsContract = defineContract({
  'GET /api/analytics/invoice-analytics': {
    rule: read('analytics:read'),
    tag: 'Analytics',
    summary: 'Totals, top vendors, categories, monthly trends',
    success: 200,
    response: named.Analytics,
  },
});
