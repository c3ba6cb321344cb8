import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { PROFILE } from '../lib/rights';

/** The routes of auth: what each reads and answers (functions/api/lib/contract.ts). */
export const authContract = defineContract({
  'GET /api/auth/user': {
    rule: PROFILE,
    tag: 'Auth',
    summary: 'The current user',
    success: 200,
    response: named.User,
  },
});
