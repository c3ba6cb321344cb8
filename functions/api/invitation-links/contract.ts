import * as z from 'zod';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { PUBLIC } from '../lib/rights';

/** The routes of invitation-links: what each reads and answers (functions/api/lib/contract.ts). */
export const invitationLinksContract = defineContract({
  'GET /api/invitations/{token}': {
    rule: PUBLIC,
    tag: 'Team',
    summary:
      'What an invitation e-mail’s link opens (public, for the join page); 410 with the reason when it expired, was revoked, replaced by a newer e-mail or already accepted',
    params: { token: z.string() },
    success: 200,
    response: named.InvitationPreview,
    errors: [410],
  },
});
