import type { InvoiceEventBody } from '../../../shared/schemas';
import type { OutboundRequest } from '../http';

/**
 * The call to a Make.com custom webhook: the invoice event body (invoiceEventBody, as our webhooks get it)
 * POSTed as JSON to the webhook URL, with Make's `x-make-apikey` header when the integration has an API
 * key. The sync and Test connection both build it here, so the sample has exactly the real shape.
 */
export function makeWebhookRequest(
  config: Record<string, string | undefined>,
  body: InvoiceEventBody,
  timeoutMs: number,
): OutboundRequest | { error: string } {
  const url = config.apiUrl ?? config.webhookUrl;
  if (!url) return { error: 'No webhook URL is configured' };
  return {
    url,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.apiKey ? { 'x-make-apikey': config.apiKey } : {}),
    },
    body: JSON.stringify(body),
    timeoutMs,
  };
}
