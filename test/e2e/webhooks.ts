/**
 * Webhooks in the browser (issue 16): an admin adds a webhook to a receiver run by this process, an
 * uploaded invoice is delivered to it signed the Standard Webhooks way, the delivery log in Settings
 * shows the attempt, and Resend delivers it again with the same webhook-id. Run by run.ts on its stack
 * (`npm start` allows loopback receivers through OUTBOUND_ALLOW_LOOPBACK).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { until } from '../helpers/until';
import { type E2E, invoicePdf, uploadAndWait } from './review-loop';

/** These waits cover retries with backoff, so they are given longer. */
const untilLong = <T>(
  what: string,
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
) => until(what, read, 60_000);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on loopback that answers 200 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/invoices`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export async function webhookSteps({ page, step, shot, seen, assertA11y }: E2E) {
  const receiver = await startReceiver();
  // A Standard Webhooks secret: whsec_ and base64 of 32 bytes.
  const secret = `whsec_${Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7 + 3)).toString('base64')}`;
  try {
    await step(
      'a webhook delivery is signed, shown in the delivery log, and resent with the same id',
      page,
      async () => {
        await page.goto('/settings#integrations');
        await page.getByRole('button', { name: 'Add Webhook' }).click();
        const form = page.getByRole('dialog', { name: 'Add Webhook' });
        await form.getByLabel('Endpoint URL *').fill(receiver.url);
        await form.getByLabel('Events (JSON array)').fill('["invoice.processed"]');
        await form.getByLabel('Signing Secret (optional)').fill(secret);
        await form.getByRole('button', { name: 'Create Webhook' }).click();
        await seen(page, 'Webhook created successfully');
        await form.waitFor({ state: 'hidden' });

        await uploadAndWait(page, {
          'webhook-invoice.pdf': await invoicePdf({
            vendor: 'Lakeside Pest Control',
            number: 'LPC-2208',
            date: new Date().toISOString().slice(0, 10),
            due: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
            sign: '$',
            currency: 'USD',
            items: [['Quarterly treatment, buildings A-C', 315]],
            tax: 0,
          }),
        });
        await untilLong('the invoice.processed delivery', () => receiver.received.length >= 1);
        const first = receiver.received[0];
        const payload = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as {
          event: string;
        };
        assert(payload.event === 'invoice.processed', `delivered ${payload.event}, not invoice.processed`);
        const webhookId = first.headers['webhook-id'];
        assert(webhookId, 'the delivery has no webhook-id header');

        await page.goto('/settings#integrations');
        const row = page.getByRole('listitem').filter({ has: page.getByText(receiver.url, { exact: true }) });
        await row.getByText('Delivery log').click();
        const attempt = row.getByRole('row').filter({ hasText: 'invoice.processed' });
        await attempt.first().waitFor();
        await attempt.first().getByText('200', { exact: true }).waitFor();
        await shot(page, 'webhook-delivery-log');
        await assertA11y(page, 'webhook delivery log');

        await attempt
          .first()
          .getByRole('button', { name: /^Resend delivery / })
          .click();
        await seen(page, 'Delivery queued again');
        await untilLong('the resent delivery', () => receiver.received.length >= 2);
        const again = receiver.received[1];
        assert(again.headers['webhook-id'] === webhookId, 'Resend used another webhook-id');
        new Webhook(secret).verify(again.body, again.headers as Record<string, string>);
        // The log shows the resend once it has landed (reopen the log to read it fresh).
        for (let i = 0; i < 30 && !(await row.getByText(/\(resend\)/).count()); i++) {
          await page.reload();
          await row.getByText('Delivery log').click();
          await attempt.first().waitFor();
        }
        await row
          .getByText(/\(resend\)/)
          .first()
          .waitFor({ timeout: 1000 });
        await shot(page, 'webhook-delivery-resent');
      },
    );
  } finally {
    await receiver.stop();
  }
}
