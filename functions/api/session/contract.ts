import { defineContract } from '../lib/contract';
import { PUBLIC } from '../lib/rights';

/** The routes of session: what each reads and answers (functions/api/lib/contract.ts). */
export const sessionContract = defineContract({
  'GET /api/login': {
    rule: PUBLIC,
    tag: 'Session',
    summary: 'Redirects to sign-in',
    success: 302,
    rawResponse: { description: 'Redirect to the sign-in screen' },
  },
  'GET /api/logout': {
    rule: PUBLIC,
    tag: 'Session',
    summary: 'Redirects after sign-out',
    success: 302,
    rawResponse: { description: 'Redirect to the landing page' },
  },
});
