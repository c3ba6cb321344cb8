import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findVendor } from '../../functions/adapters/dynamodb/vendors';
import { approvalStepsFor } from '../../functions/core/approvals/routing';
import type { InvoiceItem } from '../../functions/core/invoices/invoice';
import { LOCAL_TABLE } from '../../infra/local/local-config';
import { errorBodySchema } from '../../shared/errors';
import { formatDate } from '../../shared/format';
import {
  approvalRuleSchema,
  form1099ReportSchema,
  insuranceCertificateSchema,
  invoiceSchema,
  pageOf,
  type Role,
  userSchema,
  type Vendor,
  vendorSchema,
} from '../../shared/schemas';
import { type Api, startTestStack, type TestStack } from '../helpers/local-stack';
import { createReadyInvoice } from '../helpers/ready-invoice';
import { body } from '../helpers/responses';

/**
 * Vendor compliance (issue 35) against the real local parts: a vendor's TIN is stored sealed and answered
 * masked, an uninsured vendor's invoice is held by an approval rule (and refused while its insurance stays
 * lapsed, until a current certificate is added), the 1099 report adds up the approved invoices of the year,
 * and another organization can neither read nor change a vendor's certificates.
 */
let stack: TestStack;
let table: DynamoDBDocumentClient;
interface Person {
  api: Api;
  id: string;
  orgId: string;
}
/** Ada administers the organization; Bea approves in it; Sam is in an organization of his own. */
let ada: Person;
let bea: Person;
let sam: Person;
const run = randomUUID().slice(0, 8);

const me = async (api: Api) => body(await api('/api/auth/user'), 200, userSchema);
const failure = (response: Response, status: number) => body(response, status, errorBodySchema);

async function signedUp(firstName: string): Promise<Person> {
  const person = await stack.newUser({ email: `${firstName.toLowerCase()}-${run}@example.com`, firstName });
  const user = await me(person.api);
  return { api: person.api, id: user.id, orgId: user.organization.id };
}

