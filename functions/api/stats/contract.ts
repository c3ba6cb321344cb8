import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { read } from '../lib/rights';

/** The routes of stats: what each reads and answers (functions/api/lib/contract.ts). */
export const statsContract = defineContract({
  'GET /api/stats': {
    rule: read('analytics:read'),
    tag: 'Stats',
    summary: 'Dashboard figures',
    success: 200,
    response: named.Stats,
  },
});
