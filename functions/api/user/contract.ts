import { profileUpdateSchema } from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { PROFILE } from '../lib/rights';

/** The routes of user: what each reads and answers (functions/api/lib/contract.ts). */
export const userContract = defineContract({
  'GET /api/user/profile': {
    rule: PROFILE,
    tag: 'Profile',
    summary: 'The signed-in user’s profile',
    success: 200,
    response: named.User,
  },
  'PUT /api/user/profile': {
    rule: PROFILE,
    tag: 'Profile',
    summary: 'Edit the profile',
    body: profileUpdateSchema,
    success: 200,
    response: named.User,
    errors: [400],
  },
});
