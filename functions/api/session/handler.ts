import { resourceHandler } from '../lib/http';
import { sessionContract } from './contract';

const PLAN = /^(STARTER|PROFESSIONAL|ENTERPRISE)$/;

/**
 * Sign-in and sign-out are browser navigations. Tokens live in the browser (Amplify), so these only
 * send the browser to the SPA's sign-in view or to the landing page, where the SPA signs out.
 */
export const handler = resourceHandler(sessionContract, {
  'GET /api/login': async ({ query }) => {
    const params = new URLSearchParams({ auth: query.auth === 'signUp' ? 'signUp' : 'signIn' });
    if (query.plan && PLAN.test(query.plan)) params.set('plan', query.plan);
    return { status: 302, headers: { location: `/?${params}`, 'cache-control': 'no-store' } };
  },
  'GET /api/logout': async () => ({
    status: 302,
    headers: { location: '/?auth=signedOut', 'cache-control': 'no-store' },
  }),
});
