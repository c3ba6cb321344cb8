import type { Integration } from '../../../shared/schemas';

export interface ConnectionResult {
  ok: boolean;
  status: number | null;
  message: string;
}

const TIMEOUT_MS = 5_000;

/**
 * Tries an integration's configured endpoint once, the way a sync would reach it: MAKE_COM gets a test
 * event POSTed to its webhook URL, PROPERTYWARE a GET with its basic credentials. QuickBooks has no
 * endpoint in its config (the API key is used against Intuit's API at sync time), so only the config is
 * checked. Redirects are not followed, so a URL cannot bounce the call elsewhere.
 */
export async function testConnection(
  type: Integration['type'],
  config: Record<string, string>,
  fetchImpl: typeof fetch = fetch,
): Promise<ConnectionResult> {
  if (type === 'QUICKBOOKS') {
    return config.apiKey
      ? { ok: true, status: null, message: 'The API key is set; QuickBooks is called on the first sync' }
      : { ok: false, status: null, message: 'API key is required' };
  }
  const url = config.apiUrl;
  if (!url) return { ok: false, status: null, message: 'Enter a valid URL' };
  const init: RequestInit =
    type === 'MAKE_COM'
      ? {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey ? { 'x-make-apikey': config.apiKey } : {}),
          },
          body: JSON.stringify({ event: 'integration.test', sentAt: new Date().toISOString() }),
        }
      : {
          method: 'GET',
          headers: {
            authorization: `Basic ${Buffer.from(`${config.username ?? ''}:${config.password ?? ''}`).toString('base64')}`,
          },
        };
  try {
    const response = await fetchImpl(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.ok
      ? { ok: true, status: response.status, message: 'Connection succeeded' }
      : { ok: false, status: response.status, message: `The endpoint answered ${response.status}` };
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? 'no answer within 5 s' : (error as Error).message;
    return { ok: false, status: null, message: `Could not reach ${new URL(url).host}: ${reason}` };
  }
}
