import { inboxSettingsSchema, organizationUpdateSchema } from '../../../shared/schemas';
import * as named from '../lib/components';
import { defineContract } from '../lib/contract';
import { administer, read } from '../lib/rights';

/** The routes of organization: what each reads and answers (functions/api/lib/contract.ts). */
export const organizationContract = defineContract({
  'GET /api/organization/current': {
    rule: read(),
    tag: 'Organization',
    summary: 'The caller’s organization',
    success: 200,
    response: named.Organization,
  },
  'PUT /api/organization/current': {
    rule: administer('Only an administrator can change the organization settings'),
    tag: 'Organization',
    summary: 'Edit the organization (administrators)',
    body: organizationUpdateSchema,
    success: 200,
    response: named.Organization,
    errors: [400, 403, 409],
  },
  'PUT /api/organization/inbox': {
    rule: administer('Only an administrator can change the inbox settings'),
    tag: 'Organization',
    summary:
      'Set the senders (addresses or domains) the invoice inbox accepts mail from (administrators); empty accepts all',
    body: inboxSettingsSchema,
    success: 200,
    response: named.Organization,
    errors: [400, 403],
  },
  'POST /api/organization/inbox/regenerate': {
    rule: administer('Only an administrator can change the inbox address'),
    tag: 'Organization',
    summary:
      'Give the organization a new invoice inbox address; mail to the old one is refused (administrators)',
    success: 200,
    response: named.Organization,
    errors: [403, 409],
  },
});
