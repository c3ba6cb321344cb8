import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { WAITING_FOR_MAPPING } from '../../../shared/integration-mapping';
import { invoiceEventBodySchema } from '../../../shared/schemas';
import type { IntegrationItem } from '../../adapters/dynamodb/integrations';
import { makeWebhookRequest } from '../../adapters/make/webhook';
import { syncIdempotencyKey } from '../../adapters/sqs/invoice-events';
import type { InvoiceItem, SyncResult } from '../../core/invoices/invoice';
import { CLAIM_EXPIRES_MS, isClaimable, mergeSyncResult, SEND_UNCERTAIN } from '../../core/sync/results';
import {
  type InvoicePayload,
  makeEvent,
  type PushOutcome,
  type SyncDeps,
  syncMessageId,
} from '../../core/sync/sync-invoice';
import { invoiceEventBody, sampleEventInvoice } from '../../core/webhooks/event-body';
import { createSyncHandler } from './handler';

const APPROVED_AT = '2026-11-01T10:00:00.000Z';
const NOW = new Date('2026-11-01T10:00:05.000Z');

const integration = <T extends IntegrationItem['type']>(
  id: string,
  type: T,
  config: Record<string, string>,
): IntegrationItem & { type: T } => ({
  id,
  name: `${type} ${id}`,
  type,
  status: 'ACTIVE',
  config,
  lastSyncAt: null,
  lastError: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

/** One SQS record per (invoice, integration), as fanOutSync queues them. */
function sqsEvent(receiveCount: number, ...targets: [invoiceId: string, integrationId: string][]): SQSEvent {
  return messagesOf(receiveCount, APPROVED_AT, undefined, ...targets);
}

/** The same, for the approval (or reversal) of `at`. */
function messagesOf(
  receiveCount: number,
  at: string,
  action: 'reverse' | undefined,
  ...targets: [invoiceId: string, integrationId: string][]
): SQSEvent {
  return {
    Records: targets.map(([invoiceId, integrationId]) => ({
      messageId: `${invoiceId}/${integrationId}`,
      receiptHandle: invoiceId,
      body: JSON.stringify({
        orgId: 'ORG1',
        invoiceId,
        integrationId,
        at,
        idempotencyKey: syncIdempotencyKey(invoiceId, integrationId, at),
        ...(action ? { action } : {}),
      }),
      attributes: {
        ApproximateReceiveCount: String(receiveCount),
        SentTimestamp: '0',
        SenderId: 'x',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn',
      awsRegion: 'us-east-1',
    })),
  };
}

function fakes(integrations: IntegrationItem[], answer: (integrationId: string) => PushOutcome) {
  const invoices = new Map<string, InvoiceItem>();
  const pushes: { integrationId: string; config: Record<string, string>; key: string }[] = [];
  const notified: string[] = [];
  const synced: string[] = [];
  const fannedOut: string[] = [];
  const documents: { filename: string; contentType: string; text: string }[] = [];
  const claims: SyncResult[] = [];
  const reversals: string[] = [];
  const waiting: string[] = [];
  let reverseAnswer: PushOutcome = { ok: true, remoteId: null };
  const deps: SyncDeps = {
    findInvoice: async (_o, id) => invoices.get(id),
    payloadOf: async (invoice) => ({ id: invoice.id }) as InvoicePayload,
    findIntegration: async (_o, id) => integrations.find((i) => i.id === id),
    listIntegrations: async () => integrations,
    fanOut: async (_o, invoiceId) => {
      fannedOut.push(invoiceId);
    },
    recordIntegrationResult: async () => undefined,
    saveSyncResult: async (_o, id, result, effects) => {
      const invoice = invoices.get(id) as InvoiceItem;
      const syncResults = mergeSyncResult(invoice.syncResults, result);
      invoices.set(id, { ...invoice, syncResults });
      // The effects written with the outcome, as the real write puts them in its transaction.
      for (const effect of effects?.(syncResults) ?? [])
        if (effect.kind === 'invoice_event' && effect.event === 'invoice.synced') synced.push(id);
      return syncResults;
    },
    // The conditional write of the real one: the invoice as it is now decides.
    claimSyncResult: async (_o, id, claim) => {
      const invoice = invoices.get(id) as InvoiceItem;
      const current = invoice.syncResults.find((r) => r.integrationId === claim.integrationId);
      if (!isClaimable(current, claim.approvedAt as string)) return false;
      claims.push(claim);
      invoices.set(id, { ...invoice, syncResults: mergeSyncResult(invoice.syncResults, claim) });
      return true;
    },
    notifySyncFailed: async (_o, invoice, failure) => {
      notified.push(`${invoice.id}: ${failure}`);
    },
    waitForMapping: async (_o, integrationId, wait) => {
      waiting.push(`${integrationId}:${wait.invoiceId}:${wait.approvedAt}`);
    },
    // Stands in for the envelope: a stored value `sealed:<clear>` opens to `<clear>`.
    openConfig: async (_o, config) =>
      Object.fromEntries(Object.entries(config).map(([k, v]) => [k, v.replace(/^sealed:/, '')])),
    push: async (target, _invoice, job, document) => {
      pushes.push({ integrationId: target.id, config: target.config, key: job.idempotencyKey });
      const text = new TextDecoder().decode(await document.read());
      documents.push({ filename: document.filename, contentType: document.contentType, text });
      return answer(target.id);
    },
    reverse: async (target, _o, booked) => {
      reversals.push(`${target.id}:${booked.kind}:${booked.id}`);
      return reverseAnswer;
    },
    readObject: async (key) => new TextEncoder().encode(`the file at ${key}`),
    retryDelayMs: () => 10_000,
    mailFrom: () => 'Invoice Pilot <no-reply@invoicepilot.local>',
    now: () => NOW,
  };
  const approved = (id: string, syncResults: SyncResult[] = []) =>
    invoices.set(id, {
      id,
      status: 'APPROVED',
      filename: `${id}.pdf`,
      contentType: 'application/pdf',
      objectKey: `uploads/ORG/${id}/${id}.pdf`,
      invoiceNumber: null,
      syncResults,
    } as unknown as InvoiceItem);
  const resultOf = (invoiceId: string, integrationId: string) =>
    invoices.get(invoiceId)?.syncResults.find((r) => r.integrationId === integrationId);
  const answerReversalsWith = (answer: PushOutcome) => {
    reverseAnswer = answer;
  };
  return {
    deps,
    invoices,
    pushes,
    documents,
    notified,
    synced,
    fannedOut,
    approved,
    resultOf,
    claims,
    reversals,
    waiting,
    answerReversalsWith,
  };
}

describe('integration sync worker', () => {
  it("posts Make.com the invoice event body, with Make's API key header only when one is set", () => {
    const invoice = sampleEventInvoice(NOW);
    const event = makeEvent('mk1', invoice.id, APPROVED_AT);
    const body = invoiceEventBody(event, invoice);
    const request = makeWebhookRequest({ apiUrl: 'https://hook.make.com/y', apiKey: 'k' }, body, 10_000);
    expect(request).toMatchObject({
      url: 'https://hook.make.com/y',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-make-apikey': 'k' },
    });
    const sent = JSON.parse((request as { body: string }).body);
    // The same body as our webhooks: event id, type, time, the invoice with line items and a file link.
    expect(invoiceEventBodySchema.parse(sent)).toEqual(sent);
    expect(sent).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      type: 'invoice.approved',
      event: 'invoice.approved',
      timestamp: APPROVED_AT,
      invoice: {
        id: invoice.id,
        lineItems: [{ description: 'Replace kitchen faucet' }, { description: 'Labor (hours)' }],
        file: { filename: 'sample-invoice.pdf', url: invoice.file?.url },
      },
    });
    // Stable per (integration, invoice, approval): the receiver drops a retried one by its id.
    expect(makeEvent('mk1', invoice.id, APPROVED_AT).id).toBe(event.id);
    expect(makeEvent('mk2', invoice.id, APPROVED_AT).id).not.toBe(event.id);

    const noKey = makeWebhookRequest({ apiUrl: 'https://hook.make.com/x' }, body, 10_000);
    expect((noKey as { headers: Record<string, string> }).headers).toEqual({
      'content-type': 'application/json',
    });
    expect(makeWebhookRequest({ apiKey: 'k' }, body, 10_000)).toEqual({
      error: 'No webhook URL is configured',
    });
  });

  it('pushes with the opened credentials and the idempotency key of (invoice, integration, approval)', async () => {
    const { deps, approved, pushes, documents } = fakes(
      [
        integration('p', 'PROPERTYWARE', {
          apiUrl: 'https://pw/api',
          username: 'u',
          password: 'sealed:pw',
          defaultGlAccountId: '5000',
          defaultPortfolioId: '10',
        }),
      ],
      () => ({ ok: true, remoteId: null }),
    );
    approved('INV1');
    await createSyncHandler(deps)(sqsEvent(1, ['INV1', 'p']));
    expect(pushes).toEqual([
      {
        integrationId: 'p',
        config: {
          apiUrl: 'https://pw/api',
          username: 'u',
          password: 'pw',
          defaultGlAccountId: '5000',
          defaultPortfolioId: '10',
        },
        key: syncIdempotencyKey('INV1', 'p', APPROVED_AT),
      },
    ]);
    // The invoice's stored file goes along, for the systems that attach it.
    expect(documents).toEqual([
      { filename: 'INV1.pdf', contentType: 'application/pdf', text: 'the file at uploads/ORG/INV1/INV1.pdf' },
    ]);
    expect(syncIdempotencyKey('INV1', 'p', APPROVED_AT)).toMatch(/^[0-9a-f]{32}$/);
    expect(syncIdempotencyKey('INV1', 'p', '2026-11-02T00:00:00.000Z')).not.toBe(
      syncIdempotencyKey('INV1', 'p', APPROVED_AT),
    );
  });

  it('fan-out isolation: a failing integration is retried alone and never re-sends to the others', async () => {
    let bDown = true;
    const { deps, approved, pushes, synced, resultOf } = fakes(
      [
        integration('a', 'MAKE_COM', { apiUrl: 'http://a' }),
        integration('b', 'MAKE_COM', { apiUrl: 'http://b' }),
      ],
      (id) => (id === 'b' && bDown ? { ok: false, error: 'HTTP 500' } : { ok: true, remoteId: `R-${id}` }),
    );
    approved('INV1');
    const handler = createSyncHandler(deps);
    const first = await handler(sqsEvent(1, ['INV1', 'a'], ['INV1', 'b']));
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'INV1/b' }]);
    expect(resultOf('INV1', 'a')).toMatchObject({ status: 'SYNCED', remoteId: 'R-a', attempts: 1 });
    expect(resultOf('INV1', 'b')).toMatchObject({
      status: 'RETRYING',
      lastError: 'HTTP 500',
      attempts: 1,
      nextAttemptAt: '2026-11-01T10:00:15.000Z',
    });
    expect(synced).toEqual([]);

    bDown = false;
    // SQS redelivers only b's message; a redelivery of a's (at-least-once) is dropped too.
    expect((await handler(sqsEvent(2, ['INV1', 'b'], ['INV1', 'a']))).batchItemFailures).toEqual([]);
    expect(pushes.map((p) => p.integrationId)).toEqual(['a', 'b', 'b']);
    expect(resultOf('INV1', 'b')).toMatchObject({
      status: 'SYNCED',
      remoteId: 'R-b',
      attempts: 2,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(synced).toEqual(['INV1']);
  });

  it('a new approval syncs again, counting attempts afresh', async () => {
    const { deps, approved, pushes, resultOf } = fakes(
      [integration('a', 'MAKE_COM', { apiUrl: 'http://a' })],
      () => ({ ok: true, remoteId: 'R2' }),
    );
    approved('INV1', [
      {
        integrationId: 'a',
        integrationName: 'old',
        type: 'MAKE_COM',
        status: 'SYNCED',
        attempts: 3,
        approvedAt: '2026-10-01T00:00:00.000Z',
        updatedAt: '2026-10-01T00:00:00.000Z',
      },
    ]);
    await createSyncHandler(deps)(sqsEvent(1, ['INV1', 'a']));
    expect(pushes).toHaveLength(1);
    expect(resultOf('INV1', 'a')).toMatchObject({ status: 'SYNCED', attempts: 1, approvedAt: APPROVED_AT });
  });

  it('on the attempt after which SQS dead-letters the message: FAILED and sync_failed', async () => {
    const { deps, approved, notified, resultOf } = fakes(
      [integration('a', 'MAKE_COM', { apiUrl: 'http://a' })],
      () => ({ ok: false, error: 'refused' }),
    );
    approved('INV1');
    const handler = createSyncHandler(deps);
    await handler(sqsEvent(4, ['INV1', 'a']));
    expect(notified).toEqual([]);
    expect(resultOf('INV1', 'a')?.status).toBe('RETRYING');
    const last = await handler(sqsEvent(5, ['INV1', 'a']));
    expect(last.batchItemFailures).toEqual([{ itemIdentifier: 'INV1/a' }]);
    expect(notified).toEqual(['INV1: MAKE_COM a: refused']);
    expect(resultOf('INV1', 'a')).toMatchObject({ status: 'FAILED', nextAttemptAt: null, attempts: 2 });
  });

  it('a permanent failure ends FAILED at once, notifies, and is not retried', async () => {
    const { deps, approved, notified, resultOf } = fakes(
      [integration('q', 'QUICKBOOKS', { apiKey: 'k', defaultAccountId: '7' })],
      () => ({ ok: false, error: 'Reconnect QuickBooks', permanent: true }),
    );
    approved('INV1');
    const result = await createSyncHandler(deps)(sqsEvent(1, ['INV1', 'q']));
    expect(result.batchItemFailures).toEqual([]);
    expect(resultOf('INV1', 'q')).toMatchObject({ status: 'FAILED', lastError: 'Reconnect QuickBooks' });
    expect(notified).toEqual(['INV1: QUICKBOOKS q: Reconnect QuickBooks']);
  });

  it('waits for the account mapping instead of failing: PENDING with the reason, noted, nothing sent', async () => {
    const { deps, approved, pushes, notified, waiting, resultOf } = fakes(
      [integration('q', 'QUICKBOOKS', { apiKey: 'k' })],
      () => ({ ok: true, remoteId: 'B1' }),
    );
    approved('INV1');
    const result = await createSyncHandler(deps)(sqsEvent(1, ['INV1', 'q']));
    expect(result.batchItemFailures).toEqual([]);
    expect(pushes).toEqual([]);
    expect(notified).toEqual([]);
    expect(waiting).toEqual([`q:INV1:${APPROVED_AT}`]);
    expect(resultOf('INV1', 'q')).toMatchObject({
      status: 'PENDING',
      lastError: WAITING_FOR_MAPPING,
      approvedAt: APPROVED_AT,
      attempts: 0,
    });
  });

  it('skips invoices no longer approved and integrations switched off; fans out a message of the older shape', async () => {
    const off = { ...integration('x', 'MAKE_COM', { apiUrl: 'http://x' }), status: 'INACTIVE' as const };
    const { deps, approved, pushes, fannedOut } = fakes([off], () => ({ ok: true, remoteId: null }));
    approved('INV1');
    const handler = createSyncHandler(deps);
    await handler(sqsEvent(1, ['INV1', 'x'], ['GONE', 'x']));
    expect(pushes).toEqual([]);
    const legacy = sqsEvent(1, ['INV1', 'x']);
    legacy.Records[0].body = JSON.stringify({ orgId: 'ORG1', invoiceId: 'INV1', at: APPROVED_AT });
    expect((await handler(legacy)).batchItemFailures).toEqual([]);
    expect(fannedOut).toEqual(['INV1']);
  });

  describe('EMAIL: at most one e-mail per (invoice, integration, approval)', () => {
    const email = integration('e', 'EMAIL', { recipients: '["ap@example.com"]' });
    const key = syncIdempotencyKey('INV1', 'e', APPROVED_AT);

    it('claims the send under its Message-ID before sending, then records it SYNCED; a redelivery sends nothing', async () => {
      const { deps, approved, pushes, claims, resultOf } = fakes([email], () => ({
        ok: true,
        remoteId: `<sync-${key}@invoicepilot.local>`,
      }));
      approved('INV1');
      const handler = createSyncHandler(deps);
      await handler(sqsEvent(1, ['INV1', 'e']));
      const messageId = syncMessageId(
        { idempotencyKey: key, approvedAt: APPROVED_AT },
        'IP <no-reply@invoicepilot.local>',
      );
      expect(messageId).toBe(`<sync-${key}@invoicepilot.local>`);
      expect(claims).toMatchObject([{ status: 'PENDING', remoteId: messageId, approvedAt: APPROVED_AT }]);
      expect(resultOf('INV1', 'e')).toMatchObject({ status: 'SYNCED', remoteId: messageId });
      await handler(sqsEvent(2, ['INV1', 'e']));
      expect(pushes).toHaveLength(1);
    });

    it('a delivery that finds a fresh claim leaves it to its sender (retried later) and never sends', async () => {
      const { deps, approved, pushes, resultOf } = fakes([email], () => ({ ok: true, remoteId: 'x' }));
      const claim = {
        integrationId: 'e',
        integrationName: 'EMAIL e',
        type: 'EMAIL',
        status: 'PENDING' as const,
        remoteId: `<sync-${key}@invoicepilot.local>`,
        attempts: 1,
        nextAttemptAt: null,
        approvedAt: APPROVED_AT,
        updatedAt: new Date(NOW.getTime() - 10_000).toISOString(),
      };
      approved('INV1', [claim]);
      const handler = createSyncHandler(deps);
      expect((await handler(sqsEvent(2, ['INV1', 'e']))).batchItemFailures).toEqual([
        { itemIdentifier: 'INV1/e' },
      ]);
      expect(pushes).toEqual([]);
      expect(resultOf('INV1', 'e')).toEqual(claim);
    });

    it('an expired claim (its worker stopped mid-send) is reported FAILED and notified, not sent again', async () => {
      const { deps, approved, pushes, notified, resultOf } = fakes([email], () => ({
        ok: true,
        remoteId: 'x',
      }));
      approved('INV1', [
        {
          integrationId: 'e',
          integrationName: 'EMAIL e',
          type: 'EMAIL',
          status: 'PENDING',
          remoteId: `<sync-${key}@invoicepilot.local>`,
          attempts: 1,
          nextAttemptAt: null,
          approvedAt: APPROVED_AT,
          updatedAt: new Date(NOW.getTime() - CLAIM_EXPIRES_MS).toISOString(),
        },
      ]);
      expect((await createSyncHandler(deps)(sqsEvent(2, ['INV1', 'e']))).batchItemFailures).toEqual([]);
      expect(pushes).toEqual([]);
      expect(resultOf('INV1', 'e')).toMatchObject({
        status: 'FAILED',
        remoteId: null,
        lastError: SEND_UNCERTAIN,
      });
      expect(notified).toEqual([`INV1: EMAIL e: ${SEND_UNCERTAIN}`]);
    });

    it('a failed send releases the claim, so the retry sends; Retry sync (PENDING, no id) may claim again', async () => {
      let down = true;
      const { deps, approved, pushes, resultOf } = fakes([email], () =>
        down ? { ok: false, error: 'The e-mail could not be sent: 421' } : { ok: true, remoteId: 'M' },
      );
      approved('INV1');
      const handler = createSyncHandler(deps);
      await handler(sqsEvent(1, ['INV1', 'e']));
      expect(resultOf('INV1', 'e')).toMatchObject({ status: 'RETRYING', remoteId: null });
      down = false;
      await handler(sqsEvent(2, ['INV1', 'e']));
      expect(pushes).toHaveLength(2);
      expect(resultOf('INV1', 'e')).toMatchObject({ status: 'SYNCED', remoteId: 'M', attempts: 2 });
      const retried = {
        ...(resultOf('INV1', 'e') as SyncResult),
        status: 'PENDING' as const,
        remoteId: null,
      };
      expect(isClaimable(retried, APPROVED_AT)).toBe(true);
      expect(isClaimable({ ...retried, remoteId: 'M' }, APPROVED_AT)).toBe(false);
      expect(isClaimable({ ...retried, remoteId: 'M' }, '2026-12-01T00:00:00.000Z')).toBe(true);
    });
  });

  describe('taking back a booked bill (reopened or voided invoices)', () => {
    const books = integration('qb1', 'QUICKBOOKS', { apiKey: 'sealed:k', defaultAccountId: '7' });
    const mail = integration('em1', 'EMAIL', { recipients: '["ap@example.com"]' });
    const booked = (
      integrationId: string,
      type: string,
      remoteKind: 'bill' | 'credit' = 'bill',
    ): SyncResult => ({
      integrationId,
      integrationName: integrationId,
      type,
      status: 'SYNCED',
      remoteId: `R-${integrationId}`,
      remoteKind,
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      approvedAt: APPROVED_AT,
      updatedAt: APPROVED_AT,
    });

    it('a reopened invoice: the bill (or vendor credit) is taken back and the result is REVERSED; an e-mail is not', async () => {
      const f = fakes([books, mail], () => ({ ok: true, remoteId: 'x' }));
      f.approved('INV1', [booked('qb1', 'QUICKBOOKS', 'credit'), booked('em1', 'EMAIL')]);
      f.invoices.set('INV1', { ...(f.invoices.get('INV1') as InvoiceItem), status: 'REVIEW_REQUIRED' });
      const reopenedAt = '2026-11-02T09:00:00.000Z';
      const answer = await createSyncHandler(f.deps)(
        messagesOf(1, reopenedAt, 'reverse', ['INV1', 'qb1'], ['INV1', 'em1']),
      );
      expect(answer.batchItemFailures).toEqual([]);
      expect(f.reversals).toEqual(['qb1:credit:R-qb1']);
      expect(f.resultOf('INV1', 'qb1')).toMatchObject({
        status: 'REVERSED',
        remoteId: 'R-qb1',
        lastError: null,
      });
      expect(f.resultOf('INV1', 'em1')).toMatchObject({ status: 'SYNCED' });
      expect(f.pushes).toEqual([]);
    });

    it('approved again: a bill whose reversal never ran is taken back before the new one is booked', async () => {
      const f = fakes([books], () => ({ ok: true, remoteId: 'NEW', remoteKind: 'bill' }));
      f.approved('INV2', [booked('qb1', 'QUICKBOOKS')]);
      const again = '2026-11-03T09:00:00.000Z';
      await createSyncHandler(f.deps)(messagesOf(1, again, undefined, ['INV2', 'qb1']));
      expect(f.reversals).toEqual(['qb1:bill:R-qb1']);
      expect(f.pushes.map((p) => p.key)).toEqual([syncIdempotencyKey('INV2', 'qb1', again)]);
      expect(f.resultOf('INV2', 'qb1')).toMatchObject({
        status: 'SYNCED',
        remoteId: 'NEW',
        approvedAt: again,
      });
      // The first approval's message, redelivered late, books nothing.
      await createSyncHandler(f.deps)(messagesOf(2, APPROVED_AT, undefined, ['INV2', 'qb1']));
      expect(f.pushes).toHaveLength(1);
    });

    it('a bill that cannot be taken back (paid) stays SYNCED with the reason, is notified, and blocks a second booking', async () => {
      const f = fakes([books], () => ({ ok: true, remoteId: 'NEW' }));
      f.answerReversalsWith({
        ok: false,
        error: 'Bill R-qb1 could not be taken back: paid',
        permanent: true,
      });
      f.approved('INV3', [booked('qb1', 'QUICKBOOKS')]);
      const again = '2026-11-03T09:00:00.000Z';
      const answer = await createSyncHandler(f.deps)(messagesOf(1, again, undefined, ['INV3', 'qb1']));
      expect(answer.batchItemFailures).toEqual([]);
      expect(f.pushes).toEqual([]);
      expect(f.resultOf('INV3', 'qb1')).toMatchObject({
        status: 'SYNCED',
        remoteId: 'R-qb1',
        lastError: 'Bill R-qb1 could not be taken back: paid',
      });
      expect(f.notified).toEqual(['INV3: QUICKBOOKS qb1: Bill R-qb1 could not be taken back: paid']);
    });
  });
});
