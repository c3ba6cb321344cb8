import { emailRecipients, type Integration } from '../../../shared/schemas';
import { type OutboundAnswer, type OutboundCall, ports } from '../ports';
import { invoiceEventBody, sampleEventInvoice } from '../webhooks/event-body';

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
  call: (request: OutboundCall) => Promise<OutboundAnswer> = (request) => ports().callOutbound(request),
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
  if (!config.apiUrl) return { ok: false, status: null, message: 'Enter a valid URL' };
  const request = ports().connectionTestRequest(type, config, sampleEvent(new Date()), TIMEOUT_MS);
  if ('error' in request) return { ok: false, status: null, message: request.error };
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
