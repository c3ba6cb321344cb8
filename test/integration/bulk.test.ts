import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegration } from '../../functions/adapters/dynamodb/integrations';
import { findInvoice } from '../../functions/adapters/dynamodb/invoices';
import { objectKeyFor, putObject } from '../../functions/adapters/s3/storage';
import { countBulkCall } from '../../functions/core/fairness/bulk-rate';
import { errorBodySchema } from '../../shared/errors';
import {
  approvalRuleSchema,
  BULK_CALLS_PER_MINUTE,
  type BulkResult,
  bulkResultSchema,
  categorySchema,
  invoiceEventSchema,
  invoiceSchema,
  pageOf,
  propertySchema,
  type Role,
  userSchema,
} from '../../shared/schemas';
import { type Api, startTestStack, type TestStack } from '../helpers/local-stack';
import { createReadyInvoice } from '../helpers/ready-invoice';
import { body } from '../helpers/responses';
import { until } from '../helpers/until';

/**
 * Bulk work on the Invoices list (issue 35) against the real local parts and the QuickBooks fake: each
 * invoice is decided on its own by the single action's use-case, so approval rules, rights, versions and
 * the outbox hold, and the answer lists every invoice with what was done or why not. Another
 * organization's invoices are "not found" and never touched.
 */
let stack: TestStack;
let orgId: string;
interface Person {
  api: Api;
  id: string;
}
/** Ada administers; Bea approves; Max uploads and codes, and cannot approve. */
let ada: Person;
let bea: Person;
let max: Person;
/** Someone in another organization, and one of their invoices. */
let outsiderOrg: string;
let foreignInvoice: string;
const run = randomUUID().slice(0, 8);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const me = async (api: Api) => body(await api('/api/auth/user'), 200, userSchema);
const failure = (response: Response, status: number) => body(response, status, errorBodySchema);