async function invited(by: Person, role: Role, firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${run}@example.com`;
  const invitation = await by.api('/api/organization/invitations', { method: 'POST', json: { email, role } });
  expect(invitation.status, await invitation.clone().text()).toBe(201);
  const person = await stack.newUser({ email, firstName });
  const user = await me(person.api);
  expect(user).toMatchObject({ role, organization: { id: by.orgId } });
  return { api: person.api, id: user.id, orgId: user.organization.id };
}

const newVendor = async (by: Person, json: object) =>
  body(await by.api('/api/vendors', { method: 'POST', json }), 201, vendorSchema);
const vendorList = async (by: Person) =>
  (await body(await by.api('/api/vendors?limit=100'), 200, pageOf(vendorSchema))).items;
const addCertificate = async (by: Person, vendorId: string, json: object) =>
  body(
    await by.api(`/api/vendors/${vendorId}/certificates`, { method: 'POST', json }),
    201,
    insuranceCertificateSchema,
  );

/** A calendar date `days` from today (UTC), as certificates are dated. */
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const certificate = (effectiveOn: string, expiresOn: string) => ({
  carrier: 'Hartford',
  policyNumber: `GL-${run}`,
  coverageType: 'GENERAL_LIABILITY',
  perOccurrenceLimit: 1_000_000,
  effectiveOn,
  expiresOn,
});

/**
 * An invoice ready for approval, its steps fixed by the organization's rules as the workflow's decision
 * fixes them (`approvalStepsFor`, which `settle` calls); the workflow itself is off in this file.
 */
async function readyInvoice(by: Person, vendor: Vendor, fields: Partial<InvoiceItem> = {}) {
  const facts = {
    orgId: by.orgId,
    vendorId: vendor.id,
    vendorName: vendor.name,
    invoiceDate: daysFromToday(-5),
    totalAmount: 1_200,
    currency: 'USD',
    propertyId: null,
    categoryId: null,
    ...fields,
  };
  const approvalSteps = await approvalStepsFor(facts as InvoiceItem);
  return createReadyInvoice(by.orgId, by.id, { ...facts, approvalSteps });
}

const approve = (by: Person, invoiceId: string) =>
  by.api(`/api/invoices/${invoiceId}/approve`, { method: 'POST', json: {} });

/** Every item of the table as its stored JSON (what a scan, a backup or a leaked export shows). */
async function scanTable(): Promise<string[]> {
  const out: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.send(new ScanCommand({ TableName: LOCAL_TABLE, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) out.push(JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

beforeAll(async () => {
  stack = await startTestStack({ workflow: false });
  ada = await signedUp('Ada');
  bea = await invited(ada, 'APPROVER', 'Bea');
  sam = await signedUp('Sam');
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
});
afterAll(async () => {
  table?.destroy();
  await stack?.stop();
});

describe("a vendor's tax identity", () => {
  const TIN = { formatted: '987-65-4329', digits: '987654329', masked: '***-**-4329' };
  let vendorId: string;

  it('stores the TIN sealed (a table scan shows its digits nowhere) and answers it masked everywhere', async () => {
    const vendor = await newVendor(ada, {
      name: `Roofer Joe ${run}`,
      address: '12 Shingle Rd, Springfield, IL 62701',
      taxIdentity: {
        legalName: 'Joseph Roofer',
        tinType: 'SSN',
        tin: TIN.formatted,
        entityType: 'INDIVIDUAL',
        reports1099: true,
      },
    });
    vendorId = vendor.id;
    const expected = {
      legalName: 'Joseph Roofer',
      tinType: 'SSN',
      tinMasked: TIN.masked,
      entityType: 'INDIVIDUAL',
      reports1099: true,
      form1099Box: 'NEC',
    };
    expect(vendor.taxIdentity).toEqual(expected);
    const fromGet = await (await ada.api(`/api/vendors/${vendorId}`)).text();
    const fromList = await (await bea.api('/api/vendors')).text();
    for (const answer of [JSON.stringify(vendor), fromGet, fromList]) {
      expect(answer).toContain(TIN.masked);
      expect(answer).not.toContain(TIN.digits);
      expect(answer).not.toContain(TIN.formatted);
      expect(answer).not.toContain('enc:v1:');
    }

    const stored = await findVendor(ada.orgId, vendorId);
    expect(stored?.taxIdentity?.tinSealed).toMatch(/^enc:v1:/);
    const items = await scanTable();
    expect(items.some((item) => item.includes(vendorId))).toBe(true);
    // Neither the TIN nor its first five digits (all the mask hides) are anywhere in the table.
    const leaks = items.filter((item) =>
      [TIN.digits, TIN.formatted, TIN.digits.slice(0, 5), TIN.formatted.slice(0, 6)].some((s) =>
        item.includes(s),
      ),
    );
    expect(leaks).toEqual([]);
  });

  it('keeps the stored TIN when an edit sends none, and refuses a TIN in the wrong format (400)', async () => {
    const before = await body(await ada.api(`/api/vendors/${vendorId}`), 200, vendorSchema);
    const edited = await body(
      await ada.api(`/api/vendors/${vendorId}`, {
        method: 'PUT',
        json: {
          name: before.name,
          address: before.address,
          version: before.version,
          taxIdentity: {
            legalName: 'Joseph A. Roofer',
            tinType: 'SSN',
            entityType: 'INDIVIDUAL',
            reports1099: true,
          },
        },
      }),
      200,
      vendorSchema,
    );
    expect(edited.taxIdentity).toMatchObject({ legalName: 'Joseph A. Roofer', tinMasked: TIN.masked });
    // An edit that does not know of tax identities (Accept suggestion sends the old fields) loses nothing.
    const untouched = await body(
      await ada.api(`/api/vendors/${vendorId}`, {
        method: 'PUT',
        json: { name: edited.name, address: edited.address, version: edited.version },
      }),
      200,
      vendorSchema,
    );
    expect(untouched.taxIdentity).toEqual(edited.taxIdentity);
    const refused = await failure(
      await ada.api(`/api/vendors/${vendorId}`, {
        method: 'PUT',
        json: { name: edited.name, taxIdentity: { tinType: 'EIN', tin: TIN.formatted } },
      }),
      400,
    );
    expect(refused.issues).toContainEqual({
      path: 'taxIdentity.tin',
      message: 'Enter the EIN as 12-3456789 or 9 digits',
    });
  });

  it('gives the full TIN in the 1099 CSV to an administrator only; everyone else sees it masked', async () => {
    await createReadyInvoice(ada.orgId, ada.id, {
      vendorId,
      vendorName: `Roofer Joe ${run}`,
      invoiceDate: '2026-04-02',
      totalAmount: 750,
      currency: 'USD',
      status: 'APPROVED',
      paidOn: '2026-04-20',
    });
    const adminCsv = await (await ada.api('/api/reports/1099.csv?year=2026')).text();
    expect(adminCsv.split('\r\n')[0]).toBe(
      'Recipient name,Recipient TIN type,Recipient TIN,Address,Box,Amount',
    );
    expect(adminCsv).toContain(
      `Joseph A. Roofer,SSN,${TIN.formatted},"12 Shingle Rd, Springfield, IL 62701",1099-NEC Box 1,750.00`,
    );
    const approverCsv = await (await bea.api('/api/reports/1099.csv?year=2026')).text();
    expect(approverCsv).toContain(`Joseph A. Roofer,SSN,${TIN.masked},`);
    expect(approverCsv).not.toContain(TIN.formatted);
    const report = await body(await bea.api('/api/reports/1099?year=2026'), 200, form1099ReportSchema);
    expect(JSON.stringify(report)).not.toContain(TIN.digits);
  });
});

describe('insurance and the approval rules', () => {
  const expiredOn = daysFromToday(-40);
  let acme: Vendor;
  let ruleId: string;

  beforeAll(async () => {
    acme = await newVendor(ada, { name: `Acme Roofing ${run}` });
    await addCertificate(ada, acme.id, certificate(daysFromToday(-400), expiredOn));
    const rule = await body(
      await ada.api('/api/organization/approval-rules', {
        method: 'POST',
        json: {
          name: 'Uninsured vendors',
          insuranceLapsed: true,
          approvalsRequired: 1,
          approverRole: 'ADMIN',
        },
      }),
      201,
      approvalRuleSchema,
    );
    expect(rule).toMatchObject({ insuranceLapsed: true, blockApproval: false });
    ruleId = rule.id;
  });

  it("shows each vendor's insurance in the list: expired, valid, expiring, missing", async () => {
    const insured = await newVendor(ada, { name: `Bright Electric ${run}` });
    await addCertificate(ada, insured.id, certificate(daysFromToday(-10), daysFromToday(300)));
    const ending = await newVendor(ada, { name: `Clear Glass ${run}` });
    await addCertificate(ada, ending.id, certificate(daysFromToday(-300), daysFromToday(12)));
    const none = await newVendor(ada, { name: `Dry Walls ${run}` });
    const byId = new Map((await vendorList(bea)).map((v) => [v.id, v.insurance]));
    expect(byId.get(acme.id)).toEqual({ status: 'expired', expiresOn: expiredOn });
    expect(byId.get(insured.id)).toEqual({ status: 'valid', expiresOn: daysFromToday(300) });
    expect(byId.get(ending.id)).toEqual({ status: 'expiring', expiresOn: daysFromToday(12) });
    expect(byId.get(none.id)).toEqual({ status: 'missing', expiresOn: null });
    // An insured vendor's invoice does not meet the rule.
    const invoiceId = await readyInvoice(ada, insured);
    const invoice = await body(await ada.api(`/api/invoices/${invoiceId}`), 200, invoiceSchema);
    expect(invoice.approvalSteps).toMatchObject({ ruleId: null });
    expect(invoice.approvalSteps).not.toHaveProperty('insuranceHold');
  });

  it("holds an uninsured vendor's invoice for an administrator, and says why", async () => {
    const invoiceId = await readyInvoice(ada, acme);
    const invoice = await body(await bea.api(`/api/invoices/${invoiceId}`), 200, invoiceSchema);
    expect(invoice.approvalSteps).toMatchObject({
      ruleId,
      ruleName: 'Uninsured vendors',
      approverRole: 'ADMIN',
      insuranceHold: {
        reason: `${acme.name}'s insurance expired on ${formatDate(expiredOn)}`,
        blocksApproval: false,
      },
    });
    expect((await failure(await approve(bea, invoiceId), 403)).message).toBe(
      'You are not an approver for this invoice',
    );
    expect((await body(await approve(ada, invoiceId), 201, invoiceSchema)).status).toBe('APPROVED');
  });

  it('with blockApproval, refuses the approval (409) until a current certificate is added', async () => {
    const rule = await body(
      await ada.api(`/api/organization/approval-rules/${ruleId}`, {
        method: 'PUT',
        json: {
          name: 'Uninsured vendors',
          insuranceLapsed: true,
          blockApproval: true,
          approvalsRequired: 1,
          approverRole: 'ADMIN',
        },
      }),
      200,
      approvalRuleSchema,
    );
    expect(rule.blockApproval).toBe(true);
    const invoiceId = await readyInvoice(ada, acme);
    const refused = await failure(await approve(ada, invoiceId), 409);
    expect(refused).toMatchObject({
      code: 'insurance_lapsed',
      message: `${acme.name}'s insurance expired on ${formatDate(expiredOn)}: add a current certificate before approving`,
    });
    const still = await body(await ada.api(`/api/invoices/${invoiceId}`), 200, invoiceSchema);
    expect(still).toMatchObject({ status: 'PROCESSED', approvalSteps: { approvals: [] } });

    await addCertificate(ada, acme.id, certificate(daysFromToday(0), daysFromToday(365)));
    expect((await vendorList(ada)).find((v) => v.id === acme.id)?.insurance?.status).toBe('valid');
    expect((await body(await approve(ada, invoiceId), 201, invoiceSchema)).status).toBe('APPROVED');
  });

  it('refuses blockApproval on a rule that does not look at insurance (400)', async () => {
    const refused = await failure(
      await ada.api('/api/organization/approval-rules', {
        method: 'POST',
        json: { name: 'Block everything', blockApproval: true, approvalsRequired: 1 },
      }),
      400,
    );
    expect(refused.message).toBe('Only a rule on lapsed vendor insurance can block approval');
  });
});

