import { describe, expect, it } from 'vitest';
import { invoiceEventBodySchema } from '../../../shared/schemas';
import type { OutboundRequest } from '../../adapters/http';
import { CONNECTION_SUCCEEDED, testConnection } from './test-connection';

describe('Test connection', () => {
  it('sends Make.com a sample event of exactly the shape a sync sends, with its API key header', async () => {
    const calls: OutboundRequest[] = [];
    const result = await testConnection(
      'MAKE_COM',
      { apiUrl: 'https://hook.make.com/abc', apiKey: 'make-key' },
      async (request) => {
        calls.push(request);
        return { ok: true, status: 200, body: 'Accepted' };
      },
    );
    expect(result).toEqual({ ok: true, status: null, message: CONNECTION_SUCCEEDED });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: 'https://hook.make.com/abc',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-make-apikey': 'make-key' },
    });
    const body = JSON.parse(calls[0].body as string);
    // Strict: no field missing and none added beyond the event body's schema.
    expect(invoiceEventBodySchema.strict().parse(body)).toEqual(body);
    expect(body).toMatchObject({ type: 'invoice.approved', invoice: { lineItems: [{}, {}], file: {} } });
  });

  it('checks an EMAIL integration has recipients, calling nothing', async () => {
    const call = async () => {
      throw new Error('no call expected');
    };
    expect(await testConnection('EMAIL', { recipients: '["a@example.com","b@example.com"]' }, call)).toEqual({
      ok: true,
      status: null,
      message: 'Approved invoices are e-mailed to 2 recipient(s)',
    });
    expect(await testConnection('EMAIL', {}, call)).toMatchObject({
      ok: false,
      message: 'Add at least one recipient',
    });
  });
});