async function invited(role: Role, firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${run}@example.com`;
  const response = await ada.api('/api/organization/invitations', { method: 'POST', json: { email, role } });
  expect(response.status, await response.clone().text()).toBe(201);
  const person = await stack.newUser({ email, firstName, lastName: 'Tester' });
  return { api: person.api, id: (await me(person.api)).id };
}

const bulk = (by: Person, action: string, json: unknown) =>
  by.api(`/api/invoices/bulk/${action}`, { method: 'POST', json });
const result = async (response: Response) => body(response, 200, bulkResultSchema);
const outcomeOf = (answer: BulkResult, id: string) => answer.items.find((i) => i.id === id);

/** A ready (PROCESSED) invoice uploaded by Max, as the workflow leaves one, with its file: its id. */
let serial = 0;
async function ready(totalAmount: number, fields: Record<string, unknown> = {}) {
  const invoiceNumber = `BLK-${run}-${++serial}`;
  const id = await createReadyInvoice(orgId, max.id, {
    invoiceNumber,
    vendorName: `Harbor Mechanical ${serial} LLC`,
    invoiceDate: '2025-03-01',
    dueDate: '2025-03-31',
    subtotal: totalAmount,
    taxAmount: 0,
    totalAmount,
    currency: 'USD',
    ...fields,
  });
  // The sync attaches the file to the bill.
  await putObject(objectKeyFor(orgId, id, 'bill.pdf'), PDF, 'application/pdf');
  return id;
}

const invoice = async (id: string) => body(await ada.api(`/api/invoices/${id}`), 200, invoiceSchema);

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueRetryBaseSeconds: 1 });
  const first = await stack.newUser({ firstName: 'Ada', lastName: 'Admin' });
  const user = await me(first.api);
  orgId = user.organization.id;
  ada = { api: first.api, id: user.id };
  bea = await invited('APPROVER', 'Bea');
  max = await invited('MEMBER', 'Max');
  const outsider = await stack.newUser();
  outsiderOrg = (await me(outsider.api)).organization.id;
  foreignInvoice = await createReadyInvoice(outsiderOrg, 'someone', { invoiceNumber: 'THEIRS-1' });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('bulk approve', () => {
  it('approves exactly the 50 invoices it may, reports the others with reasons, and syncs each approved bill once', async () => {
    await body(
      await ada.api('/api/organization/approval-rules', {
        method: 'POST',
        json: { name: 'Over $10,000', minAmount: 10_000, approvalsRequired: 2 },
      }),
      201,
      approvalRuleSchema,
    );
    await createIntegration(orgId, {
      name: 'Books',
      type: 'QUICKBOOKS',
      config: {
        apiUrl: stack.quickbooks.url,
        realmId: '778',
        apiKey: stack.quickbooks.accessToken,
        defaultAccountId: '7',
      },
    });
    // Every fifth invoice is over $10,000: its rule needs two approvers.
    const ids: string[] = [];
    for (let n = 0; n < 50; n++) ids.push(await ready(n % 5 === 0 ? 12_000 + n : 100 + n + 0.25));
    const big = ids.filter((_, n) => n % 5 === 0);
    const small = ids.filter((_, n) => n % 5 !== 0);

    // What Ada sees when she selects them: the list, with each invoice's version.
    const listed = await body(await ada.api('/api/invoices?limit=100'), 200, pageOf(invoiceSchema));
    const versions = Object.fromEntries(listed.items.map((i) => [i.id, i.version]));
    expect(ids.every((id) => versions[id] !== undefined)).toBe(true);
    // Max corrects one meanwhile.
    const edited = small[3];
    const saved = await max.api(`/api/invoices/${edited}`, {
      method: 'PUT',
      json: { version: versions[edited], notes: 'Second page attached' },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    // A member may not approve at all: the whole call is refused, nothing is touched.
    expect((await failure(await bulk(max, 'approve', { ids, versions }), 403)).message).toBe(
      'You are not an approver for this invoice',
    );

    const first = await result(await bulk(ada, 'approve', { ids: [...ids, foreignInvoice], versions }));
    expect(first.items.map((i) => i.id)).toEqual([...ids, foreignInvoice]);
    expect([first.done, first.waiting, first.skipped]).toEqual([39, 10, 2]);
    for (const id of small.filter((id) => id !== edited))
      expect(outcomeOf(first, id)).toMatchObject({
        outcome: 'done',
        message: 'Approved',
        status: 'APPROVED',
      });
    for (const id of big)
      expect(outcomeOf(first, id)).toMatchObject({
        outcome: 'waiting',
        message: 'Your approval is recorded: it needs a second approver',
        status: 'PROCESSED',
      });
    expect(outcomeOf(first, edited)).toMatchObject({
      outcome: 'skipped',
      message: 'Changed since you selected it',
      status: 'PROCESSED',
      invoiceNumber: expect.stringMatching(/^BLK-/),
    });
    expect(outcomeOf(first, foreignInvoice)).toEqual({
      id: foreignInvoice,
      invoiceNumber: null,
      vendorName: null,
      outcome: 'skipped',
      message: 'Invoice not found',
      status: null,
    });
    // The other organization's invoice was never touched.
    expect(await findInvoice(outsiderOrg, foreignInvoice)).toMatchObject({ status: 'PROCESSED', version: 1 });
    expect((await invoice(edited)).status).toBe('PROCESSED');

    // Bea gives the second approvals; Ada's own again are refused one by one, with the reason.
    const second = await result(await bulk(bea, 'approve', { ids: [...big, small[0]] }));
    expect([second.done, second.waiting, second.skipped]).toEqual([10, 0, 1]);
    expect(outcomeOf(second, small[0])?.message).toBe('Cannot approve an invoice that is approved');
    const again = await result(await bulk(ada, 'approve', { ids: big.slice(0, 2) }));
    expect(again.items.map((i) => i.message)).toEqual([
      'Cannot approve an invoice that is approved',
      'Cannot approve an invoice that is approved',
    ]);

    const approved = ids.filter((id) => id !== edited);
    const { items: events } = await body(
      await ada.api(`/api/invoices/${big[0]}/events`),
      200,
      pageOf(invoiceEventSchema),
    );
    expect(
      events.filter((e) => e.type === 'approval_recorded' || e.type === 'approved').map((e) => e.actor),
    ).toEqual(expect.arrayContaining([ada.id, bea.id]));

    // The sync books each approved invoice once, and nothing for the one skipped.
    await until(
      'every approved invoice synced',
      async () => {
        const all = await Promise.all(approved.map((id) => findInvoice(orgId, id)));
        return all.every((i) => i?.syncResults?.some((r) => r.status === 'SYNCED'));
      },
      120_000,
    );
    await stack.outbox.drained();
    const numbers = new Map(listed.items.map((i) => [i.id, i.invoiceNumber]));
    const booked = stack.quickbooks.bills.map((b) => b.DocNumber);
    for (const id of approved) expect(booked.filter((n) => n === numbers.get(id))).toHaveLength(1);
    expect(booked).not.toContain(numbers.get(edited));
    expect(booked).toHaveLength(approved.length);
  }, 240_000);
});

describe('bulk reject, edit, delete and export', () => {
  it('rejects with one reason what may be rejected, and says why not for the rest', async () => {
    const [a, b, done] = [await ready(50), await ready(60), await ready(70)];
    await body(
      await ada.api(`/api/invoices/${done}/approve`, { method: 'POST', json: {} }),
      201,
      invoiceSchema,
    );
    expect((await failure(await bulk(ada, 'reject', { ids: [a], reason: '  ' }), 400)).message).toMatch(
      /Rejection reason required/,
    );
    const answer = await result(await bulk(bea, 'reject', { ids: [a, b, done, a], reason: 'Billed twice' }));
    expect(answer.items.map((i) => [i.id, i.outcome, i.message])).toEqual([
      [a, 'done', 'Rejected'],
      [b, 'done', 'Rejected'],
      [done, 'skipped', 'Cannot reject an invoice that is approved'],
    ]);
    expect(await invoice(a)).toMatchObject({ status: 'REJECTED', rejectionReason: 'Billed twice' });
  });

  it('sets a property and a category, refuses another organization’s property, and skips what already has it', async () => {
    const property = async (as: Api, name: string) =>
      body(
        await as('/api/properties', {
          method: 'POST',
          json: { name, address: `${name} Way 1`, propertyType: 'APARTMENT' },
        }),
        201,
        propertySchema,
      );
    const maple = await property(ada.api, 'Maple Court');
    const theirs = await property((await stack.newUser()).api, 'Their tower');
    const category = (await body(await ada.api('/api/categories'), 200, pageOf(categorySchema))).items[0];
    const [a, b] = [await ready(80), await ready(90)];
    const refused = await failure(await bulk(max, 'edit', { ids: [a], propertyId: theirs.id }), 400);
    expect(refused.message).toBe('The property does not exist in your organization');
    expect((await invoice(a)).propertyId).toBeNull();
    expect((await failure(await bulk(max, 'edit', { ids: [a] }), 400)).message).toMatch(
      /Choose a property or a category/,
    );

    const set = await result(
      await bulk(max, 'edit', { ids: [a, b], propertyId: maple.id, categoryId: category.id }),
    );
    expect(set.items.map((i) => [i.outcome, i.message])).toEqual([
      ['done', 'Property and category set'],
      ['done', 'Property and category set'],
    ]);
    expect(await invoice(b)).toMatchObject({
      propertyId: maple.id,
      categoryId: category.id,
      categoryName: category.name,
    });
    const same = await result(await bulk(max, 'edit', { ids: [b], propertyId: maple.id }));
    expect(same.items[0]).toMatchObject({ outcome: 'skipped', message: 'Already has this property' });

    // The CSV of chosen invoices: only this organization's, with the property's name.
    const csv = await ada.api(`/api/invoices/export.csv?ids=${a},${b},${foreignInvoice}`);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    const header = lines[0].split(',');
    expect(lines).toHaveLength(3);
    const at = (line: string, column: string) => line.split(',')[header.indexOf(column)];
    expect(lines.slice(1).map((l) => [at(l, 'Invoice ID'), at(l, 'Property')])).toEqual(
      expect.arrayContaining([
        [a, 'Maple Court'],
        [b, 'Maple Court'],
      ]),
    );
    expect((await ada.api(`/api/invoices/export.csv?ids=${Array(101).fill(a).join(',')}`)).status).toBe(400);
  });

  it('deletes this organization’s invoices only, and refuses more than 100 at a time', async () => {
    const [a, b] = [await ready(10), await ready(20)];
    const tooMany = Array.from({ length: 101 }, () => a);
    expect((await failure(await bulk(max, 'delete', { ids: tooMany }), 400)).message).toMatch(
      /At most 100 invoices at a time/,
    );
    const answer = await result(
      await bulk(max, 'delete', { ids: [a, foreignInvoice, b], versions: { [b]: 99 } }),
    );
    expect(answer.items.map((i) => [i.outcome, i.message])).toEqual([
      ['done', 'Deleted'],
      ['skipped', 'Invoice not found'],
      ['skipped', 'Changed since you selected it'],
    ]);
    expect(answer.items[0].status).toBeNull();
    expect((await ada.api(`/api/invoices/${a}`)).status).toBe(404);
    expect((await invoice(b)).status).toBe('PROCESSED');
    expect(await findInvoice(outsiderOrg, foreignInvoice)).toBeDefined();
  });
});

describe('the bulk rate limit', () => {
  it(`allows ${BULK_CALLS_PER_MINUTE} bulk calls a minute per organization, then refuses with when to try again`, async () => {
    const org = `ORG-${run}`;
    // 20 s into a minute: 40 s are left in its window.
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 20_000;
    for (let n = 0; n < BULK_CALLS_PER_MINUTE; n++) await countBulkCall(org, now);
    const refused = await countBulkCall(org, now).catch((error) => error);
    expect(refused).toMatchObject({
      kind: 'quota',
      code: 'bulk_rate_limited',
      retryAfterSeconds: 40,
      message: `Too many bulk actions: try again in 40 seconds (at most ${BULK_CALLS_PER_MINUTE} a minute)`,
    });
    // The next minute is a new window; other organizations were never held back.
    await expect(countBulkCall(org, now + 60_000)).resolves.toBeUndefined();
    await expect(countBulkCall(`${org}-other`, now)).resolves.toBeUndefined();
  });
});