describe('the 1099 report', () => {
  /** Carol's organization: only the vendors and invoices made here. */
  let carol: Person;

  beforeAll(async () => {
    carol = await signedUp('Carol');
  });

  it("totals each 1099 vendor's approved invoices paid in the year, credits subtracting, as a brute-force sum does", async () => {
    const nec = await newVendor(carol, {
      name: `Plumb Right ${run}`,
      taxIdentity: { legalName: 'Plumb Right LLC', tinType: 'EIN', tin: '561234567', reports1099: true },
    });
    const rents = await newVendor(carol, {
      name: `Storage Lot ${run}`,
      taxIdentity: {
        legalName: 'Storage Lot Inc',
        tinType: 'EIN',
        tin: '56-7654321',
        reports1099: true,
        form1099Box: 'MISC_RENTS',
      },
    });
    const small = await newVendor(carol, {
      name: `Odd Jobs ${run}`,
      taxIdentity: { legalName: 'Odd Jobs', tinType: 'SSN', tin: '111-22-3333', reports1099: true },
    });
    const notFlagged = await newVendor(carol, { name: `Big Supplier ${run}` });
    type Made = {
      vendorId: string;
      status: string;
      invoiceDate: string;
      paidOn: string | null;
      totalAmount: number;
    };
    // A 1099 reports payments: the year is the paid date's (an invoice of 2025 paid in 2026 counts in
    // 2026, one of 2026 paid in 2027 does not, nor does one not paid yet).
    const made: Made[] = [
      {
        vendorId: nec.id,
        status: 'APPROVED',
        invoiceDate: '2026-01-01',
        paidOn: '2026-01-20',
        totalAmount: 450.25,
      },
      {
        vendorId: nec.id,
        status: 'APPROVED',
        invoiceDate: '2025-12-20',
        paidOn: '2026-01-05',
        totalAmount: 300.1,
      },
      {
        vendorId: nec.id,
        status: 'APPROVED',
        invoiceDate: '2026-06-15',
        paidOn: '2026-07-01',
        totalAmount: -120.35,
      },
      { vendorId: nec.id, status: 'APPROVED', invoiceDate: '2026-06-15', paidOn: null, totalAmount: 4_000 },
      { vendorId: nec.id, status: 'PROCESSED', invoiceDate: '2026-06-15', paidOn: null, totalAmount: 5_000 },
      { vendorId: nec.id, status: 'REJECTED', invoiceDate: '2026-06-15', paidOn: null, totalAmount: 5_000 },
      {
        vendorId: nec.id,
        status: 'APPROVED',
        invoiceDate: '2025-12-31',
        paidOn: '2025-12-31',
        totalAmount: 5_000,
      },
      {
        vendorId: nec.id,
        status: 'APPROVED',
        invoiceDate: '2026-12-20',
        paidOn: '2027-01-01',
        totalAmount: 5_000,
      },
      {
        vendorId: rents.id,
        status: 'APPROVED',
        invoiceDate: '2026-03-01',
        paidOn: '2026-03-01',
        totalAmount: 1_500,
      },
      {
        vendorId: rents.id,
        status: 'APPROVED',
        invoiceDate: '2026-04-01',
        paidOn: '2026-04-03',
        totalAmount: 1_500,
      },
      {
        vendorId: small.id,
        status: 'APPROVED',
        invoiceDate: '2026-05-01',
        paidOn: '2026-05-09',
        totalAmount: 599.99,
      },
      {
        vendorId: small.id,
        status: 'REVIEW_REQUIRED',
        invoiceDate: '2026-05-02',
        paidOn: null,
        totalAmount: 10,
      },
      {
        vendorId: notFlagged.id,
        status: 'APPROVED',
        invoiceDate: '2026-05-01',
        paidOn: '2026-05-01',
        totalAmount: 9_999,
      },
    ];
    const names = new Map([nec, rents, small, notFlagged].map((v) => [v.id, v.name]));
    for (const invoice of made)
      await createReadyInvoice(carol.orgId, carol.id, {
        ...invoice,
        vendorName: names.get(invoice.vendorId),
        currency: 'USD',
        status: invoice.status as InvoiceItem['status'],
      });

    const flagged = [nec.id, rents.id, small.id];
    const counted = (vendorId: string) =>
      made.filter((i) => i.vendorId === vendorId && i.status === 'APPROVED' && i.paidOn?.startsWith('2026'));
    const bruteForce = (vendorId: string) =>
      Math.round(counted(vendorId).reduce((sum, i) => sum + i.totalAmount * 100, 0)) / 100;
    const report = await body(await carol.api('/api/reports/1099?year=2026'), 200, form1099ReportSchema);
    expect(report).toMatchObject({ year: 2026, currency: 'USD', threshold: 600 });
    expect(report.rows.map((r) => r.vendorId).sort()).toEqual([...flagged].sort());
    for (const row of report.rows) {
      expect(row.amount, row.vendorName).toBe(bruteForce(row.vendorId));
      expect(row.invoiceCount, row.vendorName).toBe(counted(row.vendorId).length);
      expect(row.reachesThreshold).toBe(bruteForce(row.vendorId) >= 600);
    }
    expect(report.rows.find((r) => r.vendorId === nec.id)).toMatchObject({
      legalName: 'Plumb Right LLC',
      tinType: 'EIN',
      tinMasked: '**-***4567',
      form1099Box: 'NEC',
    });

    // The CSV a filing service imports: only the vendors reaching $600.
    const csv = await (await carol.api('/api/reports/1099.csv?year=2026')).text();
    expect(csv.trim().split('\r\n')).toEqual([
      'Recipient name,Recipient TIN type,Recipient TIN,Address,Box,Amount',
      `Plumb Right LLC,EIN,56-1234567,,1099-NEC Box 1,${bruteForce(nec.id).toFixed(2)}`,
      `Storage Lot Inc,EIN,56-7654321,,1099-MISC Box 1,${bruteForce(rents.id).toFixed(2)}`,
    ]);
    // Another year has nothing yet.
    const empty = await body(await carol.api('/api/reports/1099?year=2024'), 200, form1099ReportSchema);
    expect(empty.rows.every((r) => r.amount === 0)).toBe(true);
    expect((await failure(await carol.api('/api/reports/1099?year=nineteen'), 400)).code).toBe(
      'validation_failed',
    );
  });
});

