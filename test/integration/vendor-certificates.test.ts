import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { backfillEveryOrganization } from '../../functions/adapters/dynamodb/aggregate-backfill';
import { db, tableName } from '../../functions/adapters/dynamodb/client';
import { backfillCertificateExpiry } from '../../functions/adapters/dynamodb/vendor-certificates';
import { resetMailSender } from '../../functions/adapters/email/mail-sender';
import { objectExists } from '../../functions/adapters/s3/storage';
import { sendInsuranceExpiryAlerts } from '../../functions/core/vendors/insurance-alerts';
import { resetEnv } from '../../functions/env';
import { errorBodySchema } from '../../shared/errors';
import { formatDate } from '../../shared/format';
import {
  type InsuranceCertificate,
  insuranceCertificateSchema,
  MAX_CERTIFICATE_FILE_BYTES,
  notificationListSchema,
  type Role,
  userSchema,
  type Vendor,
  vendorSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';

/**
 * A vendor's certificate file and the daily insurance expiry alerts (issue 35), against DynamoDB Local,
 * s3rver and the local SMTP server: a file is attached, replaced, downloaded and deleted with its
 * certificate, checked by its bytes and never served to another organization; each administrator is
 * alerted once per certificate and threshold, in the bell and by e-mail, however often the job runs.
 */
let stack: TestStack;
interface Person {
  api: Api;
  id: string;
  orgId: string;
  email: string;
}
/** Ada and Cleo administer the organization, Bea approves in it; Sam has an organization of his own. */
let ada: Person;
let cleo: Person;
let bea: Person;
let sam: Person;
const run = randomUUID().slice(0, 8);

const me = async (api: Api) => body(await api('/api/auth/user'), 200, userSchema);
const failure = (response: Response, status: number) => body(response, status, errorBodySchema);

async function person(api: Api, email: string): Promise<Person> {
  const user = await me(api);
  return { api, id: user.id, orgId: user.organization.id, email };
}
async function signedUp(firstName: string) {
  const email = `${firstName.toLowerCase()}-${run}@example.com`;
  return person((await stack.newUser({ email, firstName })).api, email);
}
async function invited(by: Person, role: Role, firstName: string) {
  const email = `${firstName.toLowerCase()}-${run}@example.com`;
  const invitation = await by.api('/api/organization/invitations', { method: 'POST', json: { email, role } });
  expect(invitation.status, await invitation.clone().text()).toBe(201);
  return person((await stack.newUser({ email, firstName })).api, email);
}

const dayOf = (base: Date, days: number) => new Date(base.getTime() + days * 86_400_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const TODAY = new Date();

const newVendor = async (by: Person, name: string) =>
  body(await by.api('/api/vendors', { method: 'POST', json: { name: `${name} ${run}` } }), 201, vendorSchema);
async function certificateOf(
  by: Person,
  vendor: Vendor,
  expiresInDays: number,
  coverageType = 'GENERAL_LIABILITY',
) {
  const json = {
    carrier: 'Hartford',
    policyNumber: `GL-${run}-${expiresInDays}`,
    coverageType,
    effectiveOn: isoDay(dayOf(TODAY, expiresInDays - 365)),
    expiresOn: isoDay(dayOf(TODAY, expiresInDays)),
  };
  return body(
    await by.api(`/api/vendors/${vendor.id}/certificates`, { method: 'POST', json }),
    201,
    insuranceCertificateSchema,
  );
}

const fileUrl = (c: InsuranceCertificate) => `/api/vendors/${c.vendorId}/certificates/${c.id}/file`;
const attach = (by: Person, c: InsuranceCertificate, bytes: Uint8Array, name: string) =>
  by.api(fileUrl(c), { method: 'PUT', body: fileForm(bytes, name) });

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const TIFF = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]);
const EXE = new TextEncoder().encode('MZ\x90\x00 this program cannot be run in DOS mode');

/** The object key the table holds for a certificate's file (the API never answers it). */
async function storedFileKey(orgId: string, c: InsuranceCertificate): Promise<string | undefined> {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/adapters/dynamodb/client');
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { PK: `ORG#${orgId}`, SK: `VENDORCERT#${c.vendorId}#${c.id}` },
      ConsistentRead: true,
    }),
  );
  return Item?.fileKey as string | undefined;
}

beforeAll(async () => {
  // The alerts are run by the test itself, on the days it chooses.
  stack = await startTestStack({ workflow: false, queueWorkers: false, insuranceAlerts: false });
  ada = await signedUp('Ada');
  cleo = await invited(ada, 'ADMIN', 'Cleo');
  bea = await invited(ada, 'APPROVER', 'Bea');
  sam = await signedUp('Sam');
});
afterAll(async () => {
  await stack?.stop();
});

