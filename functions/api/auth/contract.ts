import { membershipChoiceSchema } from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { PROFILE, SIGNED_IN } from '../lib/rights';

/** The routes of auth: what each reads and answers (functions/api/lib/contract.ts). */
export const authContract = defineContract({
  'GET /api/auth/user': {
    rule: PROFILE,
    tag: 'Auth',
    summary:
      'The current user; 403 `membership_removed` or `membership_choice_required` for a person in no organization yet',
    success: 200,
    response: named.User,
  },
  'GET /api/auth/membership': {
    rule: SIGNED_IN,
    tag: 'Auth',
    summary:
      'Where the signed-in person stands: a member, or removed, invited or unverified with the invitations waiting for them',
    success: 200,
    response: named.Membership,
  },
  'POST /api/auth/membership': {
    rule: SIGNED_IN,
    tag: 'Auth',
    summary:
      'The person’s choice: join the organization whose invitation waits for their verified e-mail, or create their own',
    body: membershipChoiceSchema,
    success: 201,
    response: named.Membership,
    errors: [404, 409],
  },
});
