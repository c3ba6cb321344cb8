/**
 * The organization the rights suites try (rights.test.ts, the table; rights-members.test.ts, what the table
 * does not show): an administrator on the Professional plan, an approver, a member, a viewer, a second member
 * whose role the role-change route sets, an API key with the default scopes and one with other scopes, and
 * the records an attempt is made on, each made fresh by the administrator. Each file starts its own stack.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { z } from 'zod';
import { getInvoice, invoicesWithIdPrefix } from '../../functions/adapters/dynamodb/invoices';
import { registerProcessingStarter } from '../../functions/adapters/workflow/processing-starter';
import { saveInvoice } from '../../functions/core/invoices/commit';
import { errorBodySchema } from '../../shared/errors';
import {
  type ApiKeyScope,
  apiKeyCreatedSchema,
  approvalRuleSchema,
  insuranceCertificateSchema,
  integrationSchema,
  invoiceSchema,
  propertySchema,
  type Role,
  userSchema,
  vendorSchema,
  webhookSchema,
} from '../../shared/schemas';
import { batchScanPdf } from '../fixtures/batch-scan';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';
import { plumbingInvoice } from './pipeline-invoices';

export type Caller = 'admin' | 'approver' | 'member' | 'viewer' | 'defaultKey' | 'scopedKey';

/** The scoped key's scopes: it edits invoices and maintains vendors, and nothing else. */
export const SCOPED: ApiKeyScope[] = ['invoices:write', 'vendors:write'];

/** Who the suites act as, set by {@link startRightsWorld}. */
export interface RightsWorld {
  stack: TestStack;
  admin: Api;
  approver: Api;
  member: Api;
  viewer: Api;
  orgId: string;
  /** Each person's e-mail, which their profile update keeps. */
  emails: Partial<Record<Caller, string>>;
  /** A second member whose role the role-change route sets (to the role they have). */
  targetId: string;
  /** Reads invoices and vendors, uploads invoices: the defaults. */
  defaultKey: Api;
  /** Edits invoices and maintains vendors, and nothing else. */
  scopedKey: Api;
  /** Invoices sent back to processing: the workflow itself is not under test here, so it only records them. */
  reprocessed: string[];
}

// What the record makers below act with (the file's own stack and administrator), set by startRightsWorld.
let stack: TestStack;
let admin: Api;
let orgId: string;

export const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const run = randomUUID().slice(0, 8);
let serial = 0;
export const unique = (what: string) => `${what}-${run}-${++serial}`;

export async function failure(response: Response, status: number) {
  return body(response, status, errorBodySchema);
}