describe("a certificate's file", () => {
  it('is attached, answered with the certificate, downloaded with its type, and replaced', async () => {
    const certificate = await certificateOf(ada, await newVendor(ada, 'Acme Roofing'), 200);
    expect(certificate.file).toBeNull();
    expect((await failure(await ada.api(fileUrl(certificate)), 404)).code).toBe('not_found');

    const attached = await body(
      await attach(ada, certificate, PDF, 'acord 25.pdf'),
      200,
      insuranceCertificateSchema,
    );
    expect(attached.file).toMatchObject({
      filename: 'acord 25.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(attached.version).toBe(certificate.version + 1);
    const download = await ada.api(fileUrl(certificate));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="acord 25.pdf"');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    const pdfKey = await storedFileKey(ada.orgId, certificate);
    expect(pdfKey).toMatch(new RegExp(`^certificates/${ada.orgId}/${certificate.id}/`));
    expect(await objectExists(pdfKey ?? '')).toBe(true);

    // Bea reads vendors: she may download it too.
    expect((await bea.api(fileUrl(certificate))).status).toBe(200);

    const replaced = await body(
      await attach(ada, certificate, PNG, 'scan.png'),
      200,
      insuranceCertificateSchema,
    );
    expect(replaced.file).toMatchObject({ filename: 'scan.png', contentType: 'image/png', size: PNG.length });
    const again = await ada.api(fileUrl(certificate));
    expect(again.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(PNG);
    expect(await objectExists(pdfKey ?? '')).toBe(false);
    const listed = await body(
      await ada.api(`/api/vendors/${certificate.vendorId}/certificates`),
      200,
      z.object({ items: z.array(insuranceCertificateSchema) }),
    );
    expect(listed.items.map((c) => c.file?.filename)).toEqual(['scan.png']);
  });

  it('is refused by its bytes unless a PDF, JPEG or PNG, and above 5 MB', async () => {
    const certificate = await certificateOf(ada, await newVendor(ada, 'Byte Check'), 200);
    for (const [bytes, name] of [
      [EXE, 'certificate.pdf'],
      [TIFF, 'certificate.tiff'],
    ] as const) {
      const refused = await failure(await attach(ada, certificate, bytes, name), 415);
      expect(refused.message).toBe('Attach the certificate as a PDF, JPEG or PNG file');
    }
    const big = new Uint8Array(MAX_CERTIFICATE_FILE_BYTES + 1);
    big.set(PDF);
    expect((await failure(await attach(ada, certificate, big, 'big.pdf'), 413)).code).toBe('file_too_large');
    const noFile = await ada.api(fileUrl(certificate), { method: 'PUT', body: new FormData() });
    expect(noFile.status).toBe(400);
    const after = await body(
      await ada.api(`/api/vendors/${certificate.vendorId}/certificates/${certificate.id}`, {
        method: 'PUT',
        json: {
          carrier: certificate.carrier,
          policyNumber: certificate.policyNumber,
          coverageType: certificate.coverageType,
          effectiveOn: certificate.effectiveOn,
          expiresOn: certificate.expiresOn,
        },
      }),
      200,
      insuranceCertificateSchema,
    );
    expect(after.file).toBeNull();
  });

  it('is neither served to nor replaced by another organization (404)', async () => {
    const certificate = await certificateOf(ada, await newVendor(ada, 'Private Co'), 200);
    await body(await attach(ada, certificate, PDF, 'private.pdf'), 200, insuranceCertificateSchema);
    expect((await failure(await sam.api(fileUrl(certificate)), 404)).code).toBe('not_found');
    expect((await failure(await attach(sam, certificate, PNG, 'mine.png'), 404)).code).toBe('not_found');
    const still = await ada.api(fileUrl(certificate));
    expect(new Uint8Array(await still.arrayBuffer())).toEqual(PDF);
  });

  it('is deleted with its certificate and with its vendor, and kept by a merge', async () => {
    const vendor = await newVendor(ada, 'Short Lived');
    const first = await certificateOf(ada, vendor, 200);
    await body(await attach(ada, first, PDF, 'first.pdf'), 200, insuranceCertificateSchema);
    const firstKey = (await storedFileKey(ada.orgId, first)) ?? '';
    expect(await objectExists(firstKey)).toBe(true);
    expect(
      (await ada.api(`/api/vendors/${vendor.id}/certificates/${first.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(await objectExists(firstKey)).toBe(false);

    const second = await certificateOf(ada, vendor, 200);
    await body(await attach(ada, second, PDF, 'second.pdf'), 200, insuranceCertificateSchema);
    const kept = await newVendor(ada, 'Kept Vendor');
    const merged = await ada.api(`/api/vendors/${kept.id}/merge`, {
      method: 'POST',
      json: { sourceVendorId: vendor.id },
    });
    expect(merged.status, await merged.clone().text()).toBe(200);
    const moved = { ...second, vendorId: kept.id };
    const download = await ada.api(fileUrl(moved));
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);

    const movedKey = (await storedFileKey(ada.orgId, moved)) ?? '';
    expect((await ada.api(`/api/vendors/${kept.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await objectExists(movedKey)).toBe(false);
  });
});

describe('the daily insurance expiry alert', () => {
  const notificationsOf = async (who: Person) =>
    (await body(await who.api('/api/notifications'), 200, notificationListSchema)).items.filter(
      (n) => n.kind === 'insurance_expiring',
    );
  const alertMailOf = (who: Person) =>
    stack.mailbox.for(who.email).filter((m) => /insurance/.test(m.subject));
  let expiring: InsuranceCertificate;
  let expired: InsuranceCertificate;
  let samsExpiring: InsuranceCertificate;

  beforeAll(async () => {
    // Due: 20 days left, expired 2 days ago, and Sam's own with 10 days left.
    expiring = await certificateOf(ada, await newVendor(ada, 'Soon Plumbing'), 20);
    expired = await certificateOf(ada, await newVendor(ada, 'Lapsed Electric'), -2, 'WORKERS_COMPENSATION');
    samsExpiring = await certificateOf(sam, await newVendor(sam, 'Sams Painter'), 10);
    // Not due: 60 days left; expired 20 days ago (alerted back then); renewed by a later certificate.
    await certificateOf(ada, await newVendor(ada, 'Far Future HVAC'), 60);
    await certificateOf(ada, await newVendor(ada, 'Long Gone Movers'), -20);
    const renewedVendor = await newVendor(ada, 'Renewed Glass');
    await certificateOf(ada, renewedVendor, 5);
    await certificateOf(ada, renewedVendor, 370);
  });

  it('alerts each administrator once, in the bell and by e-mail, reading only the certificates due', async () => {
    const result = await sendInsuranceExpiryAlerts(TODAY);
    // The index range holds the certificates expiring from 7 days ago to 30 days from now: the two certificates
    // of the earlier tests (200 days) and those past the range are never read.
    expect(result).toEqual({ checked: 4, notified: 3, emailed: 5 });
    await stack.outbox.drained();

    const soon = `Soon Plumbing ${run}'s general liability insurance expires on ${formatDate(expiring.expiresOn)}`;
    const lapsed = `Lapsed Electric ${run}'s workers' compensation insurance expired on ${formatDate(expired.expiresOn)}`;
    for (const admin of [ada, cleo]) {
      expect((await notificationsOf(admin)).map((n) => n.message).sort()).toEqual([lapsed, soon].sort());
      const mail = alertMailOf(admin);
      expect(mail.map((m) => m.subject).sort()).toEqual([lapsed, soon].sort());
      const soonMail = mail.find((m) => m.subject === soon);
      expect(soonMail?.text).toContain(`policy ${expiring.policyNumber}, Hartford`);
      expect(soonMail?.text).toContain(`${stack.url}/vendors`);
    }
    // Approvers are not told; Sam hears of his vendor only, and Ada of none of his.
    expect(await notificationsOf(bea)).toEqual([]);
    expect(alertMailOf(bea)).toEqual([]);
    expect((await notificationsOf(sam)).map((n) => n.message)).toEqual([
      `Sams Painter ${run}'s general liability insurance expires on ${formatDate(samsExpiring.expiresOn)}`,
    ]);
    expect(alertMailOf(sam)).toHaveLength(1);
  });

  it('sends nothing new when run again the same day or the next', async () => {
    for (const day of [TODAY, dayOf(TODAY, 1)]) {
      expect(await sendInsuranceExpiryAlerts(day)).toMatchObject({ notified: 0, emailed: 0 });
    }
    await stack.outbox.drained();
    for (const admin of [ada, cleo]) {
      expect(await notificationsOf(admin)).toHaveLength(2);
      expect(alertMailOf(admin)).toHaveLength(2);
    }
    expect(alertMailOf(sam)).toHaveLength(1);
  });

  it('alerts again once an expiring certificate has expired, once', async () => {
    const after = dayOf(TODAY, 21);
    const first = await sendInsuranceExpiryAlerts(after);
    // Soon Plumbing's has just expired; Sam's expired 11 days ago and Lapsed Electric's 23, past the 7 days
    // looked back; Far Future HVAC's is 39 days off.
    expect(first).toEqual({ checked: 1, notified: 1, emailed: 2 });
    expect(await sendInsuranceExpiryAlerts(after)).toMatchObject({ notified: 0, emailed: 0 });
    await stack.outbox.drained();
    const expiredSoon = `Soon Plumbing ${run}'s general liability insurance expired on ${formatDate(expiring.expiresOn)}`;
    for (const admin of [ada, cleo]) {
      expect((await notificationsOf(admin)).map((n) => n.message)).toContain(expiredSoon);
      expect(alertMailOf(admin).filter((m) => m.subject === expiredSoon)).toHaveLength(1);
    }
  });

  it('moves a certificate in the index when its expiry date changes, and forgets a deleted one', async () => {
    const vendor = await newVendor(ada, 'Moved Dates');
    const far = await certificateOf(ada, vendor, 300);
    const day = dayOf(TODAY, 2);
    const before = await sendInsuranceExpiryAlerts(day);
    const edited = await ada.api(`/api/vendors/${vendor.id}/certificates/${far.id}`, {
      method: 'PUT',
      json: {
        carrier: far.carrier,
        policyNumber: far.policyNumber,
        coverageType: far.coverageType,
        effectiveOn: far.effectiveOn,
        expiresOn: isoDay(dayOf(TODAY, 15)),
      },
    });
    expect(edited.status).toBe(200);
    const moved = await sendInsuranceExpiryAlerts(day);
    expect(moved.checked).toBe(before.checked + 1);
    expect(moved).toMatchObject({ notified: 1, emailed: 2 });
    expect(
      (await ada.api(`/api/vendors/${vendor.id}/certificates/${far.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await sendInsuranceExpiryAlerts(day)).checked).toBe(before.checked);
  });

  it('sends the e-mails of an alert whose mail server refused them on the next run, and the bell once', async () => {
    const vendor = await newVendor(ada, 'Mail Outage Co');
    const certificate = await certificateOf(ada, vendor, 12);
    const message = `Mail Outage Co ${run}'s general liability insurance expires on ${formatDate(certificate.expiresOn)}`;
    const port = process.env.SMTP_PORT;
    // Nothing listens on port 9 of loopback: the send fails as a mail server that is down does.
    process.env.SMTP_PORT = '9';
    resetEnv();
    resetMailSender();
    try {
      expect(await sendInsuranceExpiryAlerts(TODAY)).toMatchObject({ notified: 1, emailed: 0 });
    } finally {
      process.env.SMTP_PORT = port;
      resetEnv();
      resetMailSender();
    }
    await stack.outbox.drained();
    expect(alertMailOf(ada).filter((m) => m.subject === message)).toEqual([]);
    expect(await sendInsuranceExpiryAlerts(TODAY)).toMatchObject({ notified: 0, emailed: 2 });
    expect(await sendInsuranceExpiryAlerts(TODAY)).toMatchObject({ notified: 0, emailed: 0 });
    await stack.outbox.drained();
    for (const admin of [ada, cleo]) {
      expect(alertMailOf(admin).filter((m) => m.subject === message)).toHaveLength(1);
      expect((await notificationsOf(admin)).filter((n) => n.message === message)).toHaveLength(1);
    }
  });
});

describe('the expiry index backfill', () => {
  it('gives a certificate saved before the expiry index its item, once, and its alert is then due', async () => {
    const una = await signedUp('Una');
    // Far off, so no other test's certificate shares the alert day's range of dates.
    const certificate = await certificateOf(una, await newVendor(una, 'Old Times Roofing'), 900);
    // Saved as before the index existed: the certificate without its CERT_EXPIRY item.
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { PK: 'CERT_EXPIRY', SK: `${certificate.expiresOn}#${una.orgId}#${certificate.id}` },
      }),
    );
    const alertDay = dayOf(TODAY, 880);
    expect(await sendInsuranceExpiryAlerts(alertDay)).toEqual({ checked: 0, notified: 0, emailed: 0 });

    const indexed = new Map<string, number>();
    await backfillEveryOrganization(() => undefined, {
      onCertificates: (orgId, written) => indexed.set(orgId, written),
    });
    expect(indexed.get(una.orgId)).toBe(1);
    // Every other organization's certificates were saved with their items: nothing to write there.
    expect([...indexed].filter(([orgId, written]) => orgId !== una.orgId && written > 0)).toEqual([]);
    // Run again, the table's mark skips the walk; asked for the organization itself, nothing is missing.
    indexed.clear();
    await backfillEveryOrganization(() => undefined, {
      onCertificates: (orgId, written) => indexed.set(orgId, written),
    });
    expect(indexed.size).toBe(0);
    expect(await backfillCertificateExpiry(una.orgId)).toBe(0);

    expect(await sendInsuranceExpiryAlerts(alertDay)).toEqual({ checked: 1, notified: 1, emailed: 1 });
    await stack.outbox.drained();
    const notifications = (
      await body(await una.api('/api/notifications'), 200, notificationListSchema)
    ).items.filter((n) => n.kind === 'insurance_expiring');
    expect(notifications.map((n) => n.message)).toEqual([
      `Old Times Roofing ${run}'s general liability insurance expires on ${formatDate(certificate.expiresOn)}`,
    ]);
  });
});
