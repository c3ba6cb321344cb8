import { named } from '../lib/components';
import { defineContract } from '../lib/contract';

/** The routes of auth: what each reads and answers (functions/api/lib/contract.ts). */
export const authContract = defineContract({
  'GET /api/auth/user': {
    tag: 'Auth',
    summary: 'The current user',
    success: 200,
    response: named.User,
  },
});