export async function invite(email: string, role: Role) {
  const response = await admin('/api/organization/invitations', { method: 'POST', json: { email, role } });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** A person invited with a role who signs in: a member of the organization under test. */
export async function newMember(role: Role) {
  const email = `${unique('person')}@example.com`;
  await invite(email, role);
  const person = await stack.newUser({ email });
  const me = await body(await person.api('/api/auth/user'), 200, userSchema);
  expect(me).toMatchObject({ organization: { id: orgId }, role });
  return { ...person, id: me.id };
}

export async function createKey(api: Api, json: { name: string; scopes?: ApiKeyScope[] }) {
  return body(await api('/api/api-keys', { method: 'POST', json }), 201, apiKeyCreatedSchema);
}

export async function uploaded() {
  const form = fileForm(pdf, 'bill.pdf', 'application/pdf');
  return body(await admin('/api/invoices/upload', { method: 'POST', body: form }), 201, invoiceSchema);
}

/** An invoice waiting for a decision, as the workflow leaves it. */
export async function inReview() {
  const invoice = await uploaded();
  const item = await getInvoice(orgId, invoice.id);
  await saveInvoice(item, { status: 'REVIEW_REQUIRED', processingStage: 'DONE' }, null);
  return invoice;
}

/** A file of two one-page invoices read as one, waiting for review as stored now (to split at page 2). */
export async function twoInOneInReview() {
  const pages = await batchScanPdf([
    { pages: 1, spec: plumbingInvoice({ invoiceNumber: unique('A') }) },
    { pages: 1, spec: plumbingInvoice({ invoiceNumber: unique('B') }) },
  ]);
  const form = fileForm(new Uint8Array(pages), 'two-bills.pdf', 'application/pdf');
  const upload = await admin('/api/invoices/upload', { method: 'POST', body: form });
  const invoice = await body(upload, 201, invoiceSchema);
  const item = await getInvoice(orgId, invoice.id);
  return saveInvoice(item, { status: 'REVIEW_REQUIRED', processingStage: 'DONE' }, null);
}

/** The second invoice of such a file once the administrator split it at page 2 (to merge back). */
export async function splitSecond() {
  const whole = await twoInOneInReview();
  const split = await admin(`/api/invoices/${whole.id}/split`, {
    method: 'POST',
    json: { version: whole.version, atPage: 2 },
  });
  expect(split.status, await split.clone().text()).toBe(202);
  const second = (await invoicesWithIdPrefix(orgId, whole.id.slice(0, 10))).find((i) => i.id !== whole.id);
  expect(second?.batch).toMatchObject({ firstPage: 2, lastPage: 2 });
  return second as NonNullable<typeof second>;
}

/** An approved invoice (to reopen or void). */
export async function approvedOne() {
  const invoice = await inReview();
  await saveInvoice(await getInvoice(orgId, invoice.id), { status: 'APPROVED' }, null);
  return invoice;
}

/** An approved invoice as stored now (its version is what marking it paid names). */
export async function approvedItem() {
  const invoice = await inReview();
  return saveInvoice(await getInvoice(orgId, invoice.id), { status: 'APPROVED' }, null);
}

/** An approved invoice marked paid (to take the mark back). */
export async function paidItem() {
  const item = await approvedItem();
  return saveInvoice(item, { paidOn: item.updatedAt.slice(0, 10) }, null);
}

/** An approved invoice whose sync to an integration failed for good. */
export async function failedSync() {
  const invoice = await inReview();
  const target = await integration();
  const at = new Date().toISOString();
  await saveInvoice(
    await getInvoice(orgId, invoice.id),
    {
      status: 'APPROVED',
      syncResults: [
        {
          integrationId: target.id,
          integrationName: target.name,
          type: target.type,
          status: 'FAILED',
          attempts: 5,
          lastError: 'The endpoint answered 500',
          approvedAt: at,
          updatedAt: at,
        },
      ],
    },
    null,
  );
  return invoice;
}

export const created = async <S extends z.ZodType>(path: string, json: unknown, schema: S) =>
  body(await admin(path, { method: 'POST', json }), 201, schema);
export const vendor = () => created('/api/vendors', { name: unique('Vendor') }, vendorSchema);
export const certificateInput = {
  carrier: 'Hartford',
  policyNumber: 'GL-1',
  coverageType: 'GENERAL_LIABILITY',
  effectiveOn: '2026-01-01',
  expiresOn: '2027-01-01',
};
export const certificate = async () =>
  created(`/api/vendors/${(await vendor()).id}/certificates`, certificateInput, insuranceCertificateSchema);
export const property = () =>
  created(
    '/api/properties',
    { name: unique('Property'), address: '1 Main St', propertyType: 'OFFICE' },
    propertySchema,
  );
/** A catch-all rule for a very large amount, so no invoice of this file meets it. */
export const rule = () =>
  created(
    '/api/organization/approval-rules',
    { name: unique('Rule'), minAmount: 1e11, approvalsRequired: 1 },
    approvalRuleSchema,
  );
export const webhook = () =>
  created('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['invoice.processed'] }, webhookSchema);
export const integration = () =>
  created(
    '/api/integrations',
    { name: unique('Make'), type: 'MAKE_COM', config: { apiUrl: 'http://127.0.0.1:9/hook' } },
    integrationSchema,
  );

/** Starts the file's stack and makes its organization, people and keys (the suites' `beforeAll`). */
export async function startRightsWorld(): Promise<RightsWorld> {
  const reprocessed: string[] = [];
  const emails: Partial<Record<Caller, string>> = {};
  const people: Partial<Record<'approver' | 'member' | 'viewer', Api>> = {};
  stack = await startTestStack({ workflow: false, queueWorkers: false });
  registerProcessingStarter({
    start: async ({ invoiceId }) => {
      reprocessed.push(invoiceId);
    },
  });
  // The table tries every operation as every principal: far more uploads a minute than a Starter
  // organization may make, so this one tries Professional (the per-minute limit has its own test).
  const first = await stack.signUp({ firstName: 'Ada', lastName: 'Admin', plan: 'PROFESSIONAL' });
  admin = first.api;
  emails.admin = first.email;
  orgId = (await body(await admin('/api/auth/user'), 200, userSchema)).organization.id;
  for (const [caller, role] of [
    ['approver', 'APPROVER'],
    ['member', 'MEMBER'],
    ['viewer', 'VIEWER'],
  ] as const) {
    const person = await newMember(role);
    emails[caller] = person.email;
    people[caller] = person.api;
  }
  const targetId = (await newMember('MEMBER')).id;
  const defaultKey = stack.api((await createKey(admin, { name: 'Default robot' })).key);
  const scopedKey = stack.api((await createKey(admin, { name: 'Scoped robot', scopes: SCOPED })).key);
  const { approver, member, viewer } = people as Required<typeof people>;
  return {
    stack,
    admin,
    approver,
    member,
    viewer,
    orgId,
    emails,
    targetId,
    defaultKey,
    scopedKey,
    reprocessed,
  };
}
