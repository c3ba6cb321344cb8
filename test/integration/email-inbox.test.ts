import { strToU8, zipSync } from 'fflate';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nowIso } from '../../functions/adapters/dynamodb/client';
import { updateIf } from '../../functions/adapters/dynamodb/entity';
import { keys, monthOf } from '../../functions/adapters/dynamodb/keys';
import { sendEmail } from '../../functions/adapters/email/mail-sender';
import {
  type Invoice,
  invoiceSchema,
  notificationListSchema,
  organizationSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { invoicePdf, plumbingInvoice } from './pipeline-invoices';

let stack: TestStack;
let api: Api;
let inbox: string;
let smtp: Transporter;

/** A PNG of a few hundred bytes, as e-mail signatures embed their logos. */
const logo = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(400, 1),
]);

beforeAll(async () => {
  stack = await startTestStack({ queueWorkers: false });
  api = (await stack.newUser()).api;
  smtp = nodemailer.createTransport({
    host: stack.smtp.host,
    port: stack.smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  inbox = (await organization()).inboxAddress ?? '';
});
afterAll(async () => {
  smtp?.close();
  await stack?.stop();
});

async function organization() {
  const response = await api('/api/organization/current');
  expect(response.status).toBe(200);
  return organizationSchema.parse(await response.json());
}

async function invoices(): Promise<Invoice[]> {
  const page = await (await api('/api/invoices?limit=100')).json();
  return page.items.map((i: unknown) => invoiceSchema.parse(i));
}

async function notifications() {
  return notificationListSchema.parse(await (await api('/api/notifications')).json()).items;
}

const mail = (options: SendMailOptions) => smtp.sendMail({ to: inbox, ...options });

describe('the organization inbox', () => {
  it('is an address at the inbox domain, made from the slug, kept across reads', async () => {
    expect(inbox).toMatch(/^[a-z0-9-]+-[a-z2-7]{8}@inbox\.invoicepilot\.local$/);
    expect((await organization()).inboxAddress).toBe(inbox);
  });

  it('turns each PDF of a message into an invoice the workflow processes, with source, sender and subject', async () => {
    const before = (await invoices()).length;
    await mail({
      from: 'Northwind Billing <billing@northwind-plumbing.com>',
      subject: 'Invoices for October',
      html: '<p>Please find our invoices attached.</p><img src="cid:logo@northwind">',
      attachments: [
        { filename: 'INV-0417.pdf', content: await invoicePdf(plumbingInvoice()) },
        {
          filename: 'INV-0418.pdf',
          content: await invoicePdf(plumbingInvoice({ invoiceNumber: 'INV-2026-0418' })),
        },
        { filename: 'logo.png', content: logo, cid: 'logo@northwind' },
      ],
    });
    await stack.workflow?.idle();
    const all = await invoices();
    expect(all.length).toBe(before + 2);
    const mailed = all.filter((i) => i.filename.startsWith('INV-04'));
    expect(mailed.map((i) => i.filename).sort()).toEqual(['INV-0417.pdf', 'INV-0418.pdf']);
    for (const invoice of mailed) {
      expect(invoice.source).toBe('email');
      expect(invoice.emailFrom).toBe('billing@northwind-plumbing.com');
      expect(invoice.emailSubject).toBe('Invoices for October');
      expect(['PROCESSED', 'REVIEW_REQUIRED']).toContain(invoice.status);
      expect(invoice.vendorName).toBe('Northwind Plumbing LLC');
    }
  });

  it('flags a re-sent attachment as a duplicate', async () => {
    await mail({
      from: 'billing@northwind-plumbing.com',
      subject: 'Reminder: invoice INV-2026-0417',
      attachments: [{ filename: 'INV-0417-again.pdf', content: await invoicePdf(plumbingInvoice()) }],
    });
    await stack.workflow?.idle();
    const again = (await invoices()).find((i) => i.filename === 'INV-0417-again.pdf');
    expect(again?.status).toBe('REVIEW_REQUIRED');
    expect(again?.reviewReasons.join(' ')).toMatch(/Possible duplicate/);
  });

  it('creates no invoice from a .docx and names it in a notification', async () => {
    const before = (await invoices()).length;
    await mail({
      from: 'office@maple-court.test',
      subject: 'Monthly report',
      text: 'See attached.',
      attachments: [{ filename: 'report.docx', content: Buffer.from('PK\u0003\u0004 not an invoice') }],
    });
    expect((await invoices()).length).toBe(before);
    const notice = (await notifications())[0];
    expect(notice.kind).toBe('email');
    expect(notice.invoiceId).toBeNull();
    expect(notice.message).toContain('report.docx (unsupported file type');
    expect(notice.message).toContain('no invoice was created');
  });

  it('tells the organization when a message has no attachment at all', async () => {
    await mail({ from: 'someone@vendor.test', subject: 'Hello', text: 'Invoice to follow.' });
    expect((await notifications())[0].message).toMatch(/"Hello"\) had no attachment/);
  });

  it('drops, and logs, mail from a sender the allowlist does not admit', async () => {
    const set = await api('/api/organization/inbox', {
      method: 'PUT',
      json: { allowedSenders: ['northwind-plumbing.com', 'ap@maple-court.test'] },
    });
    expect(set.status).toBe(200);
    expect(organizationSchema.parse(await set.json()).inboxAllowedSenders).toEqual([
      'northwind-plumbing.com',
      'ap@maple-court.test',
    ]);
    const before = (await invoices()).length;
    const notified = (await notifications()).length;
    const warn = vi.spyOn(console, 'warn');
    try {
      await mail({
        // Forged: claims to be a listed vendor's look-alike domain.
        from: 'billing@northwind-plumbing.com.evil.test',
        subject: 'Urgent payment',
        attachments: [{ filename: 'pay-now.pdf', content: await invoicePdf(plumbingInvoice()) }],
      });
      expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(
        /Inbound e-mail dropped: sender not allowed.*billing@northwind-plumbing\.com\.evil\.test/,
      );
    } finally {
      warn.mockRestore();
    }
    expect((await invoices()).length).toBe(before);
    expect((await notifications()).length).toBe(notified);
    // A listed sender still gets through.
    await mail({
      from: 'AP <ap@maple-court.test>',
      subject: 'Water bill',
      attachments: [
        { filename: 'water.pdf', content: await invoicePdf(plumbingInvoice({ invoiceNumber: 'W-1' })) },
      ],
    });
    expect((await invoices()).length).toBe(before + 1);
    await stack.workflow?.idle();
  });

  it('applies the plan’s monthly limit, naming the attachments it refused', async () => {
    const org = await organization();
    // No adapter sets a month's count (each upload adds one): the adapters' conditional update sets it.
    const setInvoices = async (n: number) =>
      expect(
        await updateIf({
          Key: keys.usage(org.id, monthOf(nowIso())),
          UpdateExpression: 'SET invoices = :n',
          ExpressionAttributeValues: { ':n': n },
        }),
      ).toBeDefined();
    // This month's count at the STARTER limit (100), as if the organization had uploaded that many.
    await setInvoices(100);
    try {
      const before = (await invoices()).length;
      await mail({
        from: 'ap@maple-court.test',
        subject: 'Over the limit',
        attachments: [{ filename: 'over.pdf', content: await invoicePdf(plumbingInvoice()) }],
      });
      expect((await invoices()).length).toBe(before);
      expect((await notifications())[0].message).toContain(
        'over.pdf (Monthly invoice limit reached: your plan allows 100 invoices per month)',
      );
    } finally {
      await setInvoices(5);
    }
  });

  it('refuses allowlist entries that are neither an address nor a domain (400)', async () => {
    const response = await api('/api/organization/inbox', {
      method: 'PUT',
      json: { allowedSenders: ['not a sender'] },
    });
    expect(response.status).toBe(400);
    expect((await api('/api/organization/inbox', { method: 'PUT', json: { nope: 1 } })).status).toBe(400);
  });

  it('regenerates the address, after which mail to the old one is refused', async () => {
    const response = await api('/api/organization/inbox/regenerate', { method: 'POST' });
    expect(response.status).toBe(200);
    const renewed = organizationSchema.parse(await response.json()).inboxAddress;
    expect(renewed).not.toBe(inbox);
    expect((await organization()).inboxAddress).toBe(renewed);
    await expect(
      mail({ from: 'ap@maple-court.test', subject: 'Old address', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    inbox = renewed ?? '';
  });

  it('keeps each organization’s inbox to itself: an API key cannot regenerate it', async () => {
    const created = await api('/api/api-keys', { method: 'POST', json: { name: 'inbox test' } });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const response = await fetch(`${stack.url}/api/organization/inbox/regenerate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(403);
    expect((await organization()).inboxAddress).toBe(inbox);
  });
});

/** A raw message to the inbox, sent as is (nodemailer's `raw`), with its envelope. */
const rawMail = (raw: Buffer | string) =>
  smtp.sendMail({ envelope: { from: 'ap@maple-court.test', to: [inbox] }, raw });

const rawHead = () =>
  `From: ap@maple-court.test\r\nTo: ${inbox}\r\nSubject: Hostile\r\nMIME-Version: 1.0\r\n`;

describe('messages the inbox never takes', () => {
  const hostile = () => {
    let deep = 'Content-Type: text/plain\r\n\r\nbottom\r\n';
    for (let level = 1_000; level > 0; level--)
      deep = `Content-Type: multipart/mixed; boundary="d${level}"\r\n\r\n--d${level}\r\n${deep}--d${level}--\r\n`;
    const empty = '--e\r\nContent-Type: text/plain\r\n\r\n\r\n'.repeat(10_000);
    return {
      '1,000-deep multipart': rawHead() + deep,
      '10,000 empty parts': `${rawHead()}Content-Type: multipart/mixed; boundary=e\r\n\r\n${empty}--e--\r\n`,
      '1 MB Subject': `From: ap@maple-court.test\r\nTo: ${inbox}\r\nSubject: ${'s'.repeat(1024 * 1024)}\r\n\r\nhi\r\n`,
      'an unreadable multipart (a 300-character boundary)': `${rawHead()}Content-Type: multipart/mixed; boundary=${'b'.repeat(300)}\r\n\r\n--${'b'.repeat(300)}\r\n\r\nx\r\n`,
    };
  };

  it('answers each hostile message with a permanent 5xx, fast, and stores nothing', async () => {
    const before = (await invoices()).length;
    const notified = (await notifications()).length;
    for (const [name, raw] of Object.entries(hostile())) {
      const started = performance.now();
      const error = (await rawMail(raw).then(
        () => undefined,
        (e) => e,
      )) as { responseCode?: number } | undefined;
      const ms = performance.now() - started;
      console.log(
        `${name}: ${(raw.length / 1024).toFixed(0)} KiB answered ${error?.responseCode} in ${ms.toFixed(0)} ms`,
      );
      expect([552, 554], name).toContain(error?.responseCode);
    }
    expect((await invoices()).length).toBe(before);
    // The sender learns it from the 5xx; nothing is written for the organization.
    expect((await notifications()).length).toBe(notified);
    // The server still takes ordinary mail afterwards.
    await expect(mail({ from: 'ap@maple-court.test', subject: 'Fine', text: 'x' })).resolves.toBeDefined();
  });
});

describe('archives and disguised files by e-mail', () => {
  it('makes an invoice of each PDF in an attached zip and names every member it did not import', async () => {
    const before = (await invoices()).length;
    const zip = zipSync({
      'Oct/ZIP-1.pdf': await invoicePdf(plumbingInvoice({ invoiceNumber: 'ZIP-1' })),
      'ZIP-2.pdf': [await invoicePdf(plumbingInvoice({ invoiceNumber: 'ZIP-2' })), { level: 0 }],
      'notes.txt': strToU8('payment terms'),
    });
    await mail({
      from: 'ap@maple-court.test',
      subject: 'Zipped invoices',
      attachments: [{ filename: 'october.zip', content: Buffer.from(zip) }],
    });
    await stack.workflow?.idle();
    const all = await invoices();
    expect(all.length).toBe(before + 2);
    expect(
      all
        .filter((i) => i.filename.startsWith('ZIP-'))
        .map((i) => [i.filename, i.source, i.emailSubject])
        .sort(),
    ).toEqual([
      ['ZIP-1.pdf', 'email', 'Zipped invoices'],
      ['ZIP-2.pdf', 'email', 'Zipped invoices'],
    ]);
    // The processing's own notifications come after the e-mail's.
    const notice = (await notifications()).find((n) => n.kind === 'email' && n.message.includes('Zipped'));
    expect(notice?.message).toContain('2 invoices created');
    expect(notice?.message).toContain('october.zip/notes.txt (unsupported file type');
  });

  it('refuses a rar archive whole, naming it', async () => {
    const before = (await invoices()).length;
    await mail({
      from: 'ap@maple-court.test',
      subject: 'Rar',
      attachments: [
        { filename: 'invoices.rar', content: Buffer.from('Rar!\x1a\x07\x01\x00 data', 'latin1') },
      ],
    });
    expect((await invoices()).length).toBe(before);
    expect((await notifications())[0].message).toContain(
      'invoices.rar (a rar archive, which is not unpacked',
    );
  });

  it('refuses an HTML file that starts with a %PDF- comment: the type is decided at offset 0', async () => {
    const before = (await invoices()).length;
    const disguised = Buffer.from(
      '<!-- %PDF-1.4 -->\n<html><body><a href="https://pay.example">Pay</a></body></html>\n',
    );
    await mail({
      from: 'ap@maple-court.test',
      subject: 'Disguised',
      attachments: [{ filename: 'invoice.pdf', content: disguised, contentType: 'application/pdf' }],
    });
    expect((await invoices()).length).toBe(before);
    expect((await notifications())[0].message).toContain('invoice.pdf (unsupported file type');
    // The API upload decides by the same rule.
    const upload = await api('/api/invoices/upload', {
      method: 'POST',
      body: fileForm(disguised, 'invoice.pdf'),
    });
    expect(upload.status).toBe(415);
  });
});

describe('the product’s outbound e-mail', () => {
  it('goes over SMTP to the local server and lands in the dev mailbox', async () => {
    const { messageId } = await sendEmail({
      to: 'owner@maple-court.test',
      subject: 'Invoice INV-2026-0417 approved',
      text: 'Approved and synced.',
    });
    expect(messageId).toMatch(/^<.+>$/);
    const response = await fetch(`${stack.url}/api/dev/mailbox?email=owner@maple-court.test`);
    const { messages } = (await response.json()) as {
      messages: { subject: string; text: string; from: string }[];
    };
    expect(messages).toEqual([
      expect.objectContaining({
        subject: 'Invoice INV-2026-0417 approved',
        text: expect.stringContaining('Approved and synced.'),
        from: expect.stringContaining('no-reply@invoicepilot.local'),
      }),
    ]);
  });
});
