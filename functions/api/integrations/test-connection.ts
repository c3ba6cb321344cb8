import { emailRecipients, type Integration } from '../../../shared/schemas';
import { callOutbound, type OutboundRequest, type OutboundResult } from '../../adapters/http';
import { makeWebhookRequest } from '../../adapters/make/webhook';
import { propertywareHeaders } from '../../adapters/propertyware/client';
import { invoiceEventBody, sampleEventInvoice } from '../../core/webhooks/event-body';

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
 * outbound client: MAKE_COM gets a sample approval event (exactly the body a sync sends, see
 * invoiceEventBody, with a made-up invoice) POSTed to its webhook URL, PROPERTYWARE a GET of its vendors
 * with its x-propertyware-* credentials. QuickBooks has no endpoint in its config (the API key is used against Intuit's API at sync
 * time), so only the config is checked, as for EMAIL (its recipients). `config` is the config with its secrets opened. The answer is
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
  if (type === 'EMAIL') {
    const count = emailRecipients(config).length;
    return count
      ? { ok: true, status: null, message: `Approved invoices are e-mailed to ${count} recipient(s)` }
      : { ok: false, status: null, message: 'Add at least one recipient' };
  }
  const url = config.apiUrl;
  if (!url) return { ok: false, status: null, message: 'Enter a valid URL' };
  const make = type === 'MAKE_COM' ? makeWebhookRequest(config, sampleEvent(new Date()), TIMEOUT_MS) : null;
  if (make && 'error' in make) return { ok: false, status: null, message: make.error };
  const request: OutboundRequest = make ?? {
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

/** The sample Make.com gets: an approval event of a made-up invoice, the same shape as a real one. */
export function sampleEvent(now: Date) {
  return invoiceEventBody(
    { id: 'msg_sample_connection_test', type: 'invoice.approved', at: now.toISOString() },
    sampleEventInvoice(now),
  );
}
