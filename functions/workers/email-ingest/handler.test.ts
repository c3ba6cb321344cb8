import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { SESEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetS3Client } from '../../adapters/s3/storage';
import { UnacceptableMessage } from '../../core/email/mime-bounds';
import { resetEnv } from '../../env';
import { handler } from './handler';
import { ingestEmail, reportUnacceptableEmail } from './ingest';

vi.mock('./ingest', () => ({
  ingestEmail: vi.fn(async () => []),
  reportUnacceptableEmail: vi.fn(async () => undefined),
}));

const s3 = mockClient(S3Client);
const saved = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    BUCKET_NAME: 'uploads',
    USER_POOL_ID: 'p',
    USER_POOL_CLIENT_ID: 'c',
    INBOUND_MAIL_BUCKET: 'inbound-mail',
  });
  delete process.env.S3_ENDPOINT;
  resetEnv();
  resetS3Client();
});
afterAll(() => {
  process.env = saved;
  resetEnv();
  resetS3Client();
});
beforeEach(() => {
  s3.reset();
  vi.mocked(ingestEmail).mockClear();
  vi.mocked(reportUnacceptableEmail).mockClear();
});

/** The part of the SDK's body stream the storage adapter reads. */
const body = (text: string) =>
  ({ transformToByteArray: async () => new Uint8Array(Buffer.from(text)) }) as never;
const verdict = (status: string) => ({ status });
function sesEvent(messageId: string, recipients: string[], spf: string, dkim: string): SESEvent {
  return {
    Records: [
      {
        eventSource: 'aws:ses',
        eventVersion: '1.0',
        ses: {
          mail: { messageId } as never,
          receipt: {
            recipients,
            spfVerdict: verdict(spf),
            dkimVerdict: verdict(dkim),
            dmarcVerdict: verdict('GRAY'),
          } as never,
        },
      },
    ],
  };
}

describe('the SES receipt handler', () => {
  it('reads the stored message from the inbound bucket and ingests it with the envelope recipients', async () => {
    const raw = 'From: a@b.test\r\nSubject: x\r\n\r\nhello';
    s3.on(GetObjectCommand, { Bucket: 'inbound-mail', Key: 'inbound/msg-1' }).resolves({
      Body: body(raw),
    });
    await handler(sesEvent('msg-1', ['acme-abcdefgh@inbox.example.com'], 'PASS', 'FAIL'));
    expect(ingestEmail).toHaveBeenCalledWith({
      raw: Buffer.from(raw),
      recipients: ['acme-abcdefgh@inbox.example.com'],
      authenticated: true,
    });
  });

  it('marks a message SES could not authenticate (no SPF, DKIM or DMARC pass)', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body('x') });
    await handler(sesEvent('msg-2', ['acme-abcdefgh@inbox.example.com'], 'FAIL', 'NONE'));
    expect(vi.mocked(ingestEmail).mock.calls[0][0].authenticated).toBe(false);
  });

  it('reports a permanently unacceptable message and succeeds, so Lambda does not retry it', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body('x') });
    const refusal = new UnacceptableMessage('The message has more than 500 MIME parts');
    vi.mocked(ingestEmail).mockRejectedValueOnce(refusal);
    const event = sesEvent('msg-3', ['acme-abcdefgh@inbox.example.com'], 'PASS', 'PASS');
    event.Records[0].ses.mail.commonHeaders = { from: ['Billing <billing@vendor.test>'] } as never;
    await expect(handler(event)).resolves.toBeUndefined();
    expect(reportUnacceptableEmail).toHaveBeenCalledWith(
      { recipients: ['acme-abcdefgh@inbox.example.com'], authenticated: true, from: 'billing@vendor.test' },
      refusal,
    );
  });

  it('throws on any other failure, so Lambda retries it', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body('x') });
    vi.mocked(ingestEmail).mockRejectedValueOnce(new Error('table unreachable'));
    await expect(handler(sesEvent('msg-4', ['a@inbox.example.com'], 'PASS', 'PASS'))).rejects.toThrow(
      'table unreachable',
    );
    expect(reportUnacceptableEmail).not.toHaveBeenCalled();
  });
});
