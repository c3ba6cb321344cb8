import type { Integration } from '../../../shared/schemas';
import { callOutbound, type OutboundRequest, type OutboundResult } from '../../adapters/http';
import { propertywareHeaders } from '../../adapters/propertyware/client';

export interface ConnectionResult {
  ok: boolean;
  /** Always null: what answered (its status, its body, its address) is never echoed. */
  status: null;
  message: string;
}

const TIMEOUT_MS = 5_000;

export const CONNECTION_SUCCEEDED = 'Connection succeeded';
/** The one reason every failed attempt gets, so the test cannot be used to probe what answers where. */
export const CONNECTION_FAILED = 'Connection failed: the endpoint did not accept the test request';
/** A URL the outbound policy refuses (internal address, or http in the cloud); the same in every case. */
export const CONNECTION_REFUSED = 'Connection failed: this URL is not allowed';

/**
 * Tries an integration's configured endpoint once, the way a sync would reach it, through the guarded
 * outbound client: MAKE_COM gets a test event POSTed to its webhook URL, PROPERTYWARE a GET of its vendors
 * with its x-propertyware-* credentials. QuickBooks has no endpoint in its config (the API key is used against Intuit's API at sync
 * time), so only the config is checked. `config` is the config with its secrets opened. The answer is
 * only ok or failed with a generic reason.
 */
export async function testConnection(
  type: Integration['type'],
  config: Record<string, string>,
  call: (request: OutboundRequest) => Promise<OutboundResult> = callOutbound,
): Promise<ConnectionResult> {
  if (type === 'QUICKBOOKS') {
    return config.apiKey
      ? { ok: true, status: null, message: 'The API key is set; QuickBooks is called on the first sync' }
      : { ok: false, status: null, message: 'API key is required' };
  }
  const url = config.apiUrl;
  if (!url) return { ok: false, status: null, message: 'Enter a valid URL' };
  const request: OutboundRequest =
    type === 'MAKE_COM'
      ? {
          url,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey ? { 'x-make-apikey': config.apiKey } : {}),
          },
          body: JSON.stringify({ event: 'integration.test', sentAt: new Date().toISOString() }),
          timeoutMs: TIMEOUT_MS,
        }
      : {
          // A read of the vendor list with Propertyware's three authentication headers, as the sync sends them.
          url: `${url.replace(/\/+$/, '')}/vendors`,
          method: 'GET',
          headers: propertywareHeaders(config),
          timeoutMs: TIMEOUT_MS,
        };
  const result = await call(request);
  if (result.ok) return { ok: true, status: null, message: CONNECTION_SUCCEEDED };
  return {
    ok: false,
    status: null,
    message: result.failure === 'refused' ? CONNECTION_REFUSED : CONNECTION_FAILED,
  };
}
