import { createHash, randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncIdempotencyKey } from '../../functions/adapters/sqs/invoice-events';
import { handler as syncHandler } from '../../functions/workers/integration-sync/handler';
import type { MailboxMessage } from '../../infra/local/mailbox';
import { integrationSchema, invoiceSchema } from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { until } from '../helpers/until';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

/**
 * The EMAIL integration end to end: an approved invoice is e-mailed, summary and file attached, through the
 * local SMTP server into the dev mailbox, exactly once, even when its sync message is delivered again
 * (twice at the same moment, and once more later).
 */

let stack: TestStack;
let admin: Api;
let orgId: string;
const recipient = `ap-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  stack = await startTestStack({ queueRetryBaseSeconds: 2 });
  admin = (await stack.newUser()).api;
  orgId = (await (await admin('/api/auth/user')).json()).organization.id;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** The dev mailbox as a browser reads it. */
async function mailbox(email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${stack.url}/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** One SQS event holding the same sync message `copies` times, as an at-least-once queue may hand it over. */
function redelivery(invoiceId: string, integrationId: string, at: string, copies: number): SQSEvent {
  const message = {
    orgId,
    invoiceId,
    integrationId,
    at,
    idempotencyKey: syncIdempotencyKey(invoiceId, integrationId, at),
  };
  return {
    Records: Array.from({ length: copies }, (_, i) => ({
      messageId: `again-${i}`,
      receiptHandle: `again-${i}`,
      body: JSON.stringify(message),
      attributes: {
        ApproximateReceiveCount: '2',
        SentTimestamp: String(Date.now()),
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:integration-sync',
      awsRegion: 'us-east-1',
    })),
  };
}

describe('EMAIL integration', () => {
  // Upload, processing, approval, the sync and five redeliveries: one long story, given the time it needs
  // on a loaded 2-core machine (testTimeout is 60 s).
  it('e-mails an approved invoice with its file attached, once, even when its message is delivered twice', async () => {
    const created = await body(
      await admin('/api/integrations', {
        method: 'POST',
        json: { name: 'AP inbox', type: 'EMAIL', config: { recipients: `${recipient}, ${recipient}` } },
      }),
      201,
      integrationSchema,
    );
    expect(created.config.recipients).toBe(JSON.stringify([recipient]));

    const spec = plumbingInvoice({ invoiceNumber: 'EM-1001', vendorName: 'Harbor Mechanical EM LLC' });
    const pdf = await invoicePdf(spec);
    const uploaded = await admin('/api/invoices/upload', {
      method: 'POST',
      body: fileForm(pdf, 'EM-1001.pdf'),
    });
    const { id } = (await uploaded.json()) as { id: string };
    await stack.workflow?.idle();
    expect((await admin(`/api/invoices/${id}/approve`, { method: 'POST' })).ok).toBe(true);

    const synced = await until('the EMAIL sync', async () => {
      const invoice = await body(await admin(`/api/invoices/${id}`), 200, invoiceSchema);
      return invoice.syncResults.find((r) => r.integrationId === created.id && r.status === 'SYNCED');
    });
    const [mail] = await until('the e-mail', async () => {
      const messages = await mailbox(recipient);
      return messages.length ? messages : undefined;
    });
    expect(mail.subject).toContain('EM-1001');
    expect(mail.text).toContain('Harbor Mechanical EM LLC');
    expect(mail.text).toContain(`${stack.url}/invoices?invoice=${id}`);
    expect(mail.attachments).toEqual([
      {
        filename: 'EM-1001.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
      },
    ]);
    // The sync result names the e-mail it sent.
    expect(synced.remoteId).toBe(mail.messageId);

    // Delivered again, twice at the same moment, then once more: nothing more is sent.
    const at = synced.approvedAt as string;
    expect((await syncHandler(redelivery(id, created.id, at, 2))).batchItemFailures).toEqual([]);
    expect((await syncHandler(redelivery(id, created.id, at, 1))).batchItemFailures).toEqual([]);
    expect(await mailbox(recipient)).toHaveLength(1);
    const after = await body(await admin(`/api/invoices/${id}`), 200, invoiceSchema);
    expect(after.syncResults.find((r) => r.integrationId === created.id)).toMatchObject({
      status: 'SYNCED',
      remoteId: mail.messageId,
      attempts: 1,
    });

    // The first delivery of another approval, three copies racing for the claim (a conditional write on
    // the invoice): one of them sends, the others leave it to that one.
    const later = new Date(Date.parse(at) + 60_000).toISOString();
    // (A copy that reads the claim before the send is recorded is retried by the queue: reported failed.)
    const race = await syncHandler(redelivery(id, created.id, later, 3));
    expect(race.batchItemFailures.length).toBeLessThan(3);
    expect((await syncHandler(redelivery(id, created.id, later, 1))).batchItemFailures).toEqual([]);
    const messages = await mailbox(recipient);
    expect(messages).toHaveLength(2);
    const final = await body(await admin(`/api/invoices/${id}`), 200, invoiceSchema);
    expect(final.syncResults.find((r) => r.integrationId === created.id)).toMatchObject({
      status: 'SYNCED',
      approvedAt: later,
      remoteId: messages[1].messageId,
    });
  }, 120_000);
});