describe("another organization and a vendor's certificates", () => {
  it('answers 404 to every certificate route with the other tenant’s ids, and changes nothing', async () => {
    const vendor = await newVendor(ada, { name: `Private Vendor ${run}` });
    const held = await addCertificate(ada, vendor.id, certificate(daysFromToday(-1), daysFromToday(200)));
    const certificates = async () =>
      (
        await body(
          await ada.api(`/api/vendors/${vendor.id}/certificates`),
          200,
          z.object({ items: z.array(insuranceCertificateSchema) }),
        )
      ).items;
    const before = await certificates();
    expect(before).toEqual([held]);
    const own = await newVendor(sam, { name: `Sam's Vendor ${run}` });
    const input = certificate(daysFromToday(0), daysFromToday(100));
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/vendors/${vendor.id}/certificates`],
      ['POST', `/api/vendors/${vendor.id}/certificates`, input],
      ['PUT', `/api/vendors/${vendor.id}/certificates/${held.id}`, input],
      ['DELETE', `/api/vendors/${vendor.id}/certificates/${held.id}`],
      // Ada's certificate named under Sam's own vendor is no certificate of his either.
      ['PUT', `/api/vendors/${own.id}/certificates/${held.id}`, input],
      ['DELETE', `/api/vendors/${own.id}/certificates/${held.id}`],
    ];
    for (const [method, path, json] of attempts) {
      const response = await sam.api(path, { method, ...(json !== undefined ? { json } : {}) });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await certificates()).toEqual(before);
    const samsList = await vendorList(sam);
    expect(samsList.map((v) => v.id)).toEqual([own.id]);
  });
});
