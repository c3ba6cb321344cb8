import type { Api } from './local-stack';

/**
 * Walks the QuickBooks connect flow as the browser does, against the local fake: asks the API for the
 * consent URL, follows it (the fake consents at once and redirects), and answers the query of the
 * redirect back to our callback page.
 */
export async function consentToQuickBooks(
  api: Api,
): Promise<{ redirect: URL; callback: { code: string; state: string; realmId: string } }> {
  const started = await api('/api/integrations/quickbooks/connect', { method: 'POST' });
  if (started.status !== 200) throw new Error(`connect: ${started.status} ${await started.text()}`);
  const { authorizeUrl } = (await started.json()) as { authorizeUrl: string };
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = consent.headers.get('location');
  if (consent.status !== 302 || !location)
    throw new Error(`consent: ${consent.status} ${await consent.text()}`);
  const redirect = new URL(location);
  const param = (name: string) => redirect.searchParams.get(name) ?? '';
  return { redirect, callback: { code: param('code'), state: param('state'), realmId: param('realmId') } };
}
